import { WINDOW_MS, type RateLimitDecision, type RateLimiter } from "./types";

/**
 * A fixed-window limiter in this process's memory, for the embedded default (one instance).
 * Windows are aligned to the minute, like Upstash's, so both report the same reset times.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counts = new Map<string, number>();
  private window = 0;

  constructor(private readonly limit: number) {}

  async check(identifier: string): Promise<RateLimitDecision> {
    const window = Math.floor(Date.now() / WINDOW_MS);
    if (window !== this.window) {
      this.counts.clear();
      this.window = window;
    }
    const count = (this.counts.get(identifier) ?? 0) + 1;
    this.counts.set(identifier, count);
    return {
      allowed: count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - count),
      resetAt: (window + 1) * WINDOW_MS,
    };
  }
}
