import { secondsToWait, type RateLimiter, type RateRule } from '../contact/rate-limit.ts';
import type { D1Database } from './runtime-types.ts';

/**
 * The rate limit on Workers, counted in D1: a Worker runs in many isolates, which share no memory,
 * so a count kept in one would let a visitor post again from the next. A post is recorded only
 * when the visitor is within the limit, in one statement, which D1 runs alone: two posts at once
 * cannot both take the last place. The Cron Trigger forgets what has left the window.
 */
export class D1RateLimiter implements RateLimiter {
  readonly #db: D1Database;
  readonly #rule: RateRule;

  constructor(db: D1Database, rule: RateRule) {
    this.#db = db;
    this.#rule = rule;
  }

  async hit(key: string, now = Date.now()): Promise<number> {
    const since = now - this.#rule.windowMs;
    const { meta } = await this.#db
      .prepare('INSERT INTO rate_hits (key, at) SELECT ?1, ?2 WHERE (SELECT COUNT(*) FROM rate_hits WHERE key = ?1 AND at > ?3) < ?4')
      .bind(key, now, since, this.#rule.max)
      .run();
    if (meta.changes === 1) return 0;
    const counted = await this.#db.prepare('SELECT COUNT(*) AS count, MIN(at) AS oldest FROM rate_hits WHERE key = ? AND at > ?').bind(key, since).first<{ count: number; oldest: number | null }>();
    return secondsToWait({ count: Number(counted?.count ?? 0), oldest: counted?.oldest ?? null }, now, this.#rule);
  }

  /** Forgets the posts that have left the window. */
  async forgetBefore(now = Date.now()): Promise<void> {
    await this.#db.prepare('DELETE FROM rate_hits WHERE at <= ?').bind(now - this.#rule.windowMs).run();
  }
}
