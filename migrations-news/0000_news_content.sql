-- The news database (binding NEWS_DB, issue 16 §4): the headlines and what hangs off them, in the
-- final shape they had in the main database (its migrations 0002, 0003, 0005 and 0016). The main
-- database drops them in its 0017; the one-off copy of production rows is in docs/RELIABILITY.md §4.
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
CREATE TABLE `news_item_symbols` (
	`symbol` text NOT NULL,
	`ts` integer NOT NULL,
	`item_id` integer NOT NULL,
	PRIMARY KEY(`symbol`, `ts`, `item_id`),
	FOREIGN KEY (`item_id`) REFERENCES `news_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Deleting an old headline cascades to its symbol rows: without this index each delete scans them.
CREATE INDEX `news_item_symbols_item_idx` ON `news_item_symbols` (`item_id`);--> statement-breakpoint
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
-- Full-text search over news titles and bodies (FTS5, external content = news_items).
CREATE VIRTUAL TABLE `news_fts` USING fts5(title, body, author, content='news_items', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `news_items_fts_insert` AFTER INSERT ON `news_items` BEGIN
  INSERT INTO news_fts(rowid, title, body, author) VALUES (new.id, new.title, coalesce(new.body, ''), coalesce(new.author, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `news_items_fts_delete` AFTER DELETE ON `news_items` BEGIN
  INSERT INTO news_fts(news_fts, rowid, title, body, author) VALUES ('delete', old.id, old.title, coalesce(old.body, ''), coalesce(old.author, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `news_items_fts_update` AFTER UPDATE OF title, body, author ON `news_items` BEGIN
  INSERT INTO news_fts(news_fts, rowid, title, body, author) VALUES ('delete', old.id, old.title, coalesce(old.body, ''), coalesce(old.author, ''));
  INSERT INTO news_fts(rowid, title, body, author) VALUES (new.id, new.title, coalesce(new.body, ''), coalesce(new.author, ''));
END;
--> statement-breakpoint
-- Ingest writes small FTS segments only (no automerge stall inside the insert); the minute cron
-- merges them (news-index-merge.ts).
INSERT INTO `news_fts` (`news_fts`, `rank`) VALUES ('automerge', 0);
