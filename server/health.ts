import { contactOf, plainAnswer } from './contact/endpoint.ts';
import type { WorkerEnv } from './types.ts';

/** The address a monitor asks whether enquiries are being stored and mailed. */
export const healthPath = '/api/health';

const sha256 = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).join();

/** Whether the request carries `Authorization: Bearer <HEALTH_TOKEN>` (a token of 24 characters or more). */
async function fromMonitor(request: Request, env: WorkerEnv): Promise<boolean> {
  const token = typeof env.HEALTH_TOKEN === 'string' ? env.HEALTH_TOKEN.trim() : '';
  const given = request.headers.get('Authorization')?.replace(/^Bearer\s+/, '');
  // Compared as digests, so the time taken tells nothing about how much of a guess was right.
  return token.length >= 24 && given !== undefined && (await sha256(given)) === (await sha256(token));
}

/**
 * GET /api/health: 200 while D1 answers, 503 when it does not, never cached. Anyone learns only
 * that; a monitor with the token also learns whether mail is set up and how many enquiries wait
 * to be mailed, and for how long the oldest has: a growing backlog means mail is not going out.
 */
export async function answerHealth(request: Request, env: WorkerEnv): Promise<Response> {
  let report: Record<string, unknown>;
  try {
    const contact = contactOf(env);
    const { pending, oldestReceivedAt, lastError } = await contact.store.backlog();
    report = (await fromMonitor(request, env))
      ? { ok: true, mail: { configured: contact.outbox !== null }, outbox: { pending, oldestPendingSeconds: oldestReceivedAt ? Math.round((Date.now() - Date.parse(oldestReceivedAt)) / 1000) : null, lastError } }
      : { ok: true };
  } catch (error) {
    console.error('[health] The contact store cannot be read:', error);
    report = { ok: false };
  }
  return Response.json(report, { status: report.ok ? 200 : 503, headers: { ...plainAnswer, Vary: 'Authorization' } });
}
