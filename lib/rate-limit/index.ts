import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { MemoryRateLimiter } from "./memory";
import { WINDOW_MS, type RateLimitDecision, type RateLimiter } from "./types";
import { UpstashRateLimiter } from "./upstash";

/** Failed authentications allowed per client IP and minute (docs/api.md, "Rate limits"). */
export const FAILED_AUTHENTICATIONS_PER_MINUTE = 60;

/** Requests to the guessable device-flow endpoints allowed per client IP and minute (docs/api.md, "OAuth device flow"). */
export const OAUTH_REQUESTS_PER_MINUTE = 60;

type Limiters = { requests: RateLimiter; failedAuthentications: RateLimiter; oauthRequests: RateLimiter };

const holder = globalThis as typeof globalThis & { __worklogRateLimiters?: Limiters };

const unlimited: RateLimiter = {
  check: async () => ({ allowed: true, limit: Number.MAX_SAFE_INTEGER, remaining: Number.MAX_SAFE_INTEGER, resetAt: 0 }),
};

function createLimiters(): Limiters {
  const { upstash, rateLimitPerMinute, rateLimitDisabled } = getConfig();
  if (rateLimitDisabled) return { requests: unlimited, failedAuthentications: unlimited, oauthRequests: unlimited };
  if (upstash) {
    return {
      requests: new UpstashRateLimiter(upstash, rateLimitPerMinute, "worklog:requests"),
      failedAuthentications: new UpstashRateLimiter(upstash, FAILED_AUTHENTICATIONS_PER_MINUTE, "worklog:failed-auth"),
      oauthRequests: new UpstashRateLimiter(upstash, OAUTH_REQUESTS_PER_MINUTE, "worklog:oauth"),
    };
  }
  return {
    requests: new MemoryRateLimiter(rateLimitPerMinute),
    failedAuthentications: new MemoryRateLimiter(FAILED_AUTHENTICATIONS_PER_MINUTE),
    oauthRequests: new MemoryRateLimiter(OAUTH_REQUESTS_PER_MINUTE),
  };
}

function limiters(): Limiters {
  return (holder.__worklogRateLimiters ??= createLimiters());
}

function secondsUntil(resetAt: number): number {
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

/** Counts a request to a guessable device-flow endpoint; past the limit, the seconds until it may retry. */
export async function limitOAuthRequest(clientIp: string): Promise<{ retryAfter: number } | undefined> {
  const decision = await limiters().oauthRequests.check(clientIp);
  return decision.allowed ? undefined : { retryAfter: secondsUntil(decision.resetAt) };
}
