-- Issue 30: a stored headline's Telegram forwards, written in the headline's own batch (all or
-- nothing, like its watch hits) and moved to the outbox in the main database right after, in the
-- background; the minute cron moves any that move left behind. A batch cannot span the two
-- databases, so this is how a forward is kept with its headline without a third round.
-- No foreign key to news_items: retention deletes the forwards with the items.
CREATE TABLE news_forwards (
  item_id INTEGER NOT NULL,
  target TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (item_id, target)
) WITHOUT ROWID;
CREATE TRIGGER news_forwards_follow_items AFTER DELETE ON news_items BEGIN
  DELETE FROM news_forwards WHERE item_id = old.id;
END;
