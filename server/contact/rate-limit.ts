/**
 * Counts requests per key (a visitor's address) in a sliding window, in memory. Enough for one
 * server; old keys are forgotten as their window passes, so memory stays bounded by recent visitors.
 */
export class RateLimiter {
  readonly #hits = new Map<string, number[]>();
  readonly #max: number;
  readonly #windowMs: number;

  constructor({ max, windowMs }: { max: number; windowMs: number }) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  /** Records a request; returns 0 when allowed, else the seconds until the next one would be. */
  hit(key: string, now = Date.now()): number {
    const since = now - this.#windowMs;
    const recent = (this.#hits.get(key) ?? []).filter((time) => time > since);
    if (recent.length >= this.#max) {
      this.#hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! + this.#windowMs - now) / 1000));
    }
    recent.push(now);
    this.#hits.set(key, recent);
    if (this.#hits.size > 10_000) this.#forgetBefore(since);
    return 0;
  }

  #forgetBefore(since: number): void {
    for (const [key, times] of this.#hits) if (times.every((time) => time <= since)) this.#hits.delete(key);
  }
}
