-- FTS5 merges its index segments inside the writing transaction by default ("automerge"): about one
-- insert in 64 then stalls for 30–300 ms with a million items, and a headline waits that long to reach
-- the feed. Ingest writes small segments only; the minute cron merges them (news-index-merge.ts).
INSERT INTO `news_fts` (`news_fts`, `rank`) VALUES ('automerge', 0);
