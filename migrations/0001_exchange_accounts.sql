CREATE TABLE `account_assignments` (
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `account_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `exchange_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_assignments_account_idx` ON `account_assignments` (`account_id`);--> statement-breakpoint
CREATE TABLE `account_latest` (
	`account_id` text PRIMARY KEY NOT NULL,
	`ts` integer NOT NULL,
	`metrics` text NOT NULL,
	`positions` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `exchange_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `exchange_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`exchange` text NOT NULL,
	`email` text NOT NULL,
	`label` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`last_snapshot_at` integer,
	`last_error_at` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exchange_accounts_exchange_email_uq` ON `exchange_accounts` (`exchange`,`email`);--> statement-breakpoint
CREATE TABLE `account_snapshots_hourly` (
	`account_id` text NOT NULL,
	`ts` integer NOT NULL,
	`total_balance` real NOT NULL,
	`futures_balance` real NOT NULL,
	`spot_balance` real NOT NULL,
	`futures_upnl` real NOT NULL,
	`total_upnl` real NOT NULL,
	`notional` real NOT NULL,
	`leverage` real,
	`btc_price` real NOT NULL,
	`positions_count` integer NOT NULL,
	`min_total_balance` real NOT NULL,
	`max_total_balance` real NOT NULL,
	PRIMARY KEY(`account_id`, `ts`)
);
--> statement-breakpoint
CREATE TABLE `account_snapshots_minute` (
	`account_id` text NOT NULL,
	`ts` integer NOT NULL,
	`total_balance` real NOT NULL,
	`futures_balance` real NOT NULL,
	`spot_balance` real NOT NULL,
	`futures_upnl` real NOT NULL,
	`total_upnl` real NOT NULL,
	`notional` real NOT NULL,
	`leverage` real,
	`btc_price` real NOT NULL,
	`positions_count` integer NOT NULL,
	PRIMARY KEY(`account_id`, `ts`)
);
--> statement-breakpoint
CREATE INDEX `account_snapshots_minute_ts_idx` ON `account_snapshots_minute` (`ts`);--> statement-breakpoint
CREATE TABLE `user_preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`prefs` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `alert_events` (
	`id` text PRIMARY KEY NOT NULL,
	`rule_id` text NOT NULL,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`metric` text NOT NULL,
	`operator` text NOT NULL,
	`threshold` real NOT NULL,
	`value` real NOT NULL,
	`message` text NOT NULL,
	`fired_at` integer NOT NULL,
	`acknowledged_at` integer,
	FOREIGN KEY (`rule_id`) REFERENCES `alert_rules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_events_user_fired_idx` ON `alert_events` (`user_id`,`fired_at`);--> statement-breakpoint
CREATE TABLE `alert_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`metric` text NOT NULL,
	`operator` text NOT NULL,
	`threshold` real NOT NULL,
	`cooldown_seconds` integer NOT NULL,
	`channels` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`last_value` real,
	`last_fired_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `exchange_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_rules_account_idx` ON `alert_rules` (`account_id`);--> statement-breakpoint
CREATE INDEX `alert_rules_user_idx` ON `alert_rules` (`user_id`);