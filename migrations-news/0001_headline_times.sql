-- Issue 29: each headline keeps the source's own publication time (null when the source gave none,
-- so its delay is unknown rather than "+0s") beside received_at, and when it was stored. Older rows
-- keep nulls: their delay is read as before (received_at − ts).
ALTER TABLE `news_items` ADD `published_at` integer;--> statement-breakpoint
ALTER TABLE `news_items` ADD `stored_at` integer;
