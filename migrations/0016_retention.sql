-- Issue 16 §4: storage that fits. Deleting an old headline cascades to its symbol rows, which
-- needs an index led by item_id; measured price checks are deleted from now on, so drop the old ones.
CREATE INDEX `news_item_symbols_item_idx` ON `news_item_symbols` (`item_id`);--> statement-breakpoint
DELETE FROM `price_checks` WHERE `done` = 1;
