-- Issue 12 speed: states the minute cron computes once for every reader (the evaluated desk state that getAllTradersLatestMetrics reads,
-- the default range's stats), and the risk stats of settled days per series (the stats computation only
-- adds the unsettled days' rollup rows on top).
CREATE TABLE `risk_desk_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`evaluated_at` integer NOT NULL,
	`state` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `risk_stats_base` (
	`from_day` integer NOT NULL,
	`upto_day` integer NOT NULL,
	`series_key` text NOT NULL,
	`accounts` text NOT NULL,
	`fold` text NOT NULL,
	PRIMARY KEY(`from_day`, `upto_day`, `series_key`)
);
