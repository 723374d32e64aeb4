import { randomBytes } from "node:crypto";
import fc from "fast-check";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";

const CLI_CLIENT_ID = "90w0AXnlNgnh2XBJdexYjw";
const CLI_SCOPES = "user:read,user:write,project:read,project:write,worklog:read,worklog:write,repo:read,repo:write";
const onPostgres = process.env.WORKLOG_TEST_DATABASE === "postgres";

let server: TestServer;

beforeAll(async () => {
  // Behind one proxy: every request below comes from a client address of its own, so that the
  // many requests of this file stay under the 60 a minute allowed per address.
  server = await sharedServer("standard");
});

const anotherClient = () => `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
const post = (path: string, body: unknown, headers: Record<string, string> = {}, { invalid = false } = {}) =>
  server.request(path, { method: "POST", body, headers: { "x-forwarded-for": anotherClient(), ...headers }, invalid });
const invalid = { invalid: true };
const form = (path: string, fields: Record<string, string>) =>
  post(path, new URLSearchParams(fields).toString(), { "content-type": "application/x-www-form-urlencoded" });

async function expectOAuthError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  expect(await response.json()).toEqual({ error });
}

async function deviceCode(scope = CLI_SCOPES) {
  const response = await post("/auth/device/code", { client_id: CLI_CLIENT_ID, scope });
  expect(response.status).toBe(200);
  return (await response.json()) as { device_code: string; user_code: string; verification_uri_complete: string };
}

describe("POST /auth/device/code", () => {
  it("starts a grant for the stock client with its eight comma-separated scopes", async () => {
    const response = await post("/auth/device/code", { client_id: CLI_CLIENT_ID, scope: CLI_SCOPES });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body).toEqual({
      device_code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verification_uri: `${server.url}/device`,
      verification_uri_complete: `${server.url}/device?user_code=${body.user_code}`,
      expires_in: 600,
      interval: 5,
    });
  });

  it("takes a form-encoded body with space-separated scopes", async () => {
    const response = await form("/auth/device/code", { client_id: CLI_CLIENT_ID, scope: "project:read worklog:*" });
    expect(response.status).toBe(200);
    expect((await response.json()).interval).toBe(5);
  });

  it("refuses an unknown client with 401 and an invalid scope with 400", async () => {
    await expectOAuthError(await post("/auth/device/code", { client_id: "unknown-client", scope: "user:read" }), 401, "invalid_client");
    await expectOAuthError(await post("/auth/device/code", { client_id: CLI_CLIENT_ID, scope: "user:read,*:*" }, {}, invalid), 400, "invalid_scope");
    await expectOAuthError(await post("/auth/device/code", { client_id: CLI_CLIENT_ID }, {}, invalid), 400, "invalid_scope");
  });

  it("says invalid_request for a missing client_id or a malformed body, and 405 for other methods", async () => {
    await expectOAuthError(await post("/auth/device/code", { scope: "user:read" }, {}, invalid), 400, "invalid_request");
    await expectOAuthError(await post("/auth/device/code", { client_id: 42, scope: "user:read" }, {}, invalid), 400, "invalid_request");
    await expectOAuthError(await post("/auth/device/code", "{not json", {}, invalid), 400, "invalid_request");
    await expectOAuthError(await post("/auth/device/code", "[]", {}, invalid), 400, "invalid_request");
    const get = await server.request("/auth/device/code", invalid);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
  });
});

describe("POST /auth/device/token", () => {
  it("answers authorization_pending, then slow_down when polled again at once", async () => {
    const { device_code } = await deviceCode();
    await expectOAuthError(await post("/auth/device/token", { device_code }), 400, "authorization_pending");
    await expectOAuthError(await form("/auth/device/token", { device_code, grant_type: "urn:ietf:params:oauth:grant-type:device_code" }), 400, "slow_down");
  });

  it("refuses an unknown device code, a missing one and another grant type", async () => {
    await expectOAuthError(await post("/auth/device/token", { device_code: "nope" }), 400, "invalid_grant");
    await expectOAuthError(await post("/auth/device/token", {}, {}, invalid), 400, "invalid_request");
    const { device_code } = await deviceCode();
    await expectOAuthError(await post("/auth/device/token", { device_code, grant_type: "password" }, {}, invalid), 400, "unsupported_grant_type");
  });
});

describe("POST /auth/token, /auth/revoke and /auth/token_info without a live token", () => {
  it("refresh refuses other grant types and unknown refresh tokens", async () => {
    await expectOAuthError(await post("/auth/token", { grant_type: "authorization_code", refresh_token: "wlr_x" }, {}, invalid), 400, "unsupported_grant_type");
    await expectOAuthError(await form("/auth/token", { grant_type: "refresh_token", refresh_token: "wlr_unknown" }), 400, "invalid_grant");
    await expectOAuthError(await post("/auth/token", { grant_type: "refresh_token" }, {}, invalid), 400, "invalid_request");
  });

  it("revoke answers 200 for an unknown token and 400 without one", async () => {
    const response = await post("/auth/revoke", { token: "wlo_unknown" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revoked: true });
    await expectOAuthError(await post("/auth/revoke", {}, {}, invalid), 400, "invalid_request");
  });

  it("token_info answers 401 for no token and for an unknown one", async () => {
    await expectOAuthError(await post("/auth/token_info", {}, {}, invalid), 401, "invalid_token");
    await expectOAuthError(await post("/auth/token_info", { token: "wlo_unknown" }), 401, "invalid_token");
    await expectOAuthError(await post("/auth/token_info", {}, { authorization: "Bearer wlo_unknown" }), 401, "invalid_token");
  });
});

describe("random input to the OAuth endpoints", () => {
  const fields = ["client_id", "scope", "device_code", "grant_type", "refresh_token", "token"];
  const values = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom(CLI_CLIENT_ID, CLI_SCOPES, "refresh_token", "wlo_x", ""));
  const jsonBodies = fc.oneof(
    fc.dictionary(fc.constantFrom(...fields), fc.oneof(values, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 4 }),
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 50 }),
  );
  const formBodies = fc.dictionary(fc.constantFrom(...fields), values, { maxKeys: 4 }).map((body) => new URLSearchParams(body).toString());

  it.each(["/auth/device/code", "/auth/device/token", "/auth/token", "/auth/revoke", "/auth/token_info"])(
    "POST %s answers 200 or an RFC error, never a 500",
    async (path) => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            jsonBodies.map((body) => ({ body, form: false })),
            formBodies.map((body) => ({ body, form: true })),
          ),
          async ({ body, form: isForm }) => {
            // Random bodies, mostly wrong on purpose; the answer is still checked against the document.
            const response = await post(path, body, isForm ? { "content-type": "application/x-www-form-urlencoded" } : {}, invalid);
            const json = await response.json();
            if (response.status === 200) return;
            expect([400, 401], `${response.status} for ${JSON.stringify(body)}`).toContain(response.status);
            expect(json).toEqual({ error: expect.any(String) });
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
      );
    },
  );
});

describe("GET /device", () => {
  it("sends a signed-out visitor to sign in, and back with the code", async () => {
    const response = await fetch(`${server.url}/device?user_code=BCDF-GHJK`, { redirect: "manual" });
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get("location")!, server.url).search).toBe(`?callbackUrl=${encodeURIComponent("/device?user_code=BCDF-GHJK")}`);
  });
});

describe("npm run admin -- client:create", () => {
  it("registers a client and prints its id, which can then start the flow", async () => {
    const created = await server.admin("client:create", "--name", "My tool", "--redirect-uri", "http://127.0.0.1:9000/cb", "--ttl-days", "7");
    expect(created.stderr).toBe("");
    expect(created.exitCode).toBe(0);
    const clientId = created.stdout.trim();
    expect(clientId).toMatch(/^[0-9A-Za-z]{22}$/);
    expect((await post("/auth/device/code", { client_id: clientId, scope: "worklog:read" })).status).toBe(200);
  });

  it("refuses a missing name, a bad redirect URI and a bad lifetime", async () => {
    expect(await server.admin("client:create")).toMatchObject({ exitCode: 2, stderr: expect.stringContaining("Missing --name") });
    expect(await server.admin("client:create", "--name", "x", "--redirect-uri", "not a url")).toMatchObject({
      exitCode: 1,
      stderr: "/redirect_uri: Invalid value\n",
    });
    expect(await server.admin("client:create", "--name", "x", "--ttl-days", "0")).toMatchObject({
      exitCode: 1,
      stderr: "/ttl_days: Value must be greater than 0\n",
    });
  });
});

// Approving needs a signed-in browser (e2e/oauth-device.spec.ts plays it on the embedded
// database); here PostgreSQL lets a second connection stand in for the approval.
describe.runIf(onPostgres)("a grant approved and expired in the database", () => {
  async function sql(text: string, values: unknown[]) {
    const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A grant of `scope`, approved for a new account, and its first pair of tokens. */
  async function approvedTokens(scope: string) {
    const { email } = await server.createUser();
    const { device_code, user_code } = await deviceCode(scope);
    await sql(
      "UPDATE oauth_device_grants SET status = 'approved', user_id = (SELECT id FROM users WHERE email = $1), workspace_id = (SELECT m.workspace_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND m.role = 'owner' ORDER BY m.joined_at LIMIT 1) WHERE user_code = $2",
      [email, user_code.replace("-", "")],
    );
    const issued = await post("/auth/device/token", { device_code });
    expect(issued.status).toBe(200);
    return { email, tokens: await issued.json() };
  }

  const refresh = (refresh_token: string) => post("/auth/token", { grant_type: "refresh_token", refresh_token });

  it("expired_token after ten minutes", async () => {
    const { device_code, user_code } = await deviceCode();
    await sql("UPDATE oauth_device_grants SET expires_at = now() - interval '1 second' WHERE user_code = $1", [user_code.replace("-", "")]);
    await expectOAuthError(await post("/auth/device/token", { device_code }), 400, "expired_token");
  });

  it("tokens once, Bearer on /api/v1, rotation, revocation and token_info", async () => {
    const { email } = await server.createUser();
    const { device_code, user_code } = await deviceCode("user:read,project:read");
    await sql(
      "UPDATE oauth_device_grants SET status = 'approved', user_id = (SELECT id FROM users WHERE email = $1), workspace_id = (SELECT m.workspace_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND m.role = 'owner' ORDER BY m.joined_at LIMIT 1) WHERE user_code = $2",
      [email, user_code.replace("-", "")],
    );
    const issued = await post("/auth/device/token", { device_code });
    expect(issued.status).toBe(200);
    const tokens = await issued.json();
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 7_776_000, scope: "user:read project:read" });
    await expectOAuthError(await post("/auth/device/token", { device_code }), 400, "invalid_grant");

    const info = await post("/auth/token_info", { token: tokens.access_token }, bearer(tokens.access_token));
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({ active: true, scope: "user:read project:read", client_id: CLI_CLIENT_ID, username: email, exp: expect.any(Number) });

    const me = await server.request("/api/v1/user", { headers: bearer(tokens.access_token) });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(email);
    const forbidden = await post("/api/v1/projects", { name: "P" }, bearer(tokens.access_token));
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).error.message).toBe("Insufficient scope for this OAuth token. Required: project:write. Available: user:read, project:read");

    const refreshed = await form("/auth/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    const renewed = await refreshed.json();
    const stale = await server.request("/api/v1/user", { headers: bearer(tokens.access_token) });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ error: { message: "Invalid or expired OAuth token.", type: "authentication_error" } });
    expect((await server.request("/api/v1/user", { headers: bearer(renewed.access_token) })).status).toBe(200);

    expect((await post("/auth/revoke", { token: renewed.access_token })).status).toBe(200);
    expect((await server.request("/api/v1/user", { headers: bearer(renewed.access_token) })).status).toBe(401);
    await expectOAuthError(await post("/auth/token_info", {}, bearer(renewed.access_token)), 401, "invalid_token");
    await expectOAuthError(await post("/auth/token", { grant_type: "refresh_token", refresh_token: renewed.refresh_token }), 400, "invalid_grant");
  });

  it("revokes the whole grant when a rotated refresh token is used again, however long ago it was rotated", async () => {
    for (const rotations of [1, 2]) {
      const { tokens } = await approvedTokens("user:read");
      let current = tokens;
      for (let rotation = 0; rotation < rotations; rotation++) {
        const refreshed = await refresh(current.refresh_token);
        expect(refreshed.status).toBe(200);
        current = await refreshed.json();
      }
      expect((await server.request("/api/v1/user", { headers: bearer(current.access_token) })).status).toBe(200);

      await expectOAuthError(await refresh(tokens.refresh_token), 400, "invalid_grant");
      const afterReuse = await server.request("/api/v1/user", { headers: bearer(current.access_token) });
      expect(afterReuse.status, `after ${rotations} rotation(s)`).toBe(401);
      await expectOAuthError(await refresh(current.refresh_token), 400, "invalid_grant");
    }
  });

  it("writes entries whose source is cli, the CLI's, through an OAuth token", async () => {
    const { tokens } = await approvedTokens("worklog:read,worklog:write");
    const created = await post("/api/v1/worklog/entries", { content: "Logged from the terminal" }, bearer(tokens.access_token));
    expect(created.status).toBe(201);
    expect((await created.json()).source).toBe("cli");
    const listed = await server.request("/api/v1/worklog/entries?source=cli", { headers: bearer(tokens.access_token) });
    expect((await listed.json()).entries.map((entry: { content: string }) => entry.content)).toEqual(["Logged from the terminal"]);
  });

  it("keeps the grant of another device when an unknown refresh token is presented", async () => {
    const { tokens } = await approvedTokens("user:read");
    await expectOAuthError(await refresh("wlr_" + "x".repeat(40)), 400, "invalid_grant");
    expect((await server.request("/api/v1/user", { headers: bearer(tokens.access_token) })).status).toBe(200);
  });
});
