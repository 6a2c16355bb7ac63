-- Limit and protective orders, and what was earned. An order has a type (MARKET, LIMIT, STOP_MARKET,
-- TAKE_PROFIT_MARKET), a time in force and a limit price (LIMIT), a trigger (protective orders,
-- which close the position they belong to: parent_order_id is the entry they protect).
ALTER TABLE `orders` ADD `type` text DEFAULT 'MARKET' NOT NULL;
--> statement-breakpoint
ALTER TABLE `orders` ADD `time_in_force` text;
--> statement-breakpoint
ALTER TABLE `orders` ADD `price` real;
--> statement-breakpoint
ALTER TABLE `orders` ADD `trigger_price` real;
--> statement-breakpoint
ALTER TABLE `orders` ADD `parent_order_id` text;
--> statement-breakpoint
-- Orders still working at the exchange (resting limits, waiting triggers), for the per-trader sweep.
CREATE INDEX `orders_open_idx` ON `orders` (`user_id`, `status`) WHERE `status` = 'open';
--> statement-breakpoint
-- The simulated exchange's orders: resting ones wait here for its price path (status NEW).
ALTER TABLE `sim_orders` ADD `status` text DEFAULT 'FILLED' NOT NULL;
--> statement-breakpoint
ALTER TABLE `sim_orders` ADD `type` text DEFAULT 'MARKET' NOT NULL;
--> statement-breakpoint
ALTER TABLE `sim_orders` ADD `time_in_force` text;
--> statement-breakpoint
ALTER TABLE `sim_orders` ADD `limit_price` real;
--> statement-breakpoint
ALTER TABLE `sim_orders` ADD `trigger_price` real;
--> statement-breakpoint
ALTER TABLE `sim_orders` ADD `filled_quantity` real DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `sim_orders` ADD `reduce_only` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `sim_orders` ADD `swept_at` integer;
--> statement-breakpoint
UPDATE `sim_orders` SET `filled_quantity` = `quantity`;
--> statement-breakpoint
CREATE INDEX `sim_orders_open_idx` ON `sim_orders` (`account_email`, `status`) WHERE `status` = 'NEW';
--> statement-breakpoint
-- Every fill (trade) of an account: from the exchange's trade history (Binance userTrades, stored
-- incrementally) or the simulated exchange. Fees in their asset and in USD; realized PnL of the fill.
CREATE TABLE `account_fills` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`order_id` text,
	`exchange_order_id` text,
	`symbol` text NOT NULL,
	`side` text NOT NULL,
	`price` real NOT NULL,
	`quantity` real NOT NULL,
	`fee` real NOT NULL,
	`fee_asset` text NOT NULL,
	`fee_usd` real NOT NULL,
	`realized_pnl` real NOT NULL,
	`maker` integer NOT NULL,
	`ts` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `exchange_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_fills_account_ts_idx` ON `account_fills` (`account_id`, `ts`);
--> statement-breakpoint
-- Funding payments (and other income the trade history does not carry), per account.
CREATE TABLE `account_income` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`symbol` text,
	`amount_usd` real NOT NULL,
	`ts` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `exchange_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_income_account_ts_idx` ON `account_income` (`account_id`, `ts`);
