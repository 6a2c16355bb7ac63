-- Issue 16 §4: the headlines moved to their own database (NEWS_DB, migrations-news/). This drops
-- them here. In production it must run only AFTER the one-off copy (docs/RELIABILITY.md §4), so it
-- guards itself: while news_items still holds rows, it aborts (a CHECK fails) unless the operator
-- has created the marker table `news_copy_verified` after checking the copy. Empty databases (fresh
-- local runs, tests) pass straight through.
CREATE TABLE IF NOT EXISTS `_news_move_guard` (`ok` integer NOT NULL CHECK (`ok` = 1));
--> statement-breakpoint
INSERT INTO `_news_move_guard` (`ok`) SELECT
  NOT EXISTS (SELECT 1 FROM `news_items`)
  OR EXISTS (SELECT 1 FROM `sqlite_master` WHERE `type` = 'table' AND `name` = 'news_copy_verified');
--> statement-breakpoint
DROP TABLE `_news_move_guard`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `news_items_fts_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `news_items_fts_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `news_items_fts_update`;--> statement-breakpoint
DROP TABLE IF EXISTS `news_fts`;--> statement-breakpoint
DROP TABLE `price_checks`;--> statement-breakpoint
DROP TABLE `news_item_symbols`;--> statement-breakpoint
DROP TABLE `news_items`;--> statement-breakpoint
DROP TABLE IF EXISTS `news_copy_verified`;
