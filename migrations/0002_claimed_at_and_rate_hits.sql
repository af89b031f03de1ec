-- When a message was claimed for sending: a send that never finished (a stopped server, an
-- isolate ended mid-send) is found by it and marked uncertain, never sent twice.
ALTER TABLE messages ADD COLUMN claimed_at TEXT;
-- Posts per visitor, for the rate limit that must hold across Cloudflare's isolates
-- (server/cloudflare/rate-limit.ts); the Node server counts in memory and leaves this empty.
CREATE TABLE IF NOT EXISTS rate_hits (key TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS rate_hits_key_at ON rate_hits (key, at);
