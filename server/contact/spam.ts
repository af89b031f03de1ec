import { honeypotField, startedField } from '../../src/lib/contact/schema.ts';

/**
 * Why a submission looks automated, or `null`. It is answered exactly like a real one (so a bot
 * learns nothing) but stored as spam and never mailed. Without JavaScript there is no start time,
 * so only the honeypot (and the rate limit) applies to those posts.
 */
export function spamReason(fields: Record<string, unknown>, { minFillMs, now = Date.now() }: { minFillMs: number; now?: number }): string | null {
  const honeypot = fields[honeypotField];
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return 'honeypot field filled in';
  // An empty field is no start time, though Number('') is 0.
  const started = fields[startedField] === '' ? NaN : Number(fields[startedField]);
  if (Number.isFinite(started) && now - started < minFillMs) return `form filled in ${Math.max(0, now - started)} ms`;
  return null;
}
