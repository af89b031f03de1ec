import { readdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openContactStore } from '../../server/contact/sqlite.ts';
import type { ContactStore } from '../../server/contact/store.ts';
import { MemoryRateLimiter } from '../../server/contact/rate-limit.ts';
import { readContactConfig } from '../../server/contact/config.ts';
import { validMessage } from '../support/fixtures.ts';

const message = validMessage;
let path: string;
let store: ContactStore;

beforeEach(async () => {
  path = join(await mkdtemp(join(tmpdir(), 'contact-store-')), 'nested', 'contact.sqlite');
  store = openContactStore(path);
});
afterEach(() => store.close().catch(() => undefined));

describe('ContactStore on SQLite', () => {
  it('creates its folder, keeps the database in WAL mode, and records its migrations as wrangler does on D1', async () => {
    await store.save(message, { spam: false });
    const db = new DatabaseSync(path);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    const applied = db.prepare('SELECT name FROM d1_migrations ORDER BY id').all().map((row) => row.name);
    expect(applied).toEqual(readdirSync(new URL('../../migrations/', import.meta.url)).filter((name) => name.endsWith('.sql')).sort());
    db.close();
  });

  it('opens a store made before migrations were tracked, and keeps its messages', async () => {
    const oldPath = join(dirname(path), 'old.sqlite');
    const old = new DatabaseSync(oldPath);
    // The schema the server made itself before migrations/ existed.
    old.exec(`CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, received_at TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL,
      subject TEXT NOT NULL, message TEXT NOT NULL, status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'uncertain', 'failed', 'spam')),
      attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT, last_error TEXT, sent_at TEXT, ip TEXT, user_agent TEXT);
      CREATE TABLE health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at TEXT NOT NULL);
      INSERT INTO messages (received_at, name, email, phone, subject, message, status) VALUES ('2026-01-01T00:00:00.000Z', 'Ana', 'ana@example.org', '', 'Kept', 'An old enquiry', 'pending');`);
    old.close();
    const reopened = openContactStore(oldPath);
    expect((await reopened.list()).map((stored) => stored.subject)).toEqual(['Kept']);
    expect(await reopened.claim(1)).toBe(true);
    await reopened.close();
  });

  it('stores a message and reads it back after reopening', async () => {
    const id = await store.save(message, { spam: false, ip: '10.0.0.1', userAgent: 'test' });
    await store.close();
    const reopened = openContactStore(path);
    expect(await reopened.get(id)).toMatchObject({ ...message, status: 'pending', attempts: 0, ip: '10.0.0.1' });
    await reopened.close();
  });

  it('commits the writes of one event-loop turn together, and answers each only after the commit', async () => {
    const subjects = ['One', 'Two', 'Three', 'Four', 'Five'];
    const saves = subjects.map((subject) => store.save({ ...message, subject }, { spam: false }));
    // Nothing is on disk yet, so no request can have been told "sent".
    const onDisk = new DatabaseSync(path);
    expect(onDisk.prepare('SELECT COUNT(*) AS n FROM messages').get()).toEqual({ n: 0 });
    onDisk.close();
    const ids = await Promise.all(saves);
    expect(new Set(ids).size).toBe(subjects.length);
    await store.close();
    const reopened = openContactStore(path);
    expect(await Promise.all(ids.map(async (id) => (await reopened.get(id))?.subject))).toEqual(subjects);
    await reopened.close();
  });

  it('refuses every write of a group whose transaction fails, storing none of them', async () => {
    const good = store.save(message, { spam: false });
    const broken = store.save({ ...message, name: null as unknown as string }, { spam: false });
    await expect(good).rejects.toThrow(/NOT NULL/);
    await expect(broken).rejects.toThrow(/NOT NULL/);
    expect(await store.count()).toBe(0);
    // The next group is unaffected.
    await expect(store.save(message, { spam: false })).resolves.toBeGreaterThan(0);
  });

  it('commits a waiting group when it closes, so no visitor waits for nothing', async () => {
    const save = store.save(message, { spam: false });
    await store.close();
    const id = await save;
    const reopened = openContactStore(path);
    expect((await reopened.get(id))?.subject).toBe(message.subject);
    await reopened.close();
  });

  it('keeps spam apart: stored, never due for mailing', async () => {
    await store.save(message, { spam: true });
    expect(await store.count('spam')).toBe(1);
    expect(await store.due(new Date(Date.now() + 1000))).toEqual([]);
  });

  it('lets only one caller claim a message, in this process or another', async () => {
    const id = await store.save(message, { spam: false });
    expect(await store.claim(id)).toBe(true);
    expect(await store.claim(id)).toBe(false);
    const other = openContactStore(path);
    expect(await other.claim(id)).toBe(false);
    await other.close();
    expect(await store.get(id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('schedules retries and reports when the next one is due', async () => {
    const id = await store.save(message, { spam: false });
    await store.claim(id);
    const later = new Date(Date.now() + 60_000);
    await store.markRetry(id, 'connection refused', later);
    expect(await store.due(new Date())).toEqual([]);
    expect((await store.nextDueAt())?.toISOString()).toBe(later.toISOString());
    expect((await store.due(new Date(later.getTime() + 1))).map((due) => due.id)).toEqual([id]);
  });

  it('marks messages interrupted mid-send as uncertain instead of sending them again', async () => {
    const id = await store.save(message, { spam: false });
    await store.claim(id);
    expect(await store.recoverInterrupted()).toBe(1);
    expect((await store.get(id))?.status).toBe('uncertain');
    expect(await store.due(new Date(Date.now() + 1000))).toEqual([]);
    expect(await store.requeue(id)).toBe(true);
    expect((await store.get(id))?.status).toBe('pending');
  });

  it('leaves a send claimed after the cut-off alone: it may still be under way elsewhere', async () => {
    const claimedAt = new Date('2026-11-24T10:00:00Z');
    const id = await store.save(message, { spam: false });
    await store.claim(id, claimedAt);
    expect(await store.recoverInterrupted(new Date(claimedAt.getTime() - 1))).toBe(0);
    expect((await store.get(id))?.status).toBe('sending');
    expect(await store.recoverInterrupted(claimedAt)).toBe(1);
  });

  it('records success', async () => {
    const id = await store.save(message, { spam: false });
    await store.claim(id);
    await store.markSent(id);
    expect(await store.get(id)).toMatchObject({ status: 'sent', lastError: null });
    expect(await store.requeue(id)).toBe(false);
  });
});

describe('MemoryRateLimiter', () => {
  it('allows up to the limit in the window, then says how long to wait', () => {
    const limiter = new MemoryRateLimiter({ max: 2, windowMs: 10_000 });
    expect(limiter.hit('a', 0)).toBe(0);
    expect(limiter.hit('a', 1000)).toBe(0);
    expect(limiter.hit('a', 2000)).toBe(8);
    expect(limiter.hit('b', 2000)).toBe(0);
    expect(limiter.hit('a', 10_001)).toBe(0);
  });
});

describe('readContactConfig', () => {
  it('works with no settings at all: a local store and no mail', () => {
    const config = readContactConfig({}, { recipient: 'support@example.com' });
    expect(config.databasePath).toMatch(/data\/contact\.sqlite$/);
    expect(config.smtp).toBeNull();
    expect(config.rateLimit).toEqual({ max: 5, windowMs: 600_000 });
    expect(config.recipient).toBe('support@example.com');
  });

  it('reads SMTP settings, and the site’s own public address as an origin', () => {
    const config = readContactConfig({ SMTP_HOST: 'mail.example.com', SMTP_PORT: '465', SMTP_USER: 'u', SMTP_PASS: 'p' }, { recipient: 'support@example.com', siteUrl: 'https://www.example.com/' });
    expect(config.smtp).toEqual({ host: 'mail.example.com', port: 465, secure: true, auth: { user: 'u', pass: 'p' }, from: 'Website contact form <support@example.com>' });
    expect(config.siteOrigin).toBe('https://www.example.com');
    expect(readContactConfig({}, { recipient: 'a@example.com' }).siteOrigin).toBeNull();
  });

  it('names every wrong variable', () => {
    expect(() => readContactConfig({ SMTP_PORT: 'abc', CONTACT_TO: 'nobody', CONTACT_RATE_LIMIT: 'many' }, { recipient: 'a@example.com' })).toThrow(
      /environment variables\) has 3 problems:[\s\S]*CONTACT_TO[\s\S]*CONTACT_RATE_LIMIT[\s\S]*SMTP_PORT/,
    );
  });
});
