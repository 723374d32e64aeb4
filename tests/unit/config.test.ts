import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";

const parse = (env: Record<string, string>) => parseConfig(env as NodeJS.ProcessEnv);

function configErrorMessage(env: Record<string, string>): string {
  try {
    parse(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`parseConfig(${JSON.stringify(env)}) did not throw`);
}

const naming = (variable: string) => new RegExp(`^\\s+${variable}: `, "m");

const VALID_SECRET = "s".repeat(32);

describe("parseConfig", () => {
  it("defaults to the embedded database, the pro plan and 500 requests a minute", () => {
    const config = parse({});
    expect(config.database.kind).toBe("pglite");
    if (config.database.kind !== "pglite") return;
    expect(path.isAbsolute(config.database.dataDir)).toBe(true);
    expect(config.database.dataDir.endsWith(`${path.sep}.data${path.sep}pglite`)).toBe(true);
    expect(config.defaultPlan).toBe("pro");
    expect(config.rateLimitPerMinute).toBe(500);
    expect(config.upstash).toBeUndefined();
    expect(config.github).toBeUndefined();
    expect(config.appUrl).toBeUndefined();
    expect(config.authSecretFromEnvironment).toBeUndefined();
  });

  it("holds 200 event streams per process unless SSE_MAX_STREAMS says otherwise", () => {
    expect(parse({}).sseMaxStreams).toBe(200);
    expect(parse({ SSE_MAX_STREAMS: "1000" }).sseMaxStreams).toBe(1000);
  });

  it("checks open streams' credentials every 5 s unless SSE_CREDENTIAL_CHECK_MS says otherwise", () => {
    expect(parse({}).sseCredentialCheckMs).toBe(5000);
    expect(parse({ SSE_CREDENTIAL_CHECK_MS: "200" }).sseCredentialCheckMs).toBe(200);
  });

  it("stops an MCP request after 120 s unless MCP_REQUEST_TIMEOUT_MS says otherwise", () => {
    expect(parse({}).mcpRequestTimeoutMs).toBe(120_000);
    expect(parse({ MCP_REQUEST_TIMEOUT_MS: "1000" }).mcpRequestTimeoutMs).toBe(1000);
  });

  it("runs a job worker beside the server, with the job variables' defaults, and names a bad one", () => {
    expect(parse({}).jobs).toEqual({ worker: true, pollIntervalMs: 2000, concurrency: 5, leaseMs: 30_000, bounds: { perOwner: 3, perEndpoint: 2 } });
    expect(parse({ JOB_CONCURRENCY_PER_ACCOUNT: "1", JOB_CONCURRENCY_PER_ENDPOINT: "4" }).jobs.bounds).toEqual({ perOwner: 1, perEndpoint: 4 });
    expect(parse({}).cronSecret).toBeUndefined();
    expect(parse({ JOB_WORKER: "false", JOB_LEASE_MS: "1000", CRON_SECRET: "c".repeat(16) })).toMatchObject({
      jobs: { worker: false, leaseMs: 1000 },
      cronSecret: "c".repeat(16),
    });
    expect(configErrorMessage({ CRON_SECRET: "short" })).toMatch(naming("CRON_SECRET"));
    expect(configErrorMessage({ JOB_LEASE_MS: "999" })).toMatch(naming("JOB_LEASE_MS"));
    expect(configErrorMessage({ JOB_CONCURRENCY: "0" })).toMatch(naming("JOB_CONCURRENCY"));
    expect(configErrorMessage({ JOB_CONCURRENCY_PER_ACCOUNT: "0" })).toMatch(naming("JOB_CONCURRENCY_PER_ACCOUNT"));
    expect(configErrorMessage({ JOB_CONCURRENCY_PER_ENDPOINT: "101" })).toMatch(naming("JOB_CONCURRENCY_PER_ENDPOINT"));
    expect(configErrorMessage({ JOB_POLL_INTERVAL_MS: "10" })).toMatch(naming("JOB_POLL_INTERVAL_MS"));
  });

  it("puts the embedded database under DATA_DIR", () => {
    expect(parse({ DATA_DIR: "/srv/worklog" }).database).toEqual({ kind: "pglite", dataDir: path.resolve("/srv/worklog/pglite") });
  });

  it("uses PostgreSQL when DATABASE_URL is a postgresql:// URL", () => {
    expect(parse({ DATABASE_URL: "postgresql://worklog@db.example/worklog" }).database).toEqual({
      kind: "postgres",
      url: "postgresql://worklog@db.example/worklog",
      poolSize: 10,
      preparedStatements: true,
      queryTimeoutMs: 10_000,
      migrationUrl: "postgresql://worklog@db.example/worklog",
    });
    expect(parse({ DATABASE_URL: "postgres://db.example/worklog" }).database.kind).toBe("postgres");
  });

  it("migrates through DIRECT_DATABASE_URL beside a pooled DATABASE_URL, never without DATABASE_URL", () => {
    const pooled = "postgresql://worklog@pooler.example:6543/worklog";
    const direct = "postgresql://worklog@db.example:5432/worklog";
    expect(parse({ DATABASE_URL: pooled, DIRECT_DATABASE_URL: direct }).database).toMatchObject({ url: pooled, migrationUrl: direct });
    expect(configErrorMessage({ DIRECT_DATABASE_URL: direct })).toMatch(naming("DIRECT_DATABASE_URL"));
    expect(configErrorMessage({ DATABASE_URL: pooled, DIRECT_DATABASE_URL: "mysql://db.example" })).toMatch(naming("DIRECT_DATABASE_URL"));
  });

  it("takes Vercel's marketplace names of the Upstash variables, KV_REST_API_URL and KV_REST_API_TOKEN", () => {
    const kv = { KV_REST_API_URL: "https://kv.example", KV_REST_API_TOKEN: "kv-token" };
    expect(parse(kv).upstash).toEqual({ url: "https://kv.example", token: "kv-token", timeoutMs: 1000 });
    expect(parse({ ...kv, UPSTASH_REDIS_REST_URL: "https://redis.example", UPSTASH_REDIS_REST_TOKEN: "token" }).upstash).toMatchObject({
      url: "https://redis.example",
      token: "token",
    });
    const message = configErrorMessage({ KV_REST_API_URL: "https://kv.example" });
    expect(message).toMatch(naming("KV_REST_API_TOKEN"));
    expect(message).not.toMatch(naming("UPSTASH_REDIS_REST_TOKEN"));
    expect(configErrorMessage({ ...kv, KV_REST_API_URL: "not a url" })).toMatch(naming("KV_REST_API_URL"));
  });

  it("opens sign-ups unless SIGN_UPS is closed", () => {
    expect(parse({}).signUpsOpen).toBe(true);
    expect(parse({ SIGN_UPS: "closed" }).signUpsOpen).toBe(false);
    expect(configErrorMessage({ SIGN_UPS: "invite" })).toMatch(naming("SIGN_UPS"));
  });

  it("turns prepared statements off for poolers that cannot keep them", () => {
    expect(parse({ DATABASE_URL: "postgresql://db.example/worklog", DATABASE_PREPARED_STATEMENTS: "false" }).database).toMatchObject({
      preparedStatements: false,
    });
    expect(() => parse({ DATABASE_URL: "postgresql://db.example/worklog", DATABASE_PREPARED_STATEMENTS: "no" })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it("bounds how long a query may go unanswered", () => {
    expect(parse({ DATABASE_URL: "postgresql://db.example/worklog", DATABASE_QUERY_TIMEOUT_MS: "2500" }).database).toMatchObject({ queryTimeoutMs: 2500 });
    expect(() => parse({ DATABASE_URL: "postgresql://db.example/worklog", DATABASE_QUERY_TIMEOUT_MS: "0" })).toThrow(/DATABASE_QUERY_TIMEOUT_MS/);
  });

  it("reads valid overrides", () => {
    const config = parse({
      DEFAULT_PLAN: "free",
      RATE_LIMIT_PER_MINUTE: "120",
      AUTH_SECRET: VALID_SECRET,
      UPSTASH_REDIS_REST_URL: "https://redis.example",
      UPSTASH_REDIS_REST_TOKEN: "token",
      AUTH_GITHUB_ID: "id",
      AUTH_GITHUB_SECRET: "secret",
    });
    expect(config.defaultPlan).toBe("free");
    expect(config.rateLimitPerMinute).toBe(120);
    expect(config.authSecretFromEnvironment).toBe(VALID_SECRET);
    expect(config.upstash).toEqual({ url: "https://redis.example", token: "token", timeoutMs: 1000 });
    const upstash = { UPSTASH_REDIS_REST_URL: "https://redis.example", UPSTASH_REDIS_REST_TOKEN: "token" };
    expect(parse({ ...upstash, UPSTASH_TIMEOUT_MS: "5000" }).upstash).toMatchObject({ timeoutMs: 5000 });
    expect(() => parse({ ...upstash, UPSTASH_TIMEOUT_MS: "50" })).toThrow(/UPSTASH_TIMEOUT_MS/);
    expect(config.github).toEqual({ clientId: "id", clientSecret: "secret" });
  });

  it("strips trailing slashes from APP_URL", () => {
    expect(parse({ APP_URL: "https://worklog.example/" }).appUrl).toBe("https://worklog.example");
    expect(parse({ APP_URL: "https://worklog.example/app//" }).appUrl).toBe("https://worklog.example/app");
  });

  it.each([
    ["DATABASE_URL", "mysql://x"],
    ["RATE_LIMIT_PER_MINUTE", "abc"],
    ["RATE_LIMIT_PER_MINUTE", "0"],
    ["DEFAULT_PLAN", "gold"],
    ["APP_URL", "not a url"],
    ["AUTH_SECRET", "s".repeat(31)],
    ["SSE_MAX_STREAMS", "0"],
    ["SSE_MAX_STREAMS", "many"],
    ["SSE_CREDENTIAL_CHECK_MS", "50"],
    ["SSE_CREDENTIAL_CHECK_MS", "60001"],
    ["MCP_REQUEST_TIMEOUT_MS", "0"],
    ["MCP_REQUEST_TIMEOUT_MS", "300001"],
  ])("throws a ConfigError naming %s for %j", (variable, value) => {
    expect(configErrorMessage({ [variable]: value })).toMatch(naming(variable));
  });

  it("names UPSTASH_REDIS_REST_TOKEN when only the Upstash URL is set", () => {
    const message = configErrorMessage({ UPSTASH_REDIS_REST_URL: "https://redis.example" });
    expect(message).toMatch(naming("UPSTASH_REDIS_REST_TOKEN"));
    expect(message).not.toMatch(naming("UPSTASH_REDIS_REST_URL"));
  });

  it("names AUTH_GITHUB_SECRET when only AUTH_GITHUB_ID is set", () => {
    expect(configErrorMessage({ AUTH_GITHUB_ID: "id" })).toMatch(naming("AUTH_GITHUB_SECRET"));
  });

  it("names AUTH_GITHUB_ID when only AUTH_GITHUB_SECRET is set", () => {
    expect(configErrorMessage({ AUTH_GITHUB_SECRET: "secret" })).toMatch(naming("AUTH_GITHUB_ID"));
  });

  it("reads SMTP_URL and EMAIL_FROM together: the server sends email only with both", () => {
    expect(parse({}).email).toBeUndefined();
    expect(parse({ SMTP_URL: "smtps://user:pass@mail.example.com:465", EMAIL_FROM: "Worklog <worklog@example.com>" }).email).toEqual({
      smtpUrl: "smtps://user:pass@mail.example.com:465",
      from: "Worklog <worklog@example.com>",
    });
    expect(parse({ SMTP_URL: "smtp://mail.example.com:587", EMAIL_FROM: "worklog@example.com" }).email?.from).toBe("worklog@example.com");
    expect(configErrorMessage({ SMTP_URL: "smtp://mail.example.com" })).toMatch(naming("EMAIL_FROM"));
    expect(configErrorMessage({ EMAIL_FROM: "worklog@example.com" })).toMatch(naming("SMTP_URL"));
  });

  it.each([
    ["SMTP_URL", "https://mail.example.com"],
    ["SMTP_URL", "mail.example.com:587"],
    ["EMAIL_FROM", "worklog"],
    ["EMAIL_FROM", "Worklog <worklog>"],
    ["EMAIL_FROM", "Worklog <a@b.c>\r\nBcc: x@y.z"],
  ])("refuses %s=%j", (variable, value) => {
    const env = { SMTP_URL: "smtp://mail.example.com", EMAIL_FROM: "worklog@example.com", [variable]: value };
    expect(configErrorMessage(env)).toMatch(naming(variable));
  });

  it("names every invalid variable in one message", () => {
    const message = configErrorMessage({
      DATABASE_URL: "mysql://x",
      RATE_LIMIT_PER_MINUTE: "abc",
      DEFAULT_PLAN: "gold",
      APP_URL: "not a url",
    });
    for (const variable of ["DATABASE_URL", "RATE_LIMIT_PER_MINUTE", "DEFAULT_PLAN", "APP_URL"]) {
      expect(message).toMatch(naming(variable));
    }
  });

  it("treats empty and blank string variables as unset", () => {
    const config = parse({
      DATABASE_URL: "",
      DATA_DIR: "",
      AUTH_SECRET: "  ",
      APP_URL: "",
      UPSTASH_REDIS_REST_URL: "",
      UPSTASH_REDIS_REST_TOKEN: "",
      AUTH_GITHUB_ID: "",
      AUTH_GITHUB_SECRET: "",
    });
    expect(config).toEqual(parse({}));
  });

  it("names the missing partner when the other one is an empty string", () => {
    expect(configErrorMessage({ UPSTASH_REDIS_REST_URL: "https://redis.example", UPSTASH_REDIS_REST_TOKEN: "" })).toMatch(naming("UPSTASH_REDIS_REST_TOKEN"));
  });

  it.each(["DEFAULT_PLAN", "RATE_LIMIT_PER_MINUTE", "DATABASE_POOL_SIZE"])("treats an empty %s as unset", (variable) => {
    expect(parse({ [variable]: "" })).toEqual(parse({}));
  });
});
