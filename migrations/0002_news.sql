CREATE TABLE `banned_mappings` (
	`id` text PRIMARY KEY NOT NULL,
	`terms` text NOT NULL,
	`symbols` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `custom_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`priority` integer DEFAULT 100 NOT NULL,
	`conditions` text NOT NULL,
	`actions` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `news_item_symbols` (
	`symbol` text NOT NULL,
	`ts` integer NOT NULL,
	`item_id` integer NOT NULL,
	PRIMARY KEY(`symbol`, `ts`, `item_id`),
	FOREIGN KEY (`item_id`) REFERENCES `news_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `news_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ts` integer NOT NULL,
	`received_at` integer NOT NULL,
	`source_id` text NOT NULL,
	`source_kind` text NOT NULL,
	`external_id` text,
	`author` text,
	`title` text NOT NULL,
	`body` text,
	`url` text,
	`symbols` text NOT NULL,
	`importance` text NOT NULL,
	`is_garbage` integer DEFAULT false NOT NULL,
	`is_test` integer DEFAULT false NOT NULL,
	`dedup_key` text NOT NULL,
	`one_pct_movement` integer DEFAULT false NOT NULL,
	`metadata` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `news_items_feed_idx` ON `news_items` (`is_garbage`,`is_test`,`ts`);--> statement-breakpoint
CREATE INDEX `news_items_ts_idx` ON `news_items` (`ts`);--> statement-breakpoint
CREATE INDEX `news_items_importance_ts_idx` ON `news_items` (`importance`,`ts`);--> statement-breakpoint
CREATE INDEX `news_items_dedup_idx` ON `news_items` (`dedup_key`,`ts`);--> statement-breakpoint
CREATE UNIQUE INDEX `news_items_source_external_uq` ON `news_items` (`source_id`,`external_id`);--> statement-breakpoint
CREATE TABLE `news_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `news_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`config` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`last_success_at` integer,
	`last_error_at` integer,
	`last_error` text,
	`consecutive_failures` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`target` text NOT NULL,
	`payload` text NOT NULL,
	`dedup_key` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_dedup_key_unique` ON `outbox` (`dedup_key`);--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `performance_thresholds` (
	`id` text PRIMARY KEY NOT NULL,
	`symbol` text,
	`percent` real NOT NULL,
	`window_minutes` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `performance_thresholds_symbol_unique` ON `performance_thresholds` (`symbol`);--> statement-breakpoint
CREATE TABLE `price_checks` (
	`item_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`price_at_publish` real NOT NULL,
	`due_at` integer NOT NULL,
	`window_minutes` integer NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`item_id`, `symbol`, `window_minutes`),
	FOREIGN KEY (`item_id`) REFERENCES `news_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_checks_due_idx` ON `price_checks` (`done`,`due_at`);--> statement-breakpoint
CREATE TABLE `special_mappings` (
	`id` text PRIMARY KEY NOT NULL,
	`terms` text NOT NULL,
	`symbols` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `telegram_chats` (
	`id` text PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`title` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`min_importance` text DEFAULT 'high' NOT NULL,
	`symbols` text NOT NULL,
	`purpose` text DEFAULT 'news' NOT NULL,
	`disabled_reason` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `telegram_chats_chat_id_unique` ON `telegram_chats` (`chat_id`);--> statement-breakpoint
CREATE TABLE `twitter_handles` (
	`id` text PRIMARY KEY NOT NULL,
	`handle` text NOT NULL,
	`user_id` text,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `twitter_handles_handle_unique` ON `twitter_handles` (`handle`);--> statement-breakpoint
CREATE TABLE `twitter_polling_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`handle_ids` text NOT NULL,
	`interval_seconds` integer NOT NULL,
	`active_from_utc` text NOT NULL,
	`active_to_utc` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`cursors` text NOT NULL,
	`last_polled_at` integer,
	`rate_limited_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL
);
