-- Risk team (issue 12): the daily rollup the stats read, the limits with their change log, and breaches.
CREATE TABLE `account_daily` (
	`account_id` text NOT NULL,
	`day` integer NOT NULL,
	`open_ts` integer NOT NULL,
	`open_equity` real NOT NULL,
	`close_ts` integer NOT NULL,
	`close_equity` real NOT NULL,
	`min_equity` real NOT NULL,
	`max_equity` real NOT NULL,
	`leverage_sum` real NOT NULL,
	`samples` integer NOT NULL,
	`peak_leverage` real NOT NULL,
	`peak_notional` real NOT NULL,
	`close_notional` real NOT NULL,
	`close_net_notional` real NOT NULL,
	PRIMARY KEY(`account_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `account_daily_day_idx` ON `account_daily` (`day`);
--> statement-breakpoint
CREATE TABLE `risk_limits` (
	`id` text PRIMARY KEY NOT NULL,
	`trader_id` text,
	`kind` text NOT NULL,
	`value` real NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`trader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `risk_limits_firm_uq` ON `risk_limits` (`kind`) WHERE `trader_id` IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `risk_limits_trader_uq` ON `risk_limits` (`trader_id`,`kind`) WHERE `trader_id` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `risk_limit_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`trader_id` text,
	`kind` text NOT NULL,
	`old_value` real,
	`new_value` real,
	`changed_by` text NOT NULL,
	`changed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `risk_limit_changes_at_idx` ON `risk_limit_changes` (`changed_at`);
--> statement-breakpoint
CREATE TABLE `risk_breaches` (
	`id` text PRIMARY KEY NOT NULL,
	`trader_id` text,
	`kind` text NOT NULL,
	`scope_key` text NOT NULL,
	`symbol` text,
	`limit_value` real NOT NULL,
	`opened_value` real NOT NULL,
	`last_value` real NOT NULL,
	`worst_value` real NOT NULL,
	`opened_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`closed_at` integer,
	`acknowledged_at` integer,
	`acknowledged_by` text,
	`ack_note` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `risk_breaches_open_uq` ON `risk_breaches` (`scope_key`,`kind`) WHERE `closed_at` IS NULL;
--> statement-breakpoint
CREATE INDEX `risk_breaches_opened_idx` ON `risk_breaches` (`opened_at`);
--> statement-breakpoint
CREATE INDEX `risk_breaches_trader_idx` ON `risk_breaches` (`trader_id`,`opened_at`);
