import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { ContactMessage } from '../../src/lib/contact/schema.ts';

/**
 * The life of a stored enquiry:
 * - `pending`: waiting to be mailed (or no mail server is configured yet);
 * - `sending`: claimed by the outbox, the mail server is being talked to;
 * - `sent`: the mail server accepted it;
 * - `uncertain`: the connection broke after the message was handed over, so it may or may not have
 *   arrived; it is not sent again automatically (never twice) and `npm run inbox` shows it;
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

/** The values of one new row, in the order of the INSERT below. */
function rowValues(message: ContactMessage, meta: SaveMeta): SQLInputValue[] {
  const now = (meta.now ?? new Date()).toISOString();
  return [
    now,
    message.name,
    message.email,
    message['phone-number'],
    message.subject,
    message.message,
    meta.spam ? 'spam' : 'pending',
    meta.spam ? null : now,
    meta.ip ?? null,
    meta.userAgent ?? null,
  ];
}

/** One message waiting in the current batch, and the promise that tells its request the outcome. */
interface Pending {
  values: SQLInputValue[];
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

/** How long a write waits for another process's lock (a backup, the inbox script) before it fails. */
const lockWaitMs = 5_000;
/** How long the health check's write waits for one. */
const healthLockWaitMs = 100;

/**
 * The largest the write-ahead log is left between checkpoints. A burst of writes may grow it past
 * this for a moment; the next write after a checkpoint cuts it back, so the disk it holds is bounded.
 */
export const walSizeLimitBytes = 4 * 1024 * 1024;

/**
 * The durable store of every enquiry, in SQLite. A message is committed to disk (WAL, synchronous
 * FULL) before `save` returns or `saveInBatch` resolves, so a visitor is only told "sent" about a
 * message that survives a crash or power cut.
 */
export class ContactStore {
  readonly #db: DatabaseSync;
  #insert: StatementSync | undefined;
  #batch: Pending[] = [];
  #checkpointer: Worker | undefined;

  /**
   * `backgroundCheckpoints` (the server's store): the write-ahead log is copied into the database
   * file by a worker thread every second instead of inside a commit, so no visitor's answer waits
   * for that flush. Scripts and tests leave it off and SQLite checkpoints as usual.
   */
  constructor(path: string, { backgroundCheckpoints = false }: { backgroundCheckpoints?: boolean } = {}) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.#db = new DatabaseSync(path);
    this.#db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = FULL;
      PRAGMA busy_timeout = ${lockWaitMs};
      PRAGMA journal_size_limit = ${walSizeLimitBytes};
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
    `);
    if (backgroundCheckpoints && path !== ':memory:') {
      this.#db.exec('PRAGMA wal_autocheckpoint = 0');
      this.#checkpointer = new Worker(new URL('./checkpoint-worker.ts', import.meta.url), { workerData: { path, intervalMs: 1000 } });
      this.#checkpointer.unref();
    }
  }

  /** Stores one enquiry and returns its id, once it is safely on disk. */
  save(message: ContactMessage, meta: SaveMeta): number {
    return Number(this.#insertStatement().run(...rowValues(message, meta)).lastInsertRowid);
  }

  /**
   * Stores one enquiry together with every other that arrives in the same turn of the event loop,
   * in one transaction, so that a burst costs one flush to disk instead of one per message (group
   * commit). Resolves with the id only once that transaction is committed: a visitor is still told
   * "sent" only about a message on disk. If the transaction fails, every message in it is refused.
   */
  saveInBatch(message: ContactMessage, meta: SaveMeta): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#batch.push({ values: rowValues(message, meta), resolve, reject });
      if (this.#batch.length === 1) setImmediate(() => this.#commitBatch());
    });
  }

  #commitBatch(): void {
    const batch = this.#batch;
    this.#batch = [];
    if (batch.length === 0) return;
    let ids: number[];
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      const insert = this.#insertStatement();
      ids = batch.map(({ values }) => Number(insert.run(...values).lastInsertRowid));
      this.#db.exec('COMMIT');
    } catch (error) {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => pending.resolve(ids[index]!));
  }

  #insertStatement(): StatementSync {
    this.#insert ??= this.#db.prepare(
      `INSERT INTO messages (received_at, name, email, phone, subject, message, status, next_attempt_at, ip, user_agent)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    return this.#insert;
  }

  get(id: number): StoredMessage | undefined {
    const row = this.#db.prepare('SELECT * FROM messages WHERE id = ?').get(id) as Row | undefined;
    return row && fromRow(row);
  }

