import type { ContactMessage } from '../../src/lib/contact/schema.ts';

/**
 * The life of a stored enquiry:
 * - `pending`: waiting to be mailed (or no mail server is configured yet);
 * - `sending`: claimed by the outbox, the mail server is being talked to;
 * - `sent`: the mail server accepted it;
 * - `uncertain`: the send broke off after the message was handed over, or was never finished (a
 *   stopped server, an ended isolate), so it may or may not have arrived; it is not sent again
 *   automatically (never twice) and `npm run inbox` shows it;
 * - `failed`: the mail server refused it for good;
 * - `spam`: caught by the honeypot or the fill-time check; kept, never mailed.
 */
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'uncertain' | 'failed' | 'spam';

export interface StoredMessage extends ContactMessage {
  id: number;
  receivedAt: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** A value a SQL statement takes. */
export type SqlValue = string | number | null;

/**
 * What the store needs of a SQL database: node:sqlite on a server (server/contact/sqlite.ts) and D1
 * on Cloudflare (server/cloudflare/d1.ts) each give it, so the store's states and rules are written
 * once. Both apply the schema from migrations/.
 */
export interface SqlDatabase {
  /** One writing statement; resolves once it is committed to disk. */
  run(sql: string, params?: readonly SqlValue[], options?: { lockWaitMs?: number }): Promise<{ changes: number; lastRowId: number }>;
  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  first<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row | undefined>;
  close(): Promise<void>;
}

interface Row {
  id: number;
  received_at: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

function fromRow(row: Row): StoredMessage {
  return {
    id: row.id,
    receivedAt: row.received_at,
    name: row.name,
    email: row.email,
    'phone-number': row.phone,
    subject: row.subject,
    message: row.message,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

/** What the server knows about a message besides its fields. */
export interface SaveMeta {
  spam: boolean;
  ip?: string | null;
  userAgent?: string | null;
  now?: Date;
}

/** How long the health check's write waits for another process's lock: a moment, not the seconds a visitor's message may wait. */
const healthLockWaitMs = 100;

/**
 * The durable store of every enquiry. A message is committed before `save` resolves, so a visitor
 * is only told "sent" about a message that survives a crash or power cut. Only one caller can
 * claim a message for sending, which is what keeps it from being mailed twice.
 */
export class ContactStore {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  /** Stores one enquiry and resolves with its id once it is safely stored. */
  async save(message: ContactMessage, meta: SaveMeta): Promise<number> {
    const now = (meta.now ?? new Date()).toISOString();
    const { lastRowId } = await this.#db.run(
      `INSERT INTO messages (received_at, name, email, phone, subject, message, status, next_attempt_at, ip, user_agent)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [now, message.name, message.email, message['phone-number'], message.subject, message.message, meta.spam ? 'spam' : 'pending', meta.spam ? null : now, meta.ip ?? null, meta.userAgent ?? null],
    );
    return lastRowId;
  }

  async get(id: number): Promise<StoredMessage | undefined> {
    const row = await this.#db.first<Row>('SELECT * FROM messages WHERE id = ?', [id]);
    return row && fromRow(row);
  }

  /** The latest messages, newest first; `limit` keeps the operator's listing short. */
  async list(limit = 50): Promise<StoredMessage[]> {
    return (await this.#db.all<Row>('SELECT * FROM messages ORDER BY id DESC LIMIT ?', [limit])).map(fromRow);
  }

  async count(status?: DeliveryStatus): Promise<number> {
    const row = status
      ? await this.#db.first<{ n: number }>('SELECT COUNT(*) AS n FROM messages WHERE status = ?', [status])
      : await this.#db.first<{ n: number }>('SELECT COUNT(*) AS n FROM messages');
    return Number(row?.n ?? 0);
  }

  /** The pending messages whose next attempt is due, oldest first. */
  async due(now: Date, limit = 10): Promise<StoredMessage[]> {
    const rows = await this.#db.all<Row>("SELECT * FROM messages WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT ?", [now.toISOString(), limit]);
    return rows.map(fromRow);
  }

  /** A real write, for the health check: it fails when the store cannot be written (full disk, lock, read-only file). */
  async recordHealthCheck(now: Date): Promise<void> {
    await this.#db.run('INSERT INTO health (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at', [now.toISOString()], {
      lockWaitMs: healthLockWaitMs,
    });
  }

  /** How many messages wait to be mailed, and when the oldest of them arrived. */
  async backlog(): Promise<{ pending: number; oldestReceivedAt: Date | null }> {
    const row = await this.#db.first<{ n: number; oldest: string | null }>("SELECT COUNT(*) AS n, MIN(received_at) AS oldest FROM messages WHERE status IN ('pending', 'sending')");
    return { pending: Number(row?.n ?? 0), oldestReceivedAt: row?.oldest ? new Date(row.oldest) : null };
  }

  /** When the next pending message falls due, if any. */
  async nextDueAt(): Promise<Date | null> {
    const row = await this.#db.first<{ at: string | null }>("SELECT MIN(next_attempt_at) AS at FROM messages WHERE status = 'pending'");
    return row?.at ? new Date(row.at) : null;
  }

  /** Claims a pending message for sending: only one caller wins, even across processes or isolates sharing the database. */
  async claim(id: number, now = new Date()): Promise<boolean> {
    const { changes } = await this.#db.run("UPDATE messages SET status = 'sending', attempts = attempts + 1, claimed_at = ? WHERE id = ? AND status = 'pending'", [now.toISOString(), id]);
    return changes === 1;
  }

  async markSent(id: number, now = new Date()): Promise<void> {
    await this.#db.run("UPDATE messages SET status = 'sent', sent_at = ?, last_error = NULL, next_attempt_at = NULL WHERE id = ?", [now.toISOString(), id]);
  }

  /** Puts a message back in the queue for another attempt at `retryAt`. */
  async markRetry(id: number, error: string, retryAt: Date): Promise<void> {
    await this.#db.run("UPDATE messages SET status = 'pending', last_error = ?, next_attempt_at = ? WHERE id = ?", [error, retryAt.toISOString(), id]);
  }

  async markFinal(id: number, status: 'failed' | 'uncertain', error: string): Promise<void> {
    await this.#db.run('UPDATE messages SET status = ?, last_error = ?, next_attempt_at = NULL WHERE id = ?', [status, error, id]);
  }

  /**
   * Messages claimed before `claimedBefore` and still `sending` may or may not have reached the
   * mail server (their sender stopped mid-way). They are marked `uncertain` rather than sent again;
   * resolves with how many there were.
   */
  async recoverInterrupted(claimedBefore = new Date()): Promise<number> {
    const { changes } = await this.#db.run(
      "UPDATE messages SET status = 'uncertain', last_error = 'Sending stopped part-way (the server stopped, or the Worker ended); check the mailbox before resending.' WHERE status = 'sending' AND (claimed_at IS NULL OR claimed_at <= ?)",
      [claimedBefore.toISOString()],
    );
    return changes;
  }

  /** Puts an uncertain or failed message back in the queue, on the operator's word. */
  async requeue(id: number, now = new Date()): Promise<boolean> {
    const { changes } = await this.#db.run("UPDATE messages SET status = 'pending', next_attempt_at = ? WHERE id = ? AND status IN ('uncertain', 'failed')", [now.toISOString(), id]);
    return changes === 1;
  }

  /** Commits what is waiting and closes the database. */
  close(): Promise<void> {
    return this.#db.close();
  }
}
