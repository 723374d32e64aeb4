import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { MemoryRateLimiter } from "./memory";
import { WINDOW_MS, type RateLimitDecision, type RateLimiter } from "./types";
import { UpstashRateLimiter } from "./upstash";

/** Failed authentications allowed per client IP and minute (docs/api.md, "Rate limits"). */
export const FAILED_AUTHENTICATIONS_PER_MINUTE = 60;

type Limiters = { requests: RateLimiter; failedAuthentications: RateLimiter };

const holder = globalThis as typeof globalThis & { __worklogRateLimiters?: Limiters; __worklogNamedLimiters?: Map<string, RateLimiter> };

const unlimitedDecision = async () => ({ allowed: true, limit: Number.MAX_SAFE_INTEGER, remaining: Number.MAX_SAFE_INTEGER, resetAt: 0 });
const unlimited: RateLimiter = { check: unlimitedDecision, peek: unlimitedDecision };

function createLimiters(): Limiters {
  const { upstash, rateLimitPerMinute, rateLimitDisabled } = getConfig();
  if (rateLimitDisabled) return { requests: unlimited, failedAuthentications: unlimited };
  if (upstash) {
    return {
      requests: new UpstashRateLimiter(upstash, rateLimitPerMinute, "worklog:requests"),
      failedAuthentications: new UpstashRateLimiter(upstash, FAILED_AUTHENTICATIONS_PER_MINUTE, "worklog:failed-auth"),
    };
  }
  return {
    requests: new MemoryRateLimiter(rateLimitPerMinute),
    failedAuthentications: new MemoryRateLimiter(FAILED_AUTHENTICATIONS_PER_MINUTE),
  };
}

function limiters(): Limiters {
  return (holder.__worklogRateLimiters ??= createLimiters());
}

/**
 * A limiter of its own for one purpose: `limit` per window of `windowMs` per identifier, in this
 * process or in Upstash under `name`; one per name and process.
 */
export function namedLimiter(name: string, limit: number, windowMs: number): RateLimiter {
  const named = (holder.__worklogNamedLimiters ??= new Map());
  let limiter = named.get(name);
  if (!limiter) {
    const { upstash, rateLimitDisabled } = getConfig();
    if (rateLimitDisabled) limiter = unlimited;
    else limiter = upstash ? new UpstashRateLimiter(upstash, limit, `worklog:${name}`, windowMs) : new MemoryRateLimiter(limit, windowMs);
    named.set(name, limiter);
  }
  return limiter;
}

export function secondsUntil(resetAt: number): number {
  return Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
}

export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    "x-ratelimit-limit": String(decision.limit),
    "x-ratelimit-remaining": String(decision.remaining),
    "x-ratelimit-reset": String(Math.ceil(decision.resetAt / 1000)),
    "x-ratelimit-window": String(WINDOW_MS / 1000),
  };
}

function rateLimited(decision: RateLimitDecision): AppError {
  const retryAfter = secondsUntil(decision.resetAt);
  return new AppError("rate_limited", `Rate limit exceeded: ${decision.limit} requests per minute. Retry after ${retryAfter} seconds.`, {
    extra: { retry_after: retryAfter },
    headers: { ...rateLimitHeaders(decision), "retry-after": String(retryAfter) },
  });
}

/** Counts a request of an account (all its keys and tokens share the budget); throws the 429 past it. */
export async function limitAccount(userId: string): Promise<Record<string, string>> {
  const decision = await limiters().requests.check(userId);
  if (!decision.allowed) throw rateLimited(decision);
  return rateLimitHeaders(decision);
}

/** Counts a failed authentication from a client IP; past the limit the answer is 429 instead of 401. */
export async function limitFailedAuthentication(clientIp: string, failure: AppError): Promise<AppError> {
  const decision = await limiters().failedAuthentications.check(clientIp);
  return decision.allowed ? failure : rateLimited(decision);
}

/** The client's address as the nearest proxy (Vercel, or Next.js itself) reports it. */
export function clientIp(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || request.headers.get("x-real-ip") || "unknown";
}
