import type { ContactMessage } from '../../src/lib/contact/schema.ts';
import type { D1Database } from '../types.ts';

/**
 * The enquiries, in D1 (migrations/). A message is `pending` until the mail server accepts it,
 * then `sent`; `spam` is kept and never mailed. Each attempt is recorded (`attempts`,
 * `last_error`), and `next_attempt_at` says when the next may start.
 */
export interface StoredMessage extends ContactMessage {
  id: number;
  receivedAt: string;
  attempts: number;
}

/**
 * How long an attempt holds its message: no other sender (the cron, another isolate) takes it
 * meanwhile. Longer than a send can last (server/contact/mail.ts sets its time-outs), so the only
 * way to mail a message twice is for the runtime to stop between the mail server's acceptance and
 * the record of it; a message whose sender stopped is simply tried again once this has passed.
 */
export const attemptLeaseMs = 5 * 60_000;

/** The delay before the next attempt after a failed one: doubling from `baseMs`, capped at `maxMs`. */
export function retryDelay(attempts: number, { baseMs, maxMs }: { baseMs: number; maxMs: number }): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export function contactStore(db: D1Database) {
  return {
    /** Stores one enquiry; resolves with its id once D1 has committed it. */
    async save(message: ContactMessage, { spam, ip, userAgent, now }: { spam: boolean; ip: string; userAgent: string | null; now: Date }): Promise<number> {
      const at = now.toISOString();
      const { meta } = await db
        .prepare('INSERT INTO messages (received_at, name, email, phone, subject, message, status, next_attempt_at, ip, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .bind(at, message.name, message.email, message['phone-number'], message.subject, message.message, spam ? 'spam' : 'pending', spam ? null : at, ip, userAgent)
        .run();
      return meta.last_row_id;
    },

    /** The ids of pending messages whose next attempt is due, oldest first. */
    async due(now: Date): Promise<number[]> {
      const { results } = await db.prepare("SELECT id FROM messages WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id").bind(now.toISOString()).all<{ id: number }>();
      return results.map((row) => row.id);
    },

    /**
     * Starts an attempt on a message that is due, recording it and holding the message for
     * attemptLeaseMs; one statement, so of two senders at once only one gets it. Null when the
     * message is not (or no longer) due.
     */
    async startAttempt(id: number, now: Date): Promise<StoredMessage | null> {
      const { meta } = await db
        .prepare("UPDATE messages SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at <= ?")
        .bind(new Date(now.getTime() + attemptLeaseMs).toISOString(), id, now.toISOString())
        .run();
      if (meta.changes !== 1) return null;
      return db.prepare("SELECT id, received_at AS receivedAt, name, email, phone AS 'phone-number', subject, message, attempts FROM messages WHERE id = ?").bind(id).first<StoredMessage>();
    },

    async markSent(id: number, now: Date): Promise<void> {
      await db.prepare("UPDATE messages SET status = 'sent', sent_at = ?, next_attempt_at = NULL, last_error = NULL WHERE id = ?").bind(now.toISOString(), id).run();
    },

    async markFailed(id: number, error: string, retryAt: Date): Promise<void> {
      await db.prepare('UPDATE messages SET last_error = ?, next_attempt_at = ? WHERE id = ?').bind(error.slice(0, 500), retryAt.toISOString(), id).run();
    },

    /** How many messages wait to be mailed, since when the oldest has, and why the last attempt at it failed. */
    async backlog(): Promise<{ pending: number; oldestReceivedAt: string | null; lastError: string | null }> {
      const row = await db
        .prepare("SELECT COUNT(*) AS pending, MIN(received_at) AS oldest, (SELECT last_error FROM messages WHERE status = 'pending' ORDER BY received_at LIMIT 1) AS last_error FROM messages WHERE status = 'pending'")
        .first<{ pending: number; oldest: string | null; last_error: string | null }>();
      return { pending: Number(row?.pending ?? 0), oldestReceivedAt: row?.oldest ?? null, lastError: row?.last_error ?? null };
    },
  };
}
