-- Which headlines hit which user's watchlists: written once per headline at ingest, read per user
-- newest first (the key's order). No foreign key to news_items: retention deletes the hits with the items.
CREATE TABLE watch_hits (
  user_id TEXT NOT NULL,
  item_id INTEGER NOT NULL,
  ts INTEGER NOT NULL,
  watchlist_ids TEXT NOT NULL,
  PRIMARY KEY (user_id, ts, item_id)
) WITHOUT ROWID;
CREATE INDEX watch_hits_item_idx ON watch_hits (item_id);
CREATE TRIGGER watch_hits_follow_items AFTER DELETE ON news_items BEGIN
  DELETE FROM watch_hits WHERE item_id = old.id;
END;
