import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import { ContactStore } from '../../server/contact/store.ts';
import { RateLimiter } from '../../server/contact/rate-limit.ts';
import { readContactConfig } from '../../server/contact/config.ts';
import { validMessage } from '../support/fixtures.ts';

const message = validMessage;
let path: string;
let store: ContactStore;

beforeEach(async () => {
  path = join(await mkdtemp(join(tmpdir(), 'contact-store-')), 'nested', 'contact.sqlite');
  store = new ContactStore(path);
});

describe('ContactStore', () => {
  it('creates its folder and keeps the database in WAL mode with full sync', () => {
    store.save(message, { spam: false });
    const db = new DatabaseSync(path);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
  });

  it('stores a message and reads it back after reopening', () => {
    const id = store.save(message, { spam: false, ip: '10.0.0.1', userAgent: 'test' });
    store.close();
    const reopened = new ContactStore(path);
    expect(reopened.get(id)).toMatchObject({ ...message, status: 'pending', attempts: 0, ip: '10.0.0.1' });
  });

  it('commits the messages of one event-loop turn together, and answers each only after the commit', async () => {
    const subjects = ['One', 'Two', 'Three', 'Four', 'Five'];
    const saves = subjects.map((subject) => store.saveInBatch({ ...message, subject }, { spam: false }));
    // Nothing is on disk yet, so no request can have been told "sent".
    expect(store.count()).toBe(0);
    const ids = await Promise.all(saves);
    expect(new Set(ids).size).toBe(subjects.length);
    store.close();
    const reopened = new ContactStore(path);
    expect(ids.map((id) => reopened.get(id)?.subject)).toEqual(subjects);
    reopened.close();
  });

  it('refuses every message of a batch whose transaction fails, storing none of them', async () => {
    const good = store.saveInBatch(message, { spam: false });
    const broken = store.saveInBatch({ ...message, name: null as unknown as string }, { spam: false });
    await expect(good).rejects.toThrow(/NOT NULL/);
    await expect(broken).rejects.toThrow(/NOT NULL/);
    expect(store.count()).toBe(0);
    // The next batch is unaffected.
    await expect(store.saveInBatch(message, { spam: false })).resolves.toBeGreaterThan(0);
  });

  it('commits a waiting batch when it closes, so no visitor waits for nothing', async () => {
    const save = store.saveInBatch(message, { spam: false });
    store.close();
    const id = await save;
    const reopened = new ContactStore(path);
    expect(reopened.get(id)?.subject).toBe(message.subject);
    reopened.close();
  });

  it('keeps spam apart: stored, never due for mailing', () => {
    store.save(message, { spam: true });
    expect(store.count('spam')).toBe(1);
    expect(store.due(new Date(Date.now() + 1000))).toEqual([]);
  });

  it('lets only one caller claim a message', () => {
    const id = store.save(message, { spam: false });
    expect(store.claim(id)).toBe(true);
    expect(store.claim(id)).toBe(false);
    expect(new ContactStore(path).claim(id)).toBe(false);
    expect(store.get(id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('schedules retries and reports when the next one is due', () => {
    const id = store.save(message, { spam: false });
    store.claim(id);
    const later = new Date(Date.now() + 60_000);
    store.markRetry(id, 'connection refused', later);
    expect(store.due(new Date())).toEqual([]);
    expect(store.nextDueAt()?.toISOString()).toBe(later.toISOString());
    expect(store.due(new Date(later.getTime() + 1)).map((due) => due.id)).toEqual([id]);
  });

  it('marks messages interrupted mid-send as uncertain instead of sending them again', () => {
    const id = store.save(message, { spam: false });
    store.claim(id);
    expect(store.recoverInterrupted()).toBe(1);
    expect(store.get(id)?.status).toBe('uncertain');
    expect(store.due(new Date(Date.now() + 1000))).toEqual([]);
    expect(store.requeue(id)).toBe(true);
    expect(store.get(id)?.status).toBe('pending');
  });

  it('records success', () => {
    const id = store.save(message, { spam: false });
    store.claim(id);
    store.markSent(id);
    expect(store.get(id)).toMatchObject({ status: 'sent', lastError: null });
    expect(store.requeue(id)).toBe(false);
  });
});

describe('RateLimiter', () => {
  it('allows up to the limit in the window, then says how long to wait', () => {
    const limiter = new RateLimiter({ max: 2, windowMs: 10_000 });
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

  it('reads SMTP settings and the allowed origins, the site’s own public address first', () => {
    const config = readContactConfig(
      { SMTP_HOST: 'mail.example.com', SMTP_PORT: '465', SMTP_USER: 'u', SMTP_PASS: 'p', CONTACT_ALLOWED_ORIGINS: 'https://www.example.com/, https://example.com' },
      { recipient: 'support@example.com', siteUrl: 'https://www.example.com/' },
    );
    expect(config.smtp).toEqual({ host: 'mail.example.com', port: 465, secure: true, auth: { user: 'u', pass: 'p' }, from: 'Website contact form <support@example.com>' });
    expect(config.allowedOrigins).toEqual(['https://www.example.com', 'https://example.com']);
    expect(readContactConfig({}, { recipient: 'a@example.com', siteUrl: 'https://impact.example/' }).allowedOrigins).toEqual(['https://impact.example']);
  });

  it('names every wrong variable', () => {
    expect(() => readContactConfig({ SMTP_PORT: 'abc', CONTACT_TO: 'nobody', CONTACT_ALLOWED_ORIGINS: 'ftp://x' }, { recipient: 'a@example.com' })).toThrow(
      /environment variables\) has 3 problems:[\s\S]*CONTACT_TO[\s\S]*CONTACT_ALLOWED_ORIGINS\[0\][\s\S]*SMTP_PORT/,
    );
  });
});
