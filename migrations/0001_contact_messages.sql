-- The contact form's store (server/contact/store.ts): every enquiry, and the health check's row.
-- Applied by wrangler to D1 (wrangler d1 migrations apply), and by the Node server to its SQLite
-- file when it opens it (server/contact/sqlite.ts). "IF NOT EXISTS": a store made before
-- migrations were tracked already has these tables.
CREATE TABLE IF NOT EXISTS messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  received_at TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'uncertain', 'failed', 'spam')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_error TEXT,
  sent_at TEXT,
  ip TEXT,
  user_agent TEXT
);
CREATE INDEX IF NOT EXISTS messages_due ON messages (status, next_attempt_at);
CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at TEXT NOT NULL);
