-- Alerts about one position (distance to liquidation) keep their state per position: each position
-- that comes near fires on its own, with the rule's cooldown counted per position
-- (worker/domains/alerts/position-alerts.ts). Deleting the rule deletes its positions' states.
CREATE TABLE `alert_position_states` (
  `rule_id` text NOT NULL REFERENCES `alert_rules`(`id`) ON DELETE CASCADE,
  `symbol` text NOT NULL,
  `last_value` real,
  `last_fired_at` integer,
  PRIMARY KEY (`rule_id`, `symbol`)
);
