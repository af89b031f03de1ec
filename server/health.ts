import type { ServerResponse } from 'node:http';
import type { ContactService } from './contact/service.ts';

/** What GET /api/health reports: counts and ages only, nothing a visitor wrote. */
export interface HealthReport {
  ok: boolean;
  store: { writable: boolean };
  mail: { configured: boolean };
  outbox: { pending: number; oldestPendingSeconds: number | null };
}

/**
 * The server's health for a monitor or a load balancer: 200 when the contact store can be written
 * (tried with a real write), 503 when it cannot, with the outbox's backlog either way. Safe to
 * expose: no addresses, names or errors (the error goes to the server's log).
 */
export function checkHealth(contact: ContactService, now = new Date()): HealthReport {
  let writable = true;
  try {
    contact.store.recordHealthCheck(now);
  } catch (error) {
    writable = false;
    console.error('[health] The contact store cannot be written:', error);
  }
  let pending = 0;
  let oldestPendingSeconds: number | null = null;
  try {
    const backlog = contact.store.backlog();
    pending = backlog.pending;
    oldestPendingSeconds = backlog.oldestReceivedAt ? Math.max(0, Math.round((now.getTime() - backlog.oldestReceivedAt.getTime()) / 1000)) : null;
  } catch (error) {
    console.error('[health] The contact store cannot be read:', error);
  }
  return { ok: writable, store: { writable }, mail: { configured: contact.outbox !== null }, outbox: { pending, oldestPendingSeconds } };
}

export function answerHealth(method: string | undefined, response: ServerResponse, contact: ContactService): void {
  if (method !== 'GET' && method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end('Method not allowed.\n');
    return;
  }
  const report = checkHealth(contact);
  const body = `${JSON.stringify(report)}\n`;
  response.writeHead(report.ok ? 200 : 503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Length': Buffer.byteLength(body) });
  response.end(method === 'HEAD' ? undefined : body);
}
