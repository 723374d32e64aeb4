import { Redis } from "@upstash/redis";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { MemoryRateLimiter } from "./memory";
import type { RateLimitDecision, RateLimiter } from "./types";
import { UpstashRateLimiter } from "./upstash";

/** Failed authentications allowed per client IP and minute (docs/api.md, "Rate limits"). */
export const FAILED_AUTHENTICATIONS_PER_MINUTE = 60;

/** Requests to the guessable device-flow endpoints allowed per client IP and minute (docs/api.md, "OAuth device flow"). */
export const OAUTH_REQUESTS_PER_MINUTE = 60;

const holder = globalThis as typeof globalThis & { __worklogRateLimiters?: Map<string, RateLimiter> };

const unlimitedDecision = async () => ({ allowed: true, limit: Number.MAX_SAFE_INTEGER, remaining: Number.MAX_SAFE_INTEGER, resetAt: 0 });
const unlimited: RateLimiter = { check: unlimitedDecision, peek: unlimitedDecision };

/** The window of the limits counted per minute: 60 s unless RATE_LIMIT_WINDOW_SECONDS says otherwise (tests). */
const minuteWindowMs = () => getConfig().rateLimitWindowMs;

/**
 * A limiter of its own for one purpose: `limit` per window of `windowMs` (the configured minute
 * unless given) per identifier, in this process or in Upstash under `name`; one per name and process.
 */
export function namedLimiter(name: string, limit: number, windowMs = minuteWindowMs()): RateLimiter {
  const named = (holder.__worklogRateLimiters ??= new Map());
  let limiter = named.get(name);
  if (!limiter) {
    const { upstash, rateLimitDisabled } = getConfig();
    if (rateLimitDisabled) limiter = unlimited;
    else limiter = upstash ? new UpstashRateLimiter(upstash, limit, `worklog:${name}`, windowMs, upstash.timeoutMs) : new MemoryRateLimiter(limit, windowMs);
    named.set(name, limiter);
  }
  return limiter;
}

export function secondsUntil(resetAt: number): number {
  return Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
}

/** The limit's headers: `x-ratelimit-*`, and the IETF httpapi-ratelimit-headers' `RateLimit-Policy` and `RateLimit`. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    "x-ratelimit-limit": String(decision.limit),
    "x-ratelimit-remaining": String(decision.remaining),
    "x-ratelimit-reset": String(Math.ceil(decision.resetAt / 1000)),
    "x-ratelimit-window": String(minuteWindowMs() / 1000),
    "ratelimit-policy": `"default"; q=${decision.limit}; w=${minuteWindowMs() / 1000}`,
    ratelimit: `"default"; r=${decision.remaining}; t=${Math.max(0, Math.ceil((decision.resetAt - Date.now()) / 1000))}`,
  };
}

/** "minute", or the window's seconds where RATE_LIMIT_WINDOW_SECONDS makes it another length. */
function windowInWords(): string {
  const seconds = minuteWindowMs() / 1000;
  return seconds === 60 ? "minute" : `${seconds} seconds`;
}

function rateLimited(decision: RateLimitDecision): AppError {
  const retryAfter = secondsUntil(decision.resetAt);
  return new AppError("rate_limited", `Rate limit exceeded: ${decision.limit} requests per ${windowInWords()}. Retry after ${retryAfter} seconds.`, {
    extra: { retry_after: retryAfter },
    headers: { ...rateLimitHeaders(decision), "retry-after": String(retryAfter) },
  });
}

/** Counts a request of an account (all its keys and tokens share the budget); throws the 429 past it. */
export async function limitAccount(userId: string): Promise<Record<string, string>> {
  const decision = await namedLimiter("requests", getConfig().rateLimitPerMinute).check(userId);
  if (!decision.allowed) throw rateLimited(decision);
  return rateLimitHeaders(decision);
}

/** Counts a failed authentication from a client IP; past the limit the answer is 429 instead of 401. */
export async function limitFailedAuthentication(clientIp: string, failure: AppError): Promise<AppError> {
  const decision = await namedLimiter("failed-auth", FAILED_AUTHENTICATIONS_PER_MINUTE).check(clientIp);
  return decision.allowed ? failure : rateLimited(decision);
}

/** Counts a request to a guessable device-flow endpoint; past the limit, the seconds until it may retry. */
export async function limitOAuthRequest(clientIp: string): Promise<{ retryAfter: number } | undefined> {
  const decision = await namedLimiter("oauth", OAUTH_REQUESTS_PER_MINUTE).check(clientIp);
  return decision.allowed ? undefined : { retryAfter: secondsUntil(decision.resetAt) };
}

/** Counts a request against the named limiter (`limit` per minute per identifier); throws the contract's 429 past it. */
export async function limitRequests(name: string, limit: number, identifier: string): Promise<void> {
  const decision = await namedLimiter(name, limit).check(identifier);
  if (!decision.allowed) throw rateLimited(decision);
}

/**
 * What the limits are counted in, for the readiness probe: this process, Upstash Redis (pinged,
 * within UPSTASH_TIMEOUT_MS), or nothing (RATE_LIMIT_DISABLED).
 */
export async function rateLimiterState(): Promise<"in_process" | "ok" | "unreachable" | "disabled"> {
  const { upstash, rateLimitDisabled } = getConfig();
  if (rateLimitDisabled) return "disabled";
  if (!upstash) return "in_process";
  try {
    const redis = new Redis({ url: upstash.url, token: upstash.token, retry: false, signal: () => AbortSignal.timeout(upstash.timeoutMs) });
    return (await redis.ping()) === "PONG" ? "ok" : "unreachable";
  } catch {
    return "unreachable";
  }
}
