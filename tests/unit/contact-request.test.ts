import { describe, expect, it } from 'vitest';
import { readContactConfig } from '../../server/contact/config.ts';
import { MemoryRateLimiter } from '../../server/contact/rate-limit.ts';
import { processContactRequest, type ContactIntake } from '../../server/contact/request.ts';
import { openContactStore } from '../../server/contact/sqlite.ts';
import type { ContactStore } from '../../server/contact/store.ts';
import { validMessage } from '../support/fixtures.ts';

const origin = 'https://www.example.com';
const fields = validMessage;

/** What the endpoint decides with: the settings from `env`, a store in memory, and a count of the messages handed on to be mailed. */
function service(env: Record<string, string> = {}): ContactIntake & { store: ContactStore; kicks: number } {
  const config = readContactConfig(env, { recipient: 'support@example.com', siteUrl: 'https://www.example.com' });
  const state = { kicks: 0 };
  return {
    config,
    store: openContactStore(':memory:'),
    limiter: new MemoryRateLimiter(config.rateLimit),
    onStored: () => state.kicks++,
    get kicks() {
      return state.kicks;
    },
  };
}

function post(body: BodyInit | null, headers: Record<string, string> = {}, method = 'POST'): Request {
  return new Request(`${origin}/api/contact`, { method, body, headers: { Origin: origin, ...headers }, duplex: 'half' } as RequestInit);
}

const form = (values: Record<string, string>) => post(new URLSearchParams(values).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' });

describe('processContactRequest', () => {
  it('stores a valid form post, then asks the outbox to mail it', async () => {
    const contact = service();
    const outcome = await processContactRequest(form(fields), { intake: contact, clientAddress: '1.2.3.4' });
    expect(outcome).toEqual({ kind: 'accepted', id: 1 });
    expect(await contact.store.get(1)).toMatchObject({ ...fields, status: 'pending', ip: '1.2.3.4' });
    expect(contact.kicks).toBe(1);
  });

  it('takes JSON and multipart posts too', async () => {
    const contact = service();
    const json = post(JSON.stringify(fields), { 'Content-Type': 'application/json' });
    expect((await processContactRequest(json, { intake: contact, clientAddress: 'a' })).kind).toBe('accepted');
    const multipart = new FormData();
    for (const [name, value] of Object.entries(fields)) multipart.append(name, value);
    const request = new Request(`${origin}/api/contact`, { method: 'POST', body: multipart, headers: { Origin: origin } });
    expect((await processContactRequest(request, { intake: contact, clientAddress: 'b' })).kind).toBe('accepted');
    expect(await contact.store.count()).toBe(2);
  });

  it('answers spam like a real message but stores it as spam and does not mail it', async () => {
    const contact = service();
    const outcome = await processContactRequest(form({ ...fields, website: 'http://buy.example' }), { intake: contact, clientAddress: 'a' });
    expect(outcome.kind).toBe('accepted');
    expect(await contact.store.count('spam')).toBe(1);
    expect(contact.kicks).toBe(0);
    const fast = form({ ...fields, 'form-started': String(Date.now() - 200) });
    expect((await processContactRequest(fast, { intake: contact, clientAddress: 'b' })).kind).toBe('accepted');
    expect(await contact.store.count('spam')).toBe(2);
  });

  it('returns the problem with each field, and stores nothing', async () => {
    const contact = service();
    const outcome = await processContactRequest(form({ ...fields, email: 'nope', subject: 'a\r\nBcc: x@example.org' }), { intake: contact, clientAddress: 'a' });
    expect(outcome).toEqual({
      kind: 'invalid',
      status: 400,
      errors: { email: 'Please enter an e-mail address like name@example.com.', subject: 'Please keep a subject on one line.' },
    });
    expect(await contact.store.count()).toBe(0);
  });

  it('refuses other methods (405), cross-site posts (403) and other content types (415)', async () => {
    const contact = service();
    const check = (request: Request) => processContactRequest(request, { intake: contact, clientAddress: 'a' });
    expect(await check(post(null, {}, 'PUT'))).toMatchObject({ status: 405 });
    expect(await check(post('x=1', { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' }))).toMatchObject({ status: 403 });
    const noOrigin = new Request(`${origin}/api/contact`, { method: 'POST', body: 'x=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(await check(noOrigin)).toMatchObject({ status: 403 });
    expect(await check(post('<x/>', { 'Content-Type': 'application/xml' }))).toMatchObject({ status: 415 });
    expect(await check(post('x', {}))).toMatchObject({ status: 415 });
  });

  it('behind a proxy, judges the origin the visitor used, not the plain-http hop the request arrived on', async () => {
    const contact = service();
    const hop = (origin: string) =>
      new Request('http://127.0.0.1:4321/api/contact', { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin } });
    const behindProxy = { intake: contact, clientAddress: 'a', origin: 'https://shop.example:4722' };
    expect((await processContactRequest(hop('https://shop.example:4722'), behindProxy)).kind).toBe('accepted');
    expect(await processContactRequest(hop('http://shop.example:4722'), behindProxy)).toMatchObject({ status: 403 });
    expect(await processContactRequest(hop('https://evil.example'), behindProxy)).toMatchObject({ status: 403 });
    // The site's public address (its url setting) is its own, wherever the endpoint runs.
    expect((await processContactRequest(hop('https://www.example.com'), behindProxy)).kind).toBe('accepted');
  });

  it('refuses bodies over 32 KB, whether declared or streamed (413)', async () => {
    const contact = service();
    const big = 'x'.repeat(40_000);
    expect(await processContactRequest(post(big, { 'Content-Type': 'application/json' }), { intake: contact, clientAddress: 'a' })).toMatchObject({
      status: 413,
    });
    const stream = new ReadableStream({
      start(controller) {
        for (let index = 0; index < 10; index++) controller.enqueue(new TextEncoder().encode('y'.repeat(5000)));
        controller.close();
      },
    });
    expect(await processContactRequest(post(stream, { 'Content-Type': 'application/json' }), { intake: contact, clientAddress: 'a' })).toMatchObject({
      status: 413,
    });
  });

  it('answers 400 to bodies that are not what they claim', async () => {
    const contact = service();
    for (const [body, type] of [
      ['{not json', 'application/json'],
      ['[1,2]', 'application/json'],
      ['{"name":{"x":1}}', 'application/json'],
      [new Uint8Array([0xff, 0xfe, 0x00]), 'application/x-www-form-urlencoded'],
      ['--x\r\nbroken', 'multipart/form-data; boundary=zzz'],
    ] as const) {
      expect(await processContactRequest(post(body, { 'Content-Type': type }), { intake: contact, clientAddress: 'a' }), String(body)).toMatchObject({
        status: 400,
      });
    }
  });

  it('limits how often one address may post (429) and says when to retry', async () => {
    const contact = service({ CONTACT_RATE_LIMIT: '2', CONTACT_RATE_WINDOW_SECONDS: '60' });
    const send = () => processContactRequest(form(fields), { intake: contact, clientAddress: '9.9.9.9', now: 1_000_000 });
    await send();
    await send();
    expect(await send()).toMatchObject({ kind: 'rejected', status: 429, retryAfterSeconds: 60 });
    expect((await processContactRequest(form(fields), { intake: contact, clientAddress: '8.8.8.8', now: 1_000_000 })).kind).toBe('accepted');
  });
});
