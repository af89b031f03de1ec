import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../server/contact/outbox.ts';
import { classifySendError } from '../../server/contact/smtp.ts';
import { openContactStore } from '../../server/contact/sqlite.ts';
import { validMessage } from '../support/fixtures.ts';
import { headerOf, startSmtpServer } from '../support/smtp.ts';

const message = validMessage;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(port: number) {
  const store = openContactStore(join(await mkdtemp(join(tmpdir(), 'outbox-')), 'contact.sqlite'));
  const smtp = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 2000 });
  const transport = { sendMail: (mail: Parameters<typeof smtp.sendMail>[0]) => smtp.sendMail(mail), classify: (error: unknown) => classifySendError(error as object) };
  const log: string[] = [];
  const outbox = new Outbox({
    store,
    transport,
    from: 'Website <web@example.com>',
    to: 'support@example.com',
    siteHost: 'www.example.com',
    retry: { baseMs: 100, maxMs: 400 },
    log: (line) => log.push(line),
  });
  cleanups.push(async () => {
    await outbox.stop();
    await store.close();
  });
  return { store, outbox, log };
}

describe('the outbox, against a real SMTP server on loopback', () => {
  it('mails a stored message to the company with the visitor as Reply-To', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { store, outbox } = await setUp(smtp.port);
    const id = await store.save(message, { spam: false });
    await outbox.start();
    await expect.poll(async () => (await store.get(id))?.status, { timeout: 5000 }).toBe('sent');

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['support@example.com']);
    expect(headerOf(mail!.raw, 'Subject')).toBe('Website enquiry: Quote please');
    expect(headerOf(mail!.raw, 'Reply-To')).toBe('Ana Lee <ana@example.org>');
    expect(headerOf(mail!.raw, 'Message-ID')).toMatch(new RegExp(`^<contact-${id}-\\d+@www\\.example\\.com>$`));
    expect(mail!.raw).toContain('0412 345 678');
    expect(mail!.raw).toContain('booking system');
  });

  it('never mails spam', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { store, outbox } = await setUp(smtp.port);
    await store.save(message, { spam: true });
    const real = await store.save(message, { spam: false });
    await outbox.start();
    await expect.poll(async () => (await store.get(real))?.status, { timeout: 5000 }).toBe('sent');
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps messages while the mail server is down and delivers each exactly once when it is back', async () => {
    // Find a free port, then leave it closed: the "down" mail server.
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();

    const { store, outbox, log } = await setUp(port);
    const ids = [await store.save(message, { spam: false }), await store.save({ ...message, subject: 'Second' }, { spam: false })];
    await outbox.start();
    await expect.poll(async () => (await store.get(ids[0]!))?.attempts, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    // Between delivery passes (not in the middle of one, when a message is briefly `sending`).
    await outbox.idle();
    expect(await Promise.all(ids.map(async (id) => (await store.get(id))?.status))).toEqual(['pending', 'pending']);
    expect(log.some((line) => line.includes('retrying in'))).toBe(true);

    const smtp = await startSmtpServer(port);
    cleanups.push(smtp.close);
    await expect.poll(() => Promise.all(ids.map(async (id) => (await store.get(id))?.status)), { timeout: 10_000 }).toEqual(['sent', 'sent']);
    // Mail oldest first: once a later message has gone out, any resend of the first two would have too.
    const third = await store.save({ ...message, subject: 'Third' }, { spam: false });
    outbox.kick();
    await expect.poll(async () => (await store.get(third))?.status, { timeout: 5000 }).toBe('sent');
    expect(smtp.received.map((mail) => headerOf(mail.raw, 'Subject'))).toEqual([
      'Website enquiry: Quote please',
      'Website enquiry: Second',
      'Website enquiry: Third',
    ]);
  });

  it('a restarted outbox does not resend what a crashed one may have sent', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { store, outbox, log } = await setUp(smtp.port);
    const id = await store.save(message, { spam: false });
    await store.claim(id); // as if the previous process died while talking to the mail server
    await outbox.start();
    await outbox.idle();
    expect((await store.get(id))?.status).toBe('uncertain');
    expect(smtp.received).toHaveLength(0);
    expect(log.join('\n')).toContain('marked uncertain');
  });
});
