/** The outcome of counting one request against an identifier's window. */
export type RateLimitDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window ends, in Unix milliseconds. */
  resetAt: number;
};

export interface RateLimiter {
  check(identifier: string): Promise<RateLimitDecision>;
}

export const WINDOW_MS = 60_000;
