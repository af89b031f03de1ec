-- Delivery at least once (server/contact/store.ts): a message is pending until the mail server
-- accepts it, then sent; spam is never mailed. A send in progress holds its message through
-- next_attempt_at, so the claim column, the states of the old outbox and the health check's row go.
-- A message they had set aside (a send cut off part-way, or refused) is tried again.
UPDATE messages SET status = 'pending', next_attempt_at = COALESCE(next_attempt_at, received_at) WHERE status IN ('sending', 'uncertain', 'failed');
UPDATE messages SET next_attempt_at = received_at WHERE status = 'pending' AND next_attempt_at IS NULL;
ALTER TABLE messages DROP COLUMN claimed_at;
DROP TABLE IF EXISTS health;
