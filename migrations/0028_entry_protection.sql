-- Take-profit / stop-loss at entry (issue 31): an entry keeps the trigger prices it was placed with,
-- so a resting limit has its protection attached when its fill is seen, and the terminal shows the
-- link (the protective orders themselves point back through parent_order_id).
ALTER TABLE `orders` ADD COLUMN `take_profit` real;
--> statement-breakpoint
ALTER TABLE `orders` ADD COLUMN `stop_loss` real;
