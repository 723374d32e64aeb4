import { type RateLimitDecision, type RateLimiter } from "./types";

/**
 * A fixed-window limiter in this process's memory, for the embedded default (one instance).
 * Windows are aligned to the minute, like Upstash's, so both report the same reset times.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counts = new Map<string, number>();
  private window = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async check(identifier: string): Promise<RateLimitDecision> {
    const count = this.countOf(identifier) + 1;
    this.counts.set(identifier, count);
    return this.decision(count, count <= this.limit);
  }

  async peek(identifier: string): Promise<RateLimitDecision> {
    const count = this.countOf(identifier);
    return this.decision(count, count < this.limit);
  }

  /** The identifier's count in the current window, forgetting every count of a past one. */
  private countOf(identifier: string): number {
    const window = Math.floor(Date.now() / this.windowMs);
    if (window !== this.window) {
      this.counts.clear();
      this.window = window;
    }
    return this.counts.get(identifier) ?? 0;
  }

  private decision(count: number, allowed: boolean): RateLimitDecision {
    return { allowed, limit: this.limit, remaining: Math.max(0, this.limit - count), resetAt: (this.window + 1) * this.windowMs };
  }
}
