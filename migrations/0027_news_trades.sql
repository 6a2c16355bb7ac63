-- News trades scored (issue 32): an order placed from a headline keeps the headline's id, and
-- news_trades holds what scoring needs from the headline (copied from the news database at the
-- order, so no read joins the two databases) with the figures measured as their windows elapse:
-- the price 1, 5 and 15 minutes after entry, at close, and the headline's own moves after publish
-- (the hypothetical entry at publication). due_at is when the scorer next looks (NULL: finished);
-- the minute cron reads only rows due by now, through news_trades_due_idx.
ALTER TABLE `orders` ADD COLUMN `headline_id` integer;
--> statement-breakpoint
CREATE TABLE `news_trades` (
	`order_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`account_id` text NOT NULL,
	`exchange` text NOT NULL,
	`symbol` text NOT NULL,
	`side` text NOT NULL,
	`order_at` integer NOT NULL,
	`headline_id` integer NOT NULL,
	`headline_title` text NOT NULL,
	`headline_source` text NOT NULL,
	`headline_importance` text NOT NULL,
	`headline_kind` text NOT NULL,
	`published_at` integer NOT NULL,
	`publish_price` real,
	`entry_at` integer,
	`entry_price` real,
	`quantity` real,
	`price_m1` real,
	`price_m5` real,
	`price_m15` real,
	`close_price` real,
	`close_at` integer,
	`closed` integer DEFAULT 0 NOT NULL,
	`move_m1` real,
	`move_m5` real,
	`move_m15` real,
	`stage` text NOT NULL,
	`due_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `news_trades_due_idx` ON `news_trades` (`due_at`) WHERE `due_at` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `news_trades_user_idx` ON `news_trades` (`user_id`,`order_at`);
--> statement-breakpoint
CREATE INDEX `news_trades_order_at_idx` ON `news_trades` (`order_at`);
