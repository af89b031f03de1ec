import type { D1Database } from '../types.ts';

/**
 * The limit on posts per visitor (`max` in `windowMs`), counted in D1: a Worker's isolates share no
 * memory. A post is recorded only while the visitor is within the limit, in one statement, so two
 * posts at once cannot both take the last place. The cron forgets what has left the window.
 */
export function rateLimiter(db: D1Database, rule: { max: number; windowMs: number }) {
  return {
    /** Records a post; 0 when it is allowed, else the seconds until the visitor may post again. */
    async hit(visitor: string, now: number): Promise<number> {
      const since = now - rule.windowMs;
      const { meta } = await db.prepare('INSERT INTO rate_hits (key, at) SELECT ?1, ?2 WHERE (SELECT COUNT(*) FROM rate_hits WHERE key = ?1 AND at > ?3) < ?4').bind(visitor, now, since, rule.max).run();
      if (meta.changes === 1) return 0;
      const oldest = await db.prepare('SELECT MIN(at) AS at FROM rate_hits WHERE key = ? AND at > ?').bind(visitor, since).first<{ at: number | null }>();
      return Math.max(1, Math.ceil(((oldest?.at ?? now) + rule.windowMs - now) / 1000));
    },

    async forgetBefore(now: number): Promise<void> {
      await db.prepare('DELETE FROM rate_hits WHERE at <= ?').bind(now - rule.windowMs).run();
    },
  };
}
