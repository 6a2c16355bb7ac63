-- Order entry (issue 15): every order with its status history, risk-check result, exchange ids and
-- timings; the risk team's trading-off switches; the simulated venue's own memory (its orders by
-- client id, and the positions its fills add to the simulated accounts).
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`account_email` text NOT NULL,
	`exchange` text NOT NULL,
	`client_order_id` text NOT NULL,
	`symbol` text NOT NULL,
	`side` text NOT NULL,
	`reduce_only` integer NOT NULL,
	`requested_notional` real,
	`requested_quantity` real,
	`quantity` real NOT NULL,
	`mark_price` real NOT NULL,
	`fill_price` real,
	`filled_quantity` real,
	`status` text NOT NULL,
	`status_history` text NOT NULL,
	`risk_check` text NOT NULL,
	`error` text,
	`exchange_order_id` text,
	`keypress_at` integer,
	`received_at` integer NOT NULL,
	`sent_at` integer,
	`ack_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `exchange_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_user_client_uq` ON `orders` (`user_id`,`client_order_id`);
--> statement-breakpoint
CREATE INDEX `orders_account_idx` ON `orders` (`account_id`,`received_at`);
--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`received_at`);
--> statement-breakpoint
CREATE TABLE `trading_halts` (
	`scope` text PRIMARY KEY NOT NULL,
	`trader_id` text,
	`reason` text,
	`halted_by` text NOT NULL,
	`halted_at` integer NOT NULL,
	FOREIGN KEY (`trader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sim_orders` (
	`account_email` text NOT NULL,
	`client_order_id` text NOT NULL,
	`exchange_order_id` text NOT NULL,
	`symbol` text NOT NULL,
	`side` text NOT NULL,
	`quantity` real NOT NULL,
	`price` real NOT NULL,
	`ts` integer NOT NULL,
	PRIMARY KEY(`account_email`, `client_order_id`)
);
--> statement-breakpoint
CREATE TABLE `sim_positions` (
	`account_email` text NOT NULL,
	`symbol` text NOT NULL,
	`quantity` real NOT NULL,
	`entry_price` real NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`account_email`, `symbol`)
);
