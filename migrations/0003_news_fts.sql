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
