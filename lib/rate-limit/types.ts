/** The outcome of counting one request against an identifier's window. */
export type RateLimitDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window ends, in Unix milliseconds. */
  resetAt: number;
};

export interface RateLimiter {
  /** Counts one more request of the identifier and decides on it. */
  check(identifier: string): Promise<RateLimitDecision>;
  /** Whether one more would be allowed, counting nothing. */
  peek(identifier: string): Promise<RateLimitDecision>;
}
