import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

// Runs in a worker thread (see ContactStore's backgroundCheckpoints): copies the write-ahead log
// back into the database file every so often. SQLite would otherwise do it inside a commit, on the
// server's one thread, and that commit's visitors would wait 20–40 ms for the flush to disk.
const { path, intervalMs } = workerData as { path: string; intervalMs: number };
const db = new DatabaseSync(path);
db.exec('PRAGMA busy_timeout = 5000');

const checkpoint = (mode: 'PASSIVE' | 'TRUNCATE') => {
  try {
    db.exec(`PRAGMA wal_checkpoint(${mode})`);
  } catch (error) {
    // A busy database is tried again on the next tick; anything else is worth a line in the log.
    if (!String(error).includes('busy')) console.error('[contact] Background checkpoint failed:', error);
  }
};

const timer = setInterval(() => checkpoint('PASSIVE'), intervalMs);
parentPort!.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint('TRUNCATE');
  db.close();
  parentPort!.close();
});
