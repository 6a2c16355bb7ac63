-- Fills, realized PnL, funding and fees (issue 31): what was earned, imported exactly once.
-- The trader a fill belongs to: the one whose order it filled (null for a fill of an order placed
-- outside Meridian; the account's traders still see it).
ALTER TABLE `account_fills` ADD `user_id` text;
--> statement-breakpoint
CREATE INDEX `account_fills_user_ts_idx` ON `account_fills` (`user_id`, `ts`);
--> statement-breakpoint
-- Where each account's import stands, per stream: 'sim' (the simulated venue's fill sequence),
-- 'funding' (the simulated venue's last funding time), 'income' (Binance income time),
-- 'trades:<SYMBOL>' (Binance userTrades' next fromId). A cursor only moves forward.
CREATE TABLE `fill_cursors` (
	`account_id` text NOT NULL,
	`stream` text NOT NULL,
	`cursor` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `stream`),
	FOREIGN KEY (`account_id`) REFERENCES `exchange_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The simulated venue records each fill with the account's position in the symbol just before it
-- (written in the same transaction as the fill), so its realized PnL follows from the row alone;
-- fill_seq orders an account's fills as they were written (a resting order fills after it was placed).
ALTER TABLE `sim_orders` ADD `fill_seq` integer;
--> statement-breakpoint
ALTER TABLE `sim_orders` ADD `pre_quantity` real;
--> statement-breakpoint
ALTER TABLE `sim_orders` ADD `pre_entry_price` real;
--> statement-breakpoint
ALTER TABLE `sim_orders` ADD `maker` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX `sim_orders_fill_seq_idx` ON `sim_orders` (`account_email`, `fill_seq`) WHERE `fill_seq` IS NOT NULL;
