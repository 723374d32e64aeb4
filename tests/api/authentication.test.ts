import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newAccount } from "../support/accounts";
import { queryServerDatabase } from "../support/server-database";

let server: TestServer;
let email: string;
let key: string;

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString("base64")}`;

async function expect401(response: Response, message: string) {
  expect(response.status).toBe(401);
  expect(response.headers.get("www-authenticate")).toBe('Basic realm="api"');
  expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  expect(await response.json()).toEqual({ error: { message, type: "authentication_error" } });
}

const messages = {
  missingKey: "Missing API key. Please provide a valid API key as a Basic token.",
  unsupported: "Unsupported authentication scheme. Only Basic is supported.",
  format: "Invalid authorization header format.",
  invalidKey: "Invalid API key. Ensure your API key is properly encoded and valid.",
  missingToken: "Missing OAuth token.",
  invalidToken: "Invalid or expired OAuth token.",
};

beforeAll(async () => {
  server = await sharedServer();
  ({ email, key } = await newAccount(server, { scopes: ["user:read"] }));
});

const getUser = (authorization?: string, { invalid = false } = {}) =>
  server.request("/api/v1/user", { headers: authorization === undefined ? {} : { authorization }, invalid });

describe("authentication of /api/v1 (docs/api.md, Authentication)", () => {
  it("accepts the key as the Basic username with an empty password", async () => {
    const response = await getUser(basic(`${key}:`));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await response.json()).email).toBe(email);
  });

  it("ignores the password, and takes the scheme in any case", async () => {
    expect((await getUser(basic(`${key}:whatever`))).status).toBe(200);
    expect((await getUser(`basic ${Buffer.from(`${key}:`).toString("base64")}`)).status).toBe(200);
    expect((await getUser(`BASIC ${Buffer.from(key).toString("base64")}`)).status).toBe(200);
  });

  it("without an Authorization header", async () => {
    await expect401(await getUser(), messages.missingKey);
    await expect401(await getUser(""), messages.missingKey);
  });

  it("with another scheme", async () => {
    await expect401(await getUser(`Digest username="${key}"`), messages.unsupported);
    await expect401(await getUser(key), messages.unsupported);
  });

  it("with Basic and no or undecodable credentials", async () => {
    await expect401(await getUser("Basic"), messages.format);
    await expect401(await getUser("Basic "), messages.format);
    await expect401(await getUser("Basic !!!not-base64!!!"), messages.format);
    await expect401(await getUser("Basic a"), messages.format);
    await expect401(await getUser("Basic abc def"), messages.format);
  });

  it("with an unknown, truncated, malformed or misplaced key", async () => {
    await expect401(await getUser(basic(`wl_${"A".repeat(40)}:`)), messages.invalidKey);
    await expect401(await getUser(basic(`${key.slice(0, -1)}:`)), messages.invalidKey);
    await expect401(await getUser(basic(`${key}x:`)), messages.invalidKey);
    await expect401(await getUser(basic(`:${key}`)), messages.invalidKey);
    await expect401(await getUser(basic(":")), messages.invalidKey);
    await expect401(await getUser(basic(`${"x".repeat(6000)}:`)), messages.invalidKey);
  });

  it("with a Bearer scheme and no token, or an unknown token", async () => {
    await expect401(await getUser("Bearer"), messages.missingToken);
    await expect401(await getUser("Bearer "), messages.missingToken);
    await expect401(await getUser("Bearer wlo_unknown"), messages.invalidToken);
  });

  it("accepts the key as Bearer too, as MCP clients send it, and words a bad one as a key", async () => {
    expect((await getUser(`bearer ${key}`)).status).toBe(200);
    await expect401(await getUser(`Bearer wl_${"A".repeat(40)}`), messages.invalidKey);
    await expect401(await getUser(`Bearer ${key}x`), messages.invalidKey);
  });

  it("answers headers over the server's limit with 431, and long ones below it with 401", async () => {
    expect((await getUser(`Basic ${"A".repeat(100_000)}`, { invalid: true })).status).toBe(431);
    await expect401(await getUser(`Basic ${"A".repeat(40_000)}`), messages.invalidKey);
  });

  it("refuses a revoked key on the very next request", async () => {
    const revocable = await server.createKey(email, ["user:read"]);
    expect((await getUser(basic(`${revocable}:`))).status).toBe(200);
    expect((await server.admin("key:revoke", "--email", email, "--prefix", revocable.slice(0, 8))).exitCode).toBe(0);
    await expect401(await getUser(basic(`${revocable}:`)), messages.invalidKey);
  });

  // Read and backdated through a second connection, which only PostgreSQL allows.
  it.runIf(process.env.WORKLOG_TEST_DATABASE === "postgres")("records last use at most once a minute", async () => {
    const tracked = await server.createKey(email, ["user:read"], "tracked");
    const witness = await server.createKey(email, ["user:read"], "witness");
    const hashOf = (credential: string) => createHash("sha256").update(credential).digest("hex");
    const lastUsed = async (credential: string) => {
      const [row] = await query<{ last_used_at: Date | null }>("SELECT last_used_at FROM api_keys WHERE hashed_key = $1", [hashOf(credential)]);
      return row?.last_used_at ?? null;
    };
    expect(await lastUsed(tracked)).toBeNull();
    await getUser(basic(`${tracked}:`));
    await expect.poll(() => lastUsed(tracked), { timeout: 10_000 }).not.toBeNull();
    const first = (await lastUsed(tracked))!;

    // Used again within the minute: nothing is written. The use is recorded after the response;
    // a write it queued would land before that of the witness key, used after it.
    await getUser(basic(`${tracked}:`));
    await getUser(basic(`${witness}:`));
    await expect.poll(() => lastUsed(witness), { timeout: 10_000 }).not.toBeNull();
    expect(await lastUsed(tracked)).toEqual(first);

    // A minute later (the row backdated), the next use is recorded again.
    await query("UPDATE api_keys SET last_used_at = last_used_at - interval '61 seconds' WHERE hashed_key = $1", [hashOf(tracked)]);
    await getUser(basic(`${tracked}:`));
    await expect.poll(async () => (await lastUsed(tracked))!.getTime(), { timeout: 10_000 }).toBeGreaterThanOrEqual(first.getTime());
  });
});

const query = <T>(sql: string, values: unknown[]) => queryServerDatabase<T>(server, sql, values);

describe("OAuth tokens", () => {
  it.runIf(process.env.WORKLOG_TEST_DATABASE === "postgres")(
    "are accepted as Bearer until they expire or are revoked, with the token wording on 403",
    async () => {
      const token = `wlo_${crypto.randomUUID()}`;
      const [{ id: userId }] = (await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email])) as [{ id: string }];
      const insert = (accessToken: string, expiresInSeconds: number, revoked = false) =>
        query(
          `INSERT INTO oauth_tokens (id, user_id, workspace_id, client_id, access_token_hash, refresh_token_hash, scopes, access_expires_at, revoked_at, updated_at)
         SELECT gen_random_uuid(), $1, workspace_id, '90w0AXnlNgnh2XBJdexYjw', $2, $3, ARRAY['project:read'], now() + make_interval(secs => $4), $5, now()
           FROM memberships WHERE user_id = $1 AND role = 'owner'`,
          [userId, createHash("sha256").update(accessToken).digest("hex"), crypto.randomUUID(), expiresInSeconds, revoked ? new Date() : null],
        );
      await insert(token, 3600);
      const forbidden = await getUser(`Bearer ${token}`);
      expect(forbidden.status).toBe(403);
      expect((await forbidden.json()).error.message).toBe("Insufficient scope for this OAuth token. Required: user:read. Available: project:read");

      const expired = `wlo_${crypto.randomUUID()}`;
      await insert(expired, -1);
      await expect401(await getUser(`Bearer ${expired}`), messages.invalidToken);

      const revoked = `wlo_${crypto.randomUUID()}`;
      await insert(revoked, 3600, true);
      await expect401(await getUser(`Bearer ${revoked}`), messages.invalidToken);
    },
  );
});