  /** All messages, newest first; `limit` keeps the operator's listing short. */
  list(limit = 50): StoredMessage[] {
    return (this.#db.prepare('SELECT * FROM messages ORDER BY id DESC LIMIT ?').all(limit) as unknown as Row[]).map(fromRow);
  }

  count(status?: DeliveryStatus): number {
    const row = status
      ? this.#db.prepare('SELECT COUNT(*) AS n FROM messages WHERE status = ?').get(status)
      : this.#db.prepare('SELECT COUNT(*) AS n FROM messages').get();
    return Number((row as { n: number }).n);
  }

  /** The pending messages whose next attempt is due, oldest first. */
  due(now: Date, limit = 10): StoredMessage[] {
    const rows = this.#db
      .prepare("SELECT * FROM messages WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT ?")
      .all(now.toISOString(), limit) as unknown as Row[];
    return rows.map(fromRow);
  }

  /**
   * A real write, for the health check: it fails when the store cannot be written (full disk, lock,
   * read-only file). It waits a moment for a lock, not the seconds a visitor's message may wait:
   * the server has one thread, and a check must not hold it.
   */
  recordHealthCheck(now: Date): void {
    this.#db.exec(`PRAGMA busy_timeout = ${healthLockWaitMs}`);
    try {
      this.#db.prepare('INSERT INTO health (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at').run(now.toISOString());
    } finally {
      this.#db.exec(`PRAGMA busy_timeout = ${lockWaitMs}`);
    }
  }

  /** How many messages wait to be mailed, and when the oldest of them arrived. */
  backlog(): { pending: number; oldestReceivedAt: Date | null } {
    const row = this.#db.prepare("SELECT COUNT(*) AS n, MIN(received_at) AS oldest FROM messages WHERE status IN ('pending', 'sending')").get() as { n: number; oldest: string | null };
    return { pending: Number(row.n), oldestReceivedAt: row.oldest ? new Date(row.oldest) : null };
  }

  /** When the next pending message falls due, if any. */
  nextDueAt(): Date | null {
    const row = this.#db.prepare("SELECT MIN(next_attempt_at) AS at FROM messages WHERE status = 'pending'").get() as { at: string | null };
    return row.at ? new Date(row.at) : null;
  }

  /**
   * Claims a pending message for sending. Only one caller can win the claim, even across processes
   * sharing the file, which is what keeps a message from being mailed twice.
   */
  claim(id: number): boolean {
    return Number(this.#db.prepare("UPDATE messages SET status = 'sending', attempts = attempts + 1 WHERE id = ? AND status = 'pending'").run(id).changes) === 1;
  }

  markSent(id: number, now = new Date()): void {
    this.#db.prepare("UPDATE messages SET status = 'sent', sent_at = ?, last_error = NULL, next_attempt_at = NULL WHERE id = ?").run(now.toISOString(), id);
  }

  /** Puts a message back in the queue for another attempt at `retryAt`. */
  markRetry(id: number, error: string, retryAt: Date): void {
    this.#db.prepare("UPDATE messages SET status = 'pending', last_error = ?, next_attempt_at = ? WHERE id = ?").run(error, retryAt.toISOString(), id);
  }

  markFinal(id: number, status: 'failed' | 'uncertain', error: string): void {
    this.#db.prepare('UPDATE messages SET status = ?, last_error = ?, next_attempt_at = NULL WHERE id = ?').run(status, error, id);
  }

  /**
   * After a crash, messages left `sending` may or may not have reached the mail server. They are
   * marked `uncertain` rather than sent again; returns how many there were.
   */
  recoverInterrupted(): number {
    return Number(
      this.#db
        .prepare("UPDATE messages SET status = 'uncertain', last_error = 'The server stopped while this message was being sent; check the mailbox before resending.' WHERE status = 'sending'")
        .run().changes,
    );
  }

  /** Puts an uncertain or failed message back in the queue, on the operator's word. */
  requeue(id: number, now = new Date()): boolean {
    return (
      Number(
        this.#db
          .prepare("UPDATE messages SET status = 'pending', next_attempt_at = ? WHERE id = ? AND status IN ('uncertain', 'failed')")
          .run(now.toISOString(), id).changes,
      ) === 1
    );
  }

  /** Stops the background checkpoints after a last one that empties the log; before close(). */
  async stopBackgroundCheckpoints(): Promise<void> {
    const worker = this.#checkpointer;
    if (!worker) return;
    this.#checkpointer = undefined;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    await exited;
  }

  close(): void {
    // A batch still waiting for its turn is committed first: those visitors are waiting for an answer.
    this.#commitBatch();
    this.#db.close();
  }
}
