CREATE TABLE `account_refresh` (
	`account_id` text PRIMARY KEY NOT NULL,
	`futures_at` integer,
	`spot_at` integer,
	`spot_balances` text,
	FOREIGN KEY (`account_id`) REFERENCES `exchange_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `snapshot_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`scheduled_at` integer NOT NULL,
	`accounts` integer NOT NULL,
	`enqueued_at` integer NOT NULL,
	`done_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `snapshot_batches_pending_idx` ON `snapshot_batches` (`done_at`,`enqueued_at`);--> statement-breakpoint
CREATE TABLE `queue_dead_letters` (
	`message_id` text PRIMARY KEY NOT NULL,
	`queue` text NOT NULL,
	`batch_id` text,
	`body` text NOT NULL,
	`attempts` integer NOT NULL,
	`recorded_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `queue_dead_letters_recorded_idx` ON `queue_dead_letters` (`recorded_at`);--> statement-breakpoint
CREATE TABLE `cron_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scheduled_at` integer NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`failed_jobs` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cron_runs_started_idx` ON `cron_runs` (`started_at`);
