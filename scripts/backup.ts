import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { readContactConfig } from '../server/contact/config.ts';
import { site } from '../src/site.config.ts';

/**
 * `npm run backup -- FILE`: an online backup of the contact store while the server runs. SQLite's
 * `VACUUM INTO` copies one consistent snapshot (WAL readers do not block the server's writes), and
 * the copy is then opened and checked. Restoring is described in the README.
 */
const target = process.argv[2];
if (!target) {
  console.error('Name the backup file: npm run backup -- backups/contact-2026-11-23.sqlite');
  process.exit(1);
}
const file = resolve(target);
if (existsSync(file)) {
  console.error(`${file} already exists. Choose a new name; a backup never overwrites a file.`);
  process.exit(1);
}

const { databasePath } = readContactConfig(process.env, { recipient: site.email });
if (!existsSync(databasePath)) {
  console.error(`There is no contact store at ${databasePath} (CONTACT_DB or CONTACT_DATA_DIR) to back up.`);
  process.exit(1);
}

const source = new DatabaseSync(databasePath);
try {
  source.exec('PRAGMA busy_timeout = 5000');
  source.prepare('VACUUM INTO ?').run(file);
} finally {
  source.close();
}

const copy = new DatabaseSync(file, { readOnly: true });
try {
  const integrity = (copy.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check;
  const { n } = copy.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number };
  if (integrity !== 'ok') {
    console.error(`The backup ${file} failed SQLite's integrity check: ${integrity}`);
    process.exit(1);
  }
  console.log(`Backed up ${n} messages from ${databasePath} to ${file} (${Math.ceil(statSync(file).size / 1024)} KB); the copy opens and passes SQLite's integrity check.`);
} finally {
  copy.close();
}
