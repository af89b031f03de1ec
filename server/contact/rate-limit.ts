import type { D1Database } from '../types.ts';

/** How many posts one visitor may make in a window. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/**
 * The limit on posts per visitor, counted in D1: a Worker runs in many isolates, which share no
 * memory, so a count kept in one would let a visitor post again from the next. A post is recorded
 * only when the visitor is within the limit, in one statement, which D1 runs alone: two posts at
 * once cannot both take the last place. The cron forgets what has left the window.
 */
export class RateLimiter {
  readonly #db: D1Database;
  readonly #rule: RateRule;

  constructor(db: D1Database, rule: RateRule) {
    this.#db = db;
    this.#rule = rule;
  }

  /** Records a post; 0 when it is allowed, else the seconds until the visitor may post again. */
  async hit(visitor: string, now: number): Promise<number> {
    const since = now - this.#rule.windowMs;
    const { meta } = await this.#db
      .prepare('INSERT INTO rate_hits (key, at) SELECT ?1, ?2 WHERE (SELECT COUNT(*) FROM rate_hits WHERE key = ?1 AND at > ?3) < ?4')
      .bind(visitor, now, since, this.#rule.max)
      .run();
    if (meta.changes === 1) return 0;
    const oldest = await this.#db.prepare('SELECT MIN(at) AS at FROM rate_hits WHERE key = ? AND at > ?').bind(visitor, since).first<{ at: number | null }>();
    return Math.max(1, Math.ceil(((oldest?.at ?? now) + this.#rule.windowMs - now) / 1000));
  }

  /** Forgets the posts that have left the window. */
  async forgetBefore(now: number): Promise<void> {
    await this.#db.prepare('DELETE FROM rate_hits WHERE at <= ?').bind(now - this.#rule.windowMs).run();
  }
}
