// The configurations of the servers that API test files share (tests/support/global-servers.ts
// starts one server per configuration and database, on first use). A file needing another
// configuration adds it here, so that the next file needing it shares its server; a file starts
// a server of its own (server.ts, startServer) only to restart it, stop its database or watch it
// fail to start.
import { freePort } from "./server";
import { startUpstashRest, type UpstashRest } from "./upstash-rest";

/** What the global setup runs beside the servers, started on first use and shared like them. */
export type Services = { upstash: () => Promise<UpstashRest> };

export function startServices(): Services & { stop: () => Promise<void> } {
  let upstash: Promise<UpstashRest> | undefined;
  return {
    upstash: () => (upstash ??= startUpstashRest({ token: `token-${crypto.randomUUID()}` })),
    stop: async () => void (await (await upstash)?.stop()),
  };
}

/** A configuration: the environment of its server, beside the defaults of server.ts. */
export type ServerEnvironment = (services: Services) => Record<string, string> | Promise<Record<string, string>>;

/**
 * Behind one trusted proxy, each test file is a client address of its own (its requests say so
 * in `x-forwarded-for`, server.ts): the limits counted per address (failed authentications,
 * sign-ins, sign-ups, the device flow) then never add up across the files that share a server.
 */
const ownClientAddresses = { TRUSTED_PROXY_COUNT: "1" };

/** A limit no test file reaches by the number of its requests. */
const unlimitedRequests = { RATE_LIMIT_PER_MINUTE: "1000000" };

/**
 * Per-minute limits counted in windows of an hour, so that a burst of requests almost never
 * straddles the end of one (and a test can repeat the one that did).
 */
const hourlyWindows = { RATE_LIMIT_WINDOW_SECONDS: "3600" };

/** Three requests per window of 2 s: a window ends within a test. */
const shortWindows = { RATE_LIMIT_PER_MINUTE: "3", RATE_LIMIT_WINDOW_SECONDS: "2" };

/** Rate limits in Redis through the shared Upstash stand-in, patient enough that a slow machine gets no request through uncounted. */
const sharedUpstash = async ({ upstash }: Services) => {
  const { url, token } = await upstash();
  return { UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: token, UPSTASH_TIMEOUT_MS: "30000" };
};

export const serverConfigs = {
  /** The defaults: what most files use. */
  standard: () => ({ ...ownClientAddresses }),
  /**
   * The defaults exactly, the client address being the connection's: every request of every file
   * counts against 127.0.0.1 (security-addresses.test.ts uses up its failed authentications).
   */
  direct: () => ({}),
  /** Behind a proxy that may name this server as `worklog.example.com`. */
  allowedHost: () => ({ ...ownClientAddresses, ALLOWED_HOSTS: "worklog.example.com" }),
  /** Many requests per account: random input, sync histories, exports. */
  unlimited: () => ({ ...ownClientAddresses, ...unlimitedRequests }),
  /**
   * Recaps written slowly enough that a stream is seen piece by piece, and streams whose
   * credentials are checked again every 200 ms (not 5 s): a revoked key's stream ends at once.
   */
  recaps: () => ({ ...ownClientAddresses, ...unlimitedRequests, RECAP_DELTA_DELAY_MS: "40", SSE_CREDENTIAL_CHECK_MS: "200" }),
  /** No job worker beside the server: jobs run only when the cron route is called with this CRON_SECRET (cron-jobs.test.ts). */
  cronOnly: () => ({ ...ownClientAddresses, JOB_WORKER: "false", CRON_SECRET: "the-cron-secret-of-the-tests" }),
  /** A ceiling of three event streams in the whole process: for security-streams.test.ts alone, so that no other file holds one. */
  fewStreams: () => ({ ...ownClientAddresses, SSE_MAX_STREAMS: "3" }),
  /** The in-process limiter, counting in windows of an hour. */
  hourlyRateLimits: () => ({ ...ownClientAddresses, ...hourlyWindows }),
  /** The Upstash limiter, counting in windows of an hour. */
  hourlyRateLimitsUpstash: async (services) => ({ ...ownClientAddresses, ...hourlyWindows, ...(await sharedUpstash(services)) }),
  /** The in-process limiter, three requests per 2 s. */
  shortRateLimitWindows: () => ({ ...ownClientAddresses, ...shortWindows }),
  /** The Upstash limiter, three requests per 2 s. */
  shortRateLimitWindowsUpstash: async (services) => ({ ...ownClientAddresses, ...shortWindows, ...(await sharedUpstash(services)) }),
  /** What an operator sets: request logs as JSON, Prometheus metrics, closed sign-ups, new accounts on plan free (operations.test.ts). */
  operated: () => ({ ...ownClientAddresses, LOG_FORMAT: "json", METRICS_TOKEN: "the-metrics-token-of-the-tests", SIGN_UPS: "closed", DEFAULT_PLAN: "free" }),
  /** Upstash configured where nothing listens (port 1, tcpmux): requests pass unlimited. */
  unreachableUpstash: () => ({
    ...ownClientAddresses,
    ...hourlyWindows,
    UPSTASH_REDIS_REST_URL: "http://127.0.0.1:1",
    UPSTASH_REDIS_REST_TOKEN: "unused",
  }),
  /**
   * Outbound webhooks may reach five ports of 127.0.0.1 (WEBHOOK_ALLOWED_HOSTS), where
   * webhooks.test.ts, recap-schedules.test.ts, job-fairness.test.ts, workspaces.test.ts and calendars.test.ts listen, in this order; every other internal address is refused as in production. Idle
   * workers look for jobs every 100 ms, so that a delivery the triggers enqueued starts at once.
   */
  webhooks: async () => ({
    ...ownClientAddresses,
    WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${await freePort()},127.0.0.1:${await freePort()},127.0.0.1:${await freePort()},127.0.0.1:${await freePort()},127.0.0.1:${await freePort()}`,
    JOB_POLL_INTERVAL_MS: "100",
  }),
} satisfies Record<string, ServerEnvironment>;

export type ServerConfigName = keyof typeof serverConfigs;
