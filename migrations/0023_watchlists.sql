-- Personal watchlists (symbols, words, RE2 patterns), one row per list; entries as a JSON array.
CREATE TABLE watchlists (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  color TEXT NOT NULL,
  sound TEXT NOT NULL,
  notify TEXT NOT NULL,
  entries TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX watchlists_user_idx ON watchlists (user_id);
