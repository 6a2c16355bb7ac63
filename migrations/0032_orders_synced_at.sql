-- When the minute cron last asked the exchange about an open order (worker/domains/orders/open-orders-sync.ts):
-- a resting order whose answer changes nothing keeps its updated_at, so only this column lets the
-- cron's bounded run rotate through every open order, least recently asked first.
ALTER TABLE `orders` ADD `synced_at` integer;
--> statement-breakpoint
CREATE INDEX `orders_open_synced_idx` ON `orders` (`synced_at`) WHERE `status` = 'open';
