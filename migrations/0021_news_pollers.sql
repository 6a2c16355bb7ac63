-- Issue 29: news sources are read by Durable Objects on alarms (one per source or polling session),
-- not by the minute cron. Each poller reports its health here (state, interval, rate-limit wait,
-- last item, failures, watchdog re-arms), at most every few seconds and on every change: the
-- sources page and System status read it, and the minute watchdog reports stalled pollers.
CREATE TABLE `news_pollers` (
	`key` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`target_id` text NOT NULL,
	`state` text NOT NULL,
	`interval_ms` integer,
	`next_at` integer,
	`last_poll_at` integer,
	`last_ok_at` integer,
	`last_item_at` integer,
	`rate_limited_until` integer,
	`last_error` text,
	`consecutive_failures` integer DEFAULT 0 NOT NULL,
	`connected_since` integer,
	`polls` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`counted_since` integer NOT NULL,
	`rearmed_at` integer,
	`rearms` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `news_pollers_target_idx` ON `news_pollers` (`target_id`);
