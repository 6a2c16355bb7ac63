-- Issue 30: the newest publication time per block of 256 item ids. A search walks the FTS index
-- newest id first; a late arrival (an id below the walked page that sorts before its oldest item)
-- can only sit in a block whose newest time reaches that item, so only those blocks' rows are read
-- (worker/domains/news/feed/feed-search.ts). max_ts is an upper bound: an update raises it, nothing
-- lowers it (a delete leaves it as it was), so no late arrival is ever missed.
CREATE TABLE news_id_blocks (
  block INTEGER PRIMARY KEY,
  max_ts INTEGER NOT NULL
);
CREATE INDEX news_id_blocks_max_ts_idx ON news_id_blocks (max_ts, block);
INSERT INTO news_id_blocks (block, max_ts) SELECT id >> 8, max(ts) FROM news_items GROUP BY id >> 8;
CREATE TRIGGER news_items_id_block_insert AFTER INSERT ON news_items BEGIN
  INSERT INTO news_id_blocks (block, max_ts) VALUES (new.id >> 8, new.ts)
    ON CONFLICT (block) DO UPDATE SET max_ts = max(max_ts, excluded.max_ts);
END;
CREATE TRIGGER news_items_id_block_update AFTER UPDATE OF ts ON news_items BEGIN
  INSERT INTO news_id_blocks (block, max_ts) VALUES (new.id >> 8, new.ts)
    ON CONFLICT (block) DO UPDATE SET max_ts = max(max_ts, excluded.max_ts);
END;
