import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ContactStore, type SqlDatabase, type SqlValue } from './store.ts';

/** The schema, shared with D1 (wrangler d1 migrations apply). */
const migrationsDir = fileURLToPath(new URL('../../migrations/', import.meta.url));

/** How long a write waits for another process's lock (a backup, the inbox script) before it fails. */
const lockWaitMs = 5_000;

/**
 * The largest the write-ahead log is left between checkpoints. A burst of writes may grow it past
 * this for a moment; the next write after a checkpoint cuts it back, so the disk it holds is bounded.
 */
export const walSizeLimitBytes = 4 * 1024 * 1024;

/**
 * Applies the migrations in migrations/ that this file has not had yet, in order, each in its own
 * transaction, and records them as wrangler records them on D1 (`d1_migrations`), so the two
 * stores share one schema and one history.
 */
function applyMigrations(db: DatabaseSync): void {
  db.exec("CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)");
  const files = readdirSync(migrationsDir).filter((name) => name.endsWith('.sql')).sort();
  for (const name of files) {
    db.exec('BEGIN IMMEDIATE');
    try {
      if (!db.prepare('SELECT 1 FROM d1_migrations WHERE name = ?').get(name)) {
        db.exec(readFileSync(`${migrationsDir}${name}`, 'utf8'));
        db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').run(name);
      }
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

/** One write waiting in the current group, and the promise that tells its caller the outcome. */
interface PendingWrite {
  sql: string;
  params: readonly SqlValue[];
  resolve: (result: { changes: number; lastRowId: number }) => void;
  reject: (error: unknown) => void;
}

export interface SqliteOptions {
  /** See openSqlite. */
  backgroundCheckpoints?: boolean;
  /**
   * Reads only: no migrations, no writes. For a store another program owns, such as the local
   * Worker's D1 file, which workerd keeps open.
   */
  readOnly?: boolean;
}

/**
 * A SQLite file through node:sqlite, as the store's database: WAL with synchronous FULL, so a
 * committed write survives a crash or power cut.
 * - **Group commit.** The writes of one turn of the event loop are committed in one transaction,
 *   so a burst of posts costs one flush to disk instead of one each; each write resolves only once
 *   that transaction is committed. If it fails, every write in it is refused.
 * - **Background checkpoints** (the server's store): the write-ahead log is copied into the
 *   database file by a worker thread every second instead of inside a commit, so no visitor's
 *   answer waits for that flush. Scripts and tests leave it off and SQLite checkpoints as usual.
 */
export function openSqlite(path: string, { backgroundCheckpoints = false, readOnly = false }: SqliteOptions = {}): SqlDatabase {
  if (readOnly) {
    const db = new DatabaseSync(path, { readOnly: true, timeout: lockWaitMs });
    const refuse = () => Promise.reject(new Error(`${path} was opened to read only.`));
    return {
      run: refuse,
      all: async <Row>(sql: string, params: readonly SqlValue[] = []) => db.prepare(sql).all(...params) as Row[],
      first: async <Row>(sql: string, params: readonly SqlValue[] = []) => db.prepare(sql).get(...params) as Row | undefined,
      close: async () => db.close(),
    };
  }
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA busy_timeout = ${lockWaitMs};
    PRAGMA journal_size_limit = ${walSizeLimitBytes};
  `);
  applyMigrations(db);
  let checkpointer: Worker | undefined;
  if (backgroundCheckpoints && path !== ':memory:') {
    db.exec('PRAGMA wal_autocheckpoint = 0');
    checkpointer = new Worker(new URL('./checkpoint-worker.ts', import.meta.url), { workerData: { path, intervalMs: 1000 } });
    checkpointer.unref();
  }

  const statements = new Map<string, StatementSync>();
  const statement = (sql: string) => {
    let prepared = statements.get(sql);
    if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
    return prepared;
  };
  const runOne = (sql: string, params: readonly SqlValue[]) => {
    const result = statement(sql).run(...params);
    return { changes: Number(result.changes), lastRowId: Number(result.lastInsertRowid) };
  };

  let group: PendingWrite[] = [];
  let committed: Promise<void> | undefined;
  const commitGroup = () => {
    const writes = group;
    group = [];
    committed = undefined;
    if (writes.length === 0) return;
    let results: { changes: number; lastRowId: number }[];
    try {
      db.exec('BEGIN IMMEDIATE');
      results = writes.map(({ sql, params }) => runOne(sql, params));
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      for (const write of writes) write.reject(error);
      return;
    }
    writes.forEach((write, index) => write.resolve(results[index]!));
  };

  return {
    run(sql, params = [], options = {}) {
      if (options.lockWaitMs !== undefined) {
        // On its own, outside the group: its short wait for a lock must not cut a visitor's write short.
        db.exec(`PRAGMA busy_timeout = ${options.lockWaitMs}`);
        try {
          return Promise.resolve(runOne(sql, params));
        } catch (error) {
          return Promise.reject(error);
        } finally {
          db.exec(`PRAGMA busy_timeout = ${lockWaitMs}`);
        }
      }
      return new Promise((resolve, reject) => {
        group.push({ sql, params, resolve, reject });
        committed ??= new Promise<void>((done) => setImmediate(() => (commitGroup(), done())));
      });
    },
    async all<Row>(sql: string, params: readonly SqlValue[] = []) {
      // A read sees the writes made before it.
      await committed;
      return statement(sql).all(...params) as Row[];
    },
    async first<Row>(sql: string, params: readonly SqlValue[] = []) {
      await committed;
      return statement(sql).get(...params) as Row | undefined;
    },
    async close() {
      if (checkpointer) {
        // A last checkpoint that empties the log, then the worker stops.
        const exited = new Promise<void>((resolve) => checkpointer!.once('exit', () => resolve()));
        checkpointer.postMessage('stop');
        await exited;
      }
      // A group still waiting for its turn is committed first: those visitors are waiting for an answer.
      commitGroup();
      db.close();
    },
  };
}

/** The contact store in a SQLite file, for the Node server, its scripts and tests. */
export function openContactStore(path: string, options: SqliteOptions = {}): ContactStore {
  return new ContactStore(openSqlite(path, options));
}
