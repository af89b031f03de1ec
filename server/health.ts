import { createHash, timingSafeEqual } from 'node:crypto';
import { plainAnswerHeaders } from '../src/lib/publishing/cdn-headers.ts';
import type { ContactStore } from './contact/store.ts';

// GET /api/health, the same on Node (server/main.ts) and on Workers (server/cloudflare/worker.ts):
// the store's writability, proven at most once per proof and shared; the details for this machine
// or a monitor with the token; answers paced per visitor.

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

/** What the check looks at: the contact store, and whether mail is configured. */
export interface HealthSubject {
  store: Pick<ContactStore, 'recordHealthCheck' | 'backlog'>;
  mailConfigured: boolean;
}

/** A real write to the store, which fails when it cannot be written (full disk, lock, read-only file). */
async function proveWritable(subject: HealthSubject, now: Date): Promise<boolean> {
  try {
    await subject.store.recordHealthCheck(now);
    return true;
  } catch (error) {
    console.error('[health] The contact store cannot be written:', error);
    return false;
  }
}

/** The outbox's backlog: how many messages wait to be mailed, and for how long the oldest has. */
async function outboxBacklog(subject: HealthSubject, now: Date): Promise<HealthReport['outbox']> {
  try {
    const backlog = await subject.store.backlog();
    const oldest = backlog.oldestReceivedAt;
    return { pending: backlog.pending, oldestPendingSeconds: oldest ? Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)) : null };
  } catch (error) {
    console.error('[health] The contact store cannot be read:', error);
    return { pending: 0, oldestPendingSeconds: null };
  }
}

/**
 * The health check. One real write proves the store writable for `proofMs`, and every request in
 * that time shares the proof: a monitor polling every few seconds sees a failure within one proof,
 * and a flood of requests costs one synced write per proof, not one each. The public answer
 * touches nothing else; the details read the backlog as it is now.
 */
export function createHealthCheck(subject: HealthSubject, { proofMs = healthProofMs, now = () => Date.now() } = {}) {
  let proof: { at: number; writable: Promise<boolean> } | undefined;
  const writable = (at: number) => {
    if (!proof || at - proof.at >= proofMs || at < proof.at) proof = { at, writable: proveWritable(subject, new Date(at)) };
    return proof.writable;
  };
  async function report(detailed: true): Promise<HealthReport>;
  async function report(detailed: false): Promise<PublicHealthReport>;
  async function report(detailed: boolean): Promise<HealthReport | PublicHealthReport>;
  async function report(detailed: boolean): Promise<HealthReport | PublicHealthReport> {
    const at = now();
    const ok = await writable(at);
    if (!detailed) return { ok };
    return { ok, store: { writable: ok }, mail: { configured: subject.mailConfigured }, outbox: await outboxBacklog(subject, new Date(at)) };
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
export function readHealthToken(env: Record<string, unknown>): string | null {
  const token = typeof env.HEALTH_TOKEN === 'string' ? env.HEALTH_TOKEN.trim() : '';
  if (!token) return null;
  if (token.length < 24) throw new Error('HEALTH_TOKEN must be 24 characters or more (for example: openssl rand -hex 16), or unset.');
  return token;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** An address of this machine itself. */
const isLoopback = (address: string) => address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);

/**
 * Whether a health request may read the details (mail, backlog): from this machine itself (the
 * visitor's address, after TRUST_PROXY, is loopback), or with `Authorization: Bearer HEALTH_TOKEN`.
 * Anyone else learns only up or down.
 */
export function mayReadHealthDetails(visitor: string, authorization: string | null | undefined, token: string | null): boolean {
  if (isLoopback(visitor)) return true;
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  // Compared as digests, in constant time: no timing tells how much of a guess was right.
  return timingSafeEqual(digest(authorization.slice('Bearer '.length).trim()), digest(token));
}

/** The answer to GET or HEAD /api/health: 200 or 503, never cached, varying by who asks. */
export function healthAnswer(report: HealthReport | PublicHealthReport, method: string): { status: number; headers: Record<string, string>; body: string | null } {
  const body = `${JSON.stringify(report)}\n`;
  return {
    status: report.ok ? 200 : 503,
    headers: { ...plainAnswerHeaders(), 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(new TextEncoder().encode(body).length), Vary: 'Authorization' },
    body: method === 'HEAD' ? null : body,
  };
}

/** The answer when one address has too many health checks waiting. */
export function tooManyHealthChecks(): { status: number; headers: Record<string, string>; body: string } {
  return {
    status: 429,
    headers: { ...plainAnswerHeaders(), 'Retry-After': '1', Connection: 'close', 'Content-Type': 'text/plain; charset=utf-8' },
    body: 'Too many health checks at once from your address.\n',
  };
}
