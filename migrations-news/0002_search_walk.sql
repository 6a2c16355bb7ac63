-- Search that reads about a page (docs/PERFORMANCE.md, "Search at 5M").
--
-- 1. The FTS5 index also carries the feed's filters as tokens in a fourth column, search_tags
--    ("impcritical", "symbtc", "flaggarbage", "flagtest"), so a search with importance, symbol and
--    garbage/test filters is one lazy walk of the index, newest rowid first, that stops at the page.
--    The column is generated from the item's own columns, so the index can never disagree with them.
ALTER TABLE `news_items` ADD COLUMN `search_tags` text GENERATED ALWAYS AS (
  'imp' || `importance` || ' ' || replace(replace(replace(`symbols`, '","', ' sym'), '["', 'sym'), '"]', '')
  || CASE WHEN `is_garbage` THEN ' flaggarbage' ELSE '' END
  || CASE WHEN `is_test` THEN ' flagtest' ELSE '' END
) VIRTUAL;
--> statement-breakpoint
DROP TRIGGER `news_items_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `news_items_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `news_items_fts_update`;
--> statement-breakpoint
DROP TABLE `news_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `news_fts` USING fts5(title, body, author, search_tags, content='news_items', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
-- 2. Every distinct word of the titles, bodies and authors, so the search box's last word ("expl")
--    becomes an OR of the words it begins ("exploit" OR "exploited"), which FTS5 walks lazily; a
--    prefix query merges every match of the prefix into memory first (625,000 rowids for "exploit*"
--    at 5M items). The words come from the same tokenizer as the index: each new item passes through
--    news_fts_tokenizer (contentless, emptied again at once) and its vocabulary is kept here. Words
--    of deleted items stay: an extra word only adds an empty branch to the OR.
CREATE TABLE `news_fts_terms` (`term` text PRIMARY KEY NOT NULL) WITHOUT ROWID;
--> statement-breakpoint
CREATE VIRTUAL TABLE `news_fts_tokenizer` USING fts5(title, body, author, content='', detail=none, tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE VIRTUAL TABLE `news_fts_tokenizer_vocab` USING fts5vocab('news_fts_tokenizer', 'row');
--> statement-breakpoint
CREATE TRIGGER `news_items_fts_insert` AFTER INSERT ON `news_items` BEGIN
  INSERT INTO news_fts(rowid, title, body, author, search_tags) VALUES (new.id, new.title, coalesce(new.body, ''), coalesce(new.author, ''), new.search_tags);
  INSERT INTO news_fts_tokenizer(rowid, title, body, author) VALUES (1, new.title, coalesce(new.body, ''), coalesce(new.author, ''));
  INSERT OR IGNORE INTO news_fts_terms(term) SELECT term FROM news_fts_tokenizer_vocab;
  INSERT INTO news_fts_tokenizer(news_fts_tokenizer) VALUES ('delete-all');
END;
--> statement-breakpoint
CREATE TRIGGER `news_items_fts_delete` AFTER DELETE ON `news_items` BEGIN
  INSERT INTO news_fts(news_fts, rowid, title, body, author, search_tags) VALUES ('delete', old.id, old.title, coalesce(old.body, ''), coalesce(old.author, ''), old.search_tags);
END;
--> statement-breakpoint
CREATE TRIGGER `news_items_fts_update` AFTER UPDATE OF title, body, author, importance, symbols, is_garbage, is_test ON `news_items` BEGIN
  INSERT INTO news_fts(news_fts, rowid, title, body, author, search_tags) VALUES ('delete', old.id, old.title, coalesce(old.body, ''), coalesce(old.author, ''), old.search_tags);
  INSERT INTO news_fts(rowid, title, body, author, search_tags) VALUES (new.id, new.title, coalesce(new.body, ''), coalesce(new.author, ''), new.search_tags);
  INSERT INTO news_fts_tokenizer(rowid, title, body, author) VALUES (1, new.title, coalesce(new.body, ''), coalesce(new.author, ''));
  INSERT OR IGNORE INTO news_fts_terms(term) SELECT term FROM news_fts_tokenizer_vocab;
  INSERT INTO news_fts_tokenizer(news_fts_tokenizer) VALUES ('delete-all');
END;
--> statement-breakpoint
INSERT INTO `news_fts` (`news_fts`) VALUES ('rebuild');
--> statement-breakpoint
-- Ingest writes small FTS segments only (no automerge stall inside the insert); the minute cron
-- merges them (news-index-merge.ts).
INSERT INTO `news_fts` (`news_fts`, `rank`) VALUES ('automerge', 0);
--> statement-breakpoint
-- The words of the items already stored (the tag column's tokens are not words anyone types).
CREATE VIRTUAL TABLE `news_fts_words_once` USING fts5vocab('news_fts', 'col');
--> statement-breakpoint
INSERT OR IGNORE INTO `news_fts_terms` (`term`) SELECT `term` FROM `news_fts_words_once` WHERE `col` <> 'search_tags';
--> statement-breakpoint
DROP TABLE `news_fts_words_once`;
