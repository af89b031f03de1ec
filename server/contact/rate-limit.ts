/** How many posts one visitor may make in a window. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/** Counts posts per visitor (their address); each runtime keeps the count where it holds. */
export interface RateLimiter {
  /** Records a post; 0 when allowed, else the seconds until the next one would be. */
  hit(key: string, now: number): number | Promise<number>;
}

/**
 * The rule, on what a limiter has counted: a visitor with `count` posts in the window, the oldest
 * at `oldest`, may post again when that one leaves the window.
 */
export function secondsToWait({ count, oldest }: { count: number; oldest: number | null }, now: number, rule: RateRule): number {
  if (count < rule.max || oldest === null) return 0;
  return Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000));
}

/**
 * Counts in memory: enough for one server, whose every post passes through it. Old keys are
 * forgotten as their window passes, so memory stays bounded by recent visitors.
 */
export class MemoryRateLimiter implements RateLimiter {
  readonly #hits = new Map<string, number[]>();
  readonly #rule: RateRule;

  constructor(rule: RateRule) {
    this.#rule = rule;
  }

  hit(key: string, now = Date.now()): number {
    const since = now - this.#rule.windowMs;
    const recent = (this.#hits.get(key) ?? []).filter((time) => time > since);
    const wait = secondsToWait({ count: recent.length, oldest: recent[0] ?? null }, now, this.#rule);
    if (wait === 0) recent.push(now);
    this.#hits.set(key, recent);
    if (this.#hits.size > 10_000) this.#forgetBefore(since);
    return wait;
  }

  #forgetBefore(since: number): void {
    for (const [key, times] of this.#hits) if (times.every((time) => time <= since)) this.#hits.delete(key);
  }
}
