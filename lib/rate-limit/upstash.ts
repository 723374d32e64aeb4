import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import { type RateLimitDecision, type RateLimiter } from "./types";

const FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * The ephemeral cache @upstash/ratelimit keeps of refused identifiers (when their window ends), so
 * that their requests until then need no Redis. The library lets go of an entry only after that
 * instant, which would refuse a request at the very millisecond the next window starts, with the
 * ended window's reset; here the entry goes at that millisecond.
 */
class RefusedUntil extends Map<string, number> {
  override has(identifier: string): boolean {
    if ((this.get(identifier) ?? Infinity) <= Date.now()) this.delete(identifier);
    return super.has(identifier);
  }
}

/**
 * @upstash/ratelimit's fixed window on Upstash Redis, shared by every instance. When Redis is
 * slow (over `timeoutMs`) or unreachable, requests pass: an outage of the limiter must not
 * become an outage of the API. The failure is logged loudly, at most once a minute.
 */
export class UpstashRateLimiter implements RateLimiter {
  private readonly ratelimit: Ratelimit;
  private lastFailureLog = 0;

  constructor(
    connection: { url: string; token: string },
    private readonly limit: number,
    prefix: string,
    private readonly windowMs: number,
    timeoutMs = 1_000,
  ) {
    this.ratelimit = new Ratelimit({
      // Abandon a request that outlives the timeout, so that a hanging Redis does not pile up connections.
      redis: new Redis({ url: connection.url, token: connection.token, retry: false, signal: () => AbortSignal.timeout(timeoutMs) }),
      limiter: Ratelimit.fixedWindow(limit, `${windowMs / 1000} s`),
      prefix,
      ephemeralCache: new RefusedUntil(),
      timeout: timeoutMs,
      analytics: false,
    });
  }

  async check(identifier: string): Promise<RateLimitDecision> {
    try {
      const result = await this.ratelimit.limit(identifier);
      // On its timeout the library lets the request pass but reports limit, remaining and reset as 0.
      if (result.reason !== "timeout") {
        return { allowed: result.success, limit: this.limit, remaining: Math.max(0, result.remaining), resetAt: result.reset };
      }
      this.logFailure(new Error(`Upstash Redis did not answer within the timeout`));
    } catch (error) {
      this.logFailure(error);
    }
    return this.unlimitedDecision();
  }

  async peek(identifier: string): Promise<RateLimitDecision> {
    try {
      const { remaining, reset } = await this.ratelimit.getRemaining(identifier);
      return { allowed: remaining > 0, limit: this.limit, remaining: Math.max(0, remaining), resetAt: reset };
    } catch (error) {
      this.logFailure(error);
      return this.unlimitedDecision();
    }
  }

  /** What a request is told while Redis does not answer: it passes. */
  private unlimitedDecision(): RateLimitDecision {
    return { allowed: true, limit: this.limit, remaining: this.limit, resetAt: (Math.floor(Date.now() / this.windowMs) + 1) * this.windowMs };
  }

  private logFailure(error: unknown) {
    const now = Date.now();
    if (now - this.lastFailureLog < FAILURE_LOG_INTERVAL_MS) return;
    this.lastFailureLog = now;
    console.error("[rate-limit] UPSTASH REDIS IS UNAVAILABLE: requests are let through without rate limiting.", (error as Error).message ?? error);
  }
}
