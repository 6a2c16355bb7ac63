-- The pre-trade gate (domains/orders/gate): an order remembers the gates it passed (the traders the
-- account is assigned to) so its fill settles each; the client id sent to the exchange is derived
-- from the user and the browser's id (users sharing an account never collide); the firm gate reads
-- the snapshot times of accounts that traded a symbol lately (orders by symbol and time).
ALTER TABLE `orders` ADD `venue_client_id` text;
--> statement-breakpoint
ALTER TABLE `orders` ADD `gates` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
UPDATE `orders` SET `venue_client_id` = `client_order_id`, `gates` = json_array(`user_id`);
--> statement-breakpoint
CREATE INDEX `orders_symbol_idx` ON `orders` (`symbol`,`received_at`);
--> statement-breakpoint
-- A refusal on zero or negative equity stored its unbounded leverage as null: say so, so every
-- stored row reads back (listOrders).
UPDATE `orders` SET `risk_check` = json_set(`risk_check`, '$.unbounded', json('true'))
WHERE json_extract(`risk_check`, '$.passed') = 0 AND json_type(`risk_check`, '$.value') = 'null';
--> statement-breakpoint
-- Every switch of trading on or off, by whom and when (trading_halts keeps only the current state).
CREATE TABLE `trading_switch_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scope` text NOT NULL,
	`trader_id` text,
	`enabled` integer NOT NULL,
	`reason` text,
	`changed_by` text NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`trader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trading_switch_changes_at_idx` ON `trading_switch_changes` (`changed_at`);
