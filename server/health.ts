import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { plainAnswerHeaders } from '../src/lib/publishing/cdn-headers.ts';
import type { ContactService } from './contact/service.ts';

/** What GET /api/health tells the operator: counts and ages only, nothing a visitor wrote. */
export interface HealthReport {
  ok: boolean;
  store: { writable: boolean };
  mail: { configured: boolean };
  outbox: { pending: number; oldestPendingSeconds: number | null };
}

/** What it tells anyone else: up or down. */
export type PublicHealthReport = Pick<HealthReport, 'ok'>;

/** How long one proof that the store can be written stands for every health request. */
export const healthProofMs = 5_000;

/** A real write to the store, which fails when it cannot be written (full disk, lock, read-only file). */
function proveWritable(contact: ContactService, now: Date): boolean {
  try {
    contact.store.recordHealthCheck(now);
    return true;
  } catch (error) {
    console.error('[health] The contact store cannot be written:', error);
    return false;
  }
}

/** The outbox's backlog: how many messages wait to be mailed, and for how long the oldest has. */
function outboxBacklog(contact: ContactService, now: Date): HealthReport['outbox'] {
  try {
    const backlog = contact.store.backlog();
    const oldest = backlog.oldestReceivedAt;
    return { pending: backlog.pending, oldestPendingSeconds: oldest ? Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)) : null };
  } catch (error) {
    console.error('[health] The contact store cannot be read:', error);
    return { pending: 0, oldestPendingSeconds: null };
  }
}

/**
 * The server's health for a monitor or a load balancer. One real write proves the store writable
 * for `proofMs`, and every request in that time shares the proof: a monitor polling every few
 * seconds sees a failure within one proof, and a flood of requests costs one synced write per
 * proof, not one each. The public answer touches nothing else; the details (for this machine or a
 * monitor with the token) read the backlog as it is now.
 */
export function createHealthCheck(contact: ContactService, { proofMs = healthProofMs, now = () => Date.now() } = {}) {
  let proof: { at: number; writable: boolean } | undefined;
  const writable = (at: number) => {
    if (!proof || at - proof.at >= proofMs || at < proof.at) proof = { at, writable: proveWritable(contact, new Date(at)) };
    return proof.writable;
  };
  function report(detailed: true): HealthReport;
  function report(detailed: false): PublicHealthReport;
  function report(detailed: boolean): HealthReport | PublicHealthReport;
  function report(detailed: boolean): HealthReport | PublicHealthReport {
    const at = now();
    const ok = writable(at);
    if (!detailed) return { ok };
    return { ok, store: { writable: ok }, mail: { configured: contact.outbox !== null }, outbox: outboxBacklog(contact, new Date(at)) };
  }
  return report;
}

/**
 * Paces the health answers to each visitor address: at most `perSecond` a second. A monitor polls
 * every few seconds and never waits. A flood from one address (wrk, or a misconfigured checker)
 * waits its turn on a timer, which costs the server nothing, instead of taking its one thread from
 * the pages: answered at once, even a cached answer costs a request's parsing and writing, and a
 * client that floods sends the next as soon as one is answered. Past `maxWaiting` waiting at once,
 * `take` refuses (null): the caller answers 429 and closes the connection.
 */
export function createHealthPacer({ perSecond = 10, maxWaiting = 100, now = () => Date.now() } = {}) {
  const interval = 1000 / perSecond;
  const visitors = new Map<string, { nextAt: number; waiting: number }>();
  const forgetIdle = (at: number) => {
    for (const [visitor, state] of visitors) if (state.waiting === 0 && state.nextAt <= at) visitors.delete(visitor);
  };
  return {
    /** Milliseconds this visitor's answer must wait, or null when too many of theirs already wait. Call `done` when it is answered. */
    take(visitor: string): { waitMs: number; done: () => void } | null {
      const at = now();
      if (visitors.size > 10_000) forgetIdle(at);
      const state = visitors.get(visitor) ?? { nextAt: at, waiting: 0 };
      if (state.waiting >= maxWaiting) return null;
      const slot = Math.max(at, state.nextAt);
      state.nextAt = slot + interval;
      state.waiting += 1;
      visitors.set(visitor, state);
      let released = false;
      return {
        waitMs: slot - at,
        done: () => {
          if (released) return;
          released = true;
          state.waiting -= 1;
        },
      };
    },
  };
}

/** HEALTH_TOKEN: optional; with it, a monitor elsewhere may read the details. Throws a message naming what is wrong. */
export function readHealthToken(env: Record<string, string | undefined>): string | null {
  const token = env.HEALTH_TOKEN?.trim();
  if (!token) return null;
  if (token.length < 24) throw new Error('HEALTH_TOKEN must be 24 characters or more (for example: openssl rand -hex 16), or unset.');
  return token;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a health request may read the details (mail, backlog): from this machine itself (the
 * visitor's address, after TRUST_PROXY, is loopback), or with `Authorization: Bearer HEALTH_TOKEN`.
 * Anyone else learns only up or down.
 */
export function mayReadHealthDetails(visitor: string, authorization: string | undefined, token: string | null): boolean {
  const family = isIP(visitor);
  if (family === 4 ? visitor.startsWith('127.') : family === 6 && visitor === '::1') return true;
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  // Compared as digests, in constant time: no timing tells how much of a guess was right.
  return timingSafeEqual(digest(authorization.slice('Bearer '.length).trim()), digest(token));
}

/** Answers GET or HEAD /api/health (server/main.ts allows no other method): 200 or 503, never cached. */
export function answerHealth(request: IncomingMessage, response: ServerResponse, report: HealthReport | PublicHealthReport): void {
  const body = `${JSON.stringify(report)}\n`;
  response.writeHead(report.ok ? 200 : 503, {
    ...plainAnswerHeaders(),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    // The answer differs by who asks.
    Vary: 'Authorization',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}
