-- Web Push (issue 32): each user's devices (one browser push subscription each) and their choices.
-- Deliveries are rows of the existing outbox (channel 'webpush', target = the subscription's id).
CREATE TABLE push_subscriptions (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  user_agent TEXT,
  created_at INTEGER NOT NULL,
  last_delivery_at INTEGER,
  last_error TEXT
);
CREATE UNIQUE INDEX push_subscriptions_endpoint_unique ON push_subscriptions (endpoint);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
-- Which kinds of notification a user wants pushed, and their quiet hours in their own time zone
-- (minutes after local midnight; both null: none). No row: every kind the user can receive, no quiet hours.
CREATE TABLE push_preferences (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kinds TEXT NOT NULL,
  quiet_from INTEGER,
  quiet_to INTEGER,
  time_zone TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
