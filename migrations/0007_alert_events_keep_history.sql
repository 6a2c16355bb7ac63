-- Deleting an alert rule keeps its history: alert_events.rule_id becomes nullable and is set to
-- NULL when the rule goes (was ON DELETE CASCADE). Each event already carries the rule's metric,
-- operator, threshold and message. SQLite cannot change a foreign key in place: rebuild the table,
-- keeping every row and the index. Nothing references alert_events, so dropping it is safe.
CREATE TABLE `alert_events_new` (
	`id` text PRIMARY KEY NOT NULL,
	`rule_id` text,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`metric` text NOT NULL,
	`operator` text NOT NULL,
	`threshold` real NOT NULL,
	`value` real NOT NULL,
	`message` text NOT NULL,
	`fired_at` integer NOT NULL,
	`acknowledged_at` integer,
	FOREIGN KEY (`rule_id`) REFERENCES `alert_rules`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `alert_events_new` (`id`, `rule_id`, `user_id`, `account_id`, `metric`, `operator`, `threshold`, `value`, `message`, `fired_at`, `acknowledged_at`)
SELECT `id`, `rule_id`, `user_id`, `account_id`, `metric`, `operator`, `threshold`, `value`, `message`, `fired_at`, `acknowledged_at` FROM `alert_events`;
--> statement-breakpoint
DROP TABLE `alert_events`;
--> statement-breakpoint
ALTER TABLE `alert_events_new` RENAME TO `alert_events`;
--> statement-breakpoint
CREATE INDEX `alert_events_user_fired_idx` ON `alert_events` (`user_id`,`fired_at`);
