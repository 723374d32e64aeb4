import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** A host name or address, optionally with a port, as a `Host` header carries it. */
const hostPattern = /^(\[[0-9a-f:.]+\]|[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?)(:\d{1,5})?$/i;

const hostList = optionalString.transform((list) =>
  (list ?? "")
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean),
);

/** Addresses that mean "every interface" name no host a client could reach. */
const bindAllAddresses = new Set(["0.0.0.0", "::", "[::]"]);

const environmentSchema = z
  .object({
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
        .optional(),
    ),
    /** A connection that is not pooled, for migrations, beside a pooled DATABASE_URL (README "Deploying to Vercel"). */
    DIRECT_DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
        .optional(),
    ),
    DATA_DIR: optionalString,
    AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    APP_URL: optionalString.pipe(z.url().optional()),
    /** Where the server was started for (`next start` and Next.js's standalone server read the same). */
    HOSTNAME: optionalString.pipe(z.string().regex(hostPattern, "must be a host name or address").optional()),
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    ALLOWED_HOSTS: hostList.pipe(z.array(z.string().regex(hostPattern, "must be host[:port] names separated by commas"))),
    /** `host[:port]` names outbound webhooks may reach although they are internal (README "Webhooks"): tests, private deployments. */
    WEBHOOK_ALLOWED_HOSTS: hostList.pipe(z.array(z.string().regex(hostPattern, "must be host[:port] names separated by commas"))),
    TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(20).default(0),
    /** Set to 1 by Vercel on its deployments. */
    VERCEL: optionalString,
    DEFAULT_PLAN: z.enum(["free", "pro"]).default("pro"),
    /** `closed`: no one signs up in the web app (nor with GitHub); accounts come from `npm run admin -- user:create`. */
    SIGN_UPS: z.enum(["open", "closed"]).default("open"),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(500),
    /** The window of the per-minute limits (API requests, failed authentications, device flow); shorter in tests. */
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Sign-up attempts per client IP and hour; each refusal of a taken address hints that it has an account. */
    SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
    /** For benchmarks that measure what limiting costs; never in production. */
    RATE_LIMIT_DISABLED: z.enum(["true", "false"]).default("false"),
    /** Recap event streams open at once in one process, all accounts together. */
    SSE_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(200),
    /** How often open recap streams' credentials are checked again (docs/api.md); shorter in tests. */
    SSE_CREDENTIAL_CHECK_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** How long an MCP request may run before its call is stopped and answered with a JSON-RPC error. */
    MCP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(120_000),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** Off behind a pooler in transaction mode that cannot keep prepared statements (PgBouncer < 1.21). */
    DATABASE_PREPARED_STATEMENTS: z.enum(["true", "false"]).default("true"),
    /** How long a query may go unanswered before its connection is dropped and the request gets a 503. */
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    UPSTASH_REDIS_REST_URL: optionalString.pipe(z.url().optional()),
    UPSTASH_REDIS_REST_TOKEN: optionalString,
    /** The names Vercel's marketplace gives the same two (its Upstash integration); the UPSTASH_ ones win. */
    KV_REST_API_URL: optionalString.pipe(z.url().optional()),
    KV_REST_API_TOKEN: optionalString,
    /** How long the limiter waits for Upstash Redis before letting the request pass unlimited. */
    UPSTASH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
    AUTH_GITHUB_ID: optionalString,
    AUTH_GITHUB_SECRET: optionalString,
    RECAP_LLM_URL: optionalString.pipe(z.url().optional()),
    RECAP_LLM_API_KEY: optionalString,
    RECAP_LLM_MODEL: optionalString,
    /** A pause between the built-in generator's pieces, so that its stream can be watched (demos, tests). */
    RECAP_DELTA_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
    /** What Vercel's cron sends as `Authorization: Bearer …` to the route that runs due jobs (app/api/cron/jobs). */
    CRON_SECRET: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    /** `json`: one line of JSON per API request on stdout (README "Operations"). */
    LOG_FORMAT: z.enum(["text", "json"]).default("text"),
    /** Set: `/api/metrics` answers Prometheus's text to `Authorization: Bearer <METRICS_TOKEN>`. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    /** Whether `npm start` runs a job worker beside the server (never on Vercel, where the cron route runs jobs). */
    JOB_WORKER: z.enum(["true", "false"]).default("true"),
    /** How often an idle worker looks for due jobs; jobs enqueued in its own process wake it at once. */
    JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
    /** Jobs one process runs at once in each lane of the queue (deliveries, recaps, imports). */
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
    /** Attempts of one account's jobs running at once in a lane, all processes together. */
    JOB_CONCURRENCY_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(3),
    /** Deliveries to one webhook endpoint running at once, all processes together. */
    JOB_CONCURRENCY_PER_ENDPOINT: z.coerce.number().int().min(1).max(100).default(2),
    /** How long a job's attempt is leased to its worker, which renews the lease while it runs; one whose worker died runs again after it. */
    JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
    /** The SMTP server invitations are sent through (docs/api.md, "Invitation emails"); unset, no email is sent. */
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
    /** The sender of those emails: `address@host` or `Name <address@host>`. */
    EMAIL_FROM: optionalString.pipe(
      z
        .string()
        .regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, "must be an address, or a name and <address>")
        .optional(),
    ),
  })
  .superRefine((env, context) => {
    const pairs = [
      ["UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"],
      ["KV_REST_API_URL", "KV_REST_API_TOKEN"],
      ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"],
      ["SMTP_URL", "EMAIL_FROM"],
    ] as const;
    for (const [first, second] of pairs) {
      if (Boolean(env[first]) !== Boolean(env[second])) {
        const missing = env[first] ? second : first;
        context.addIssue({ code: "custom", path: [missing], message: `must be set together with ${env[first] ? first : second}` });
      }
    }
    if (env.DIRECT_DATABASE_URL && !env.DATABASE_URL) {
      context.addIssue({ code: "custom", path: ["DIRECT_DATABASE_URL"], message: "is for migrations beside DATABASE_URL, which is not set" });
    }
  });

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Validates an environment; exported for tests, the app uses getConfig(). */
export function parseConfig(environment: NodeJS.ProcessEnv) {
  const setVariables = Object.fromEntries(Object.entries(environment).filter(([, value]) => value?.trim()));
  const parsed = environmentSchema.safeParse(setVariables);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR ?? ".data");
  return {
    database: env.DATABASE_URL
      ? ({
          kind: "postgres",
          url: env.DATABASE_URL,
          poolSize: env.DATABASE_POOL_SIZE,
          preparedStatements: env.DATABASE_PREPARED_STATEMENTS === "true",
          queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
          migrationUrl: env.DIRECT_DATABASE_URL ?? env.DATABASE_URL,
        } as const)
      : ({ kind: "pglite", dataDir: path.join(dataDir, "pglite") } as const),
    dataDir,
    appUrl: env.APP_URL?.replace(/\/+$/, ""),
    serverHost: `${!env.HOSTNAME || bindAllAddresses.has(env.HOSTNAME) ? "localhost" : env.HOSTNAME.toLowerCase()}:${env.PORT}`,
    allowedHosts: env.ALLOWED_HOSTS,
    webhookAllowedHosts: env.WEBHOOK_ALLOWED_HOSTS,
    trustedProxyCount: env.TRUSTED_PROXY_COUNT,
    onVercel: env.VERCEL === "1",
    defaultPlan: env.DEFAULT_PLAN,
    signUpsOpen: env.SIGN_UPS === "open",
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    rateLimitWindowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
    rateLimitDisabled: env.RATE_LIMIT_DISABLED === "true",
    signUpsPerHour: env.SIGN_UPS_PER_HOUR,
    sseMaxStreams: env.SSE_MAX_STREAMS,
    sseCredentialCheckMs: env.SSE_CREDENTIAL_CHECK_MS,
    mcpRequestTimeoutMs: env.MCP_REQUEST_TIMEOUT_MS,
    upstash: env.UPSTASH_REDIS_REST_URL
      ? { url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN!, timeoutMs: env.UPSTASH_TIMEOUT_MS }
      : env.KV_REST_API_URL
        ? { url: env.KV_REST_API_URL, token: env.KV_REST_API_TOKEN!, timeoutMs: env.UPSTASH_TIMEOUT_MS }
        : undefined,
    github: env.AUTH_GITHUB_ID ? { clientId: env.AUTH_GITHUB_ID, clientSecret: env.AUTH_GITHUB_SECRET! } : undefined,
    recapLlm: env.RECAP_LLM_URL ? { url: env.RECAP_LLM_URL, apiKey: env.RECAP_LLM_API_KEY, model: env.RECAP_LLM_MODEL ?? "gpt-4o-mini" } : undefined,
    recapDeltaDelayMs: env.RECAP_DELTA_DELAY_MS,
    cronSecret: env.CRON_SECRET,
    jsonRequestLog: env.LOG_FORMAT === "json",
    metricsToken: env.METRICS_TOKEN,
    jobs: {
      worker: env.JOB_WORKER === "true",
      pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
      concurrency: env.JOB_CONCURRENCY,
      leaseMs: env.JOB_LEASE_MS,
      bounds: { perOwner: env.JOB_CONCURRENCY_PER_ACCOUNT, perEndpoint: env.JOB_CONCURRENCY_PER_ENDPOINT },
    },
    email: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM! } : undefined,
    authSecretFromEnvironment: env.AUTH_SECRET,
  };
}

const cache = globalThis as typeof globalThis & { __worklogConfig?: Config; __worklogAuthSecret?: string };

/** The validated configuration; throws a ConfigError naming every invalid variable. */
export function getConfig(): Config {
  return (cache.__worklogConfig ??= parseConfig(process.env));
}

/**
 * AUTH_SECRET, or on the embedded default a secret generated once and kept in the data
 * directory, so that sessions survive restarts without any setup. Read once per process:
 * every session check asks for it.
 */
export function getAuthSecret(): string {
  return (cache.__worklogAuthSecret ??= readOrCreateAuthSecret(getConfig()));
}

function readOrCreateAuthSecret(config: Config): string {
  if (config.authSecretFromEnvironment) return config.authSecretFromEnvironment;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}
