import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { HttpMethod } from "@/lib/api/operation";
import type { OpenApiDocument } from "@/lib/openapi/types";
import { schemaChecker } from "../support/openapi";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { readEvents } from "../support/sse";
import { newAccount, newKey } from "../support/accounts";

const appDirectory = path.resolve(import.meta.dirname, "../../app");
const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const CLI_CLIENT_ID = "90w0AXnlNgnh2XBJdexYjw";
const onPostgres = process.env.WORKLOG_TEST_DATABASE === "postgres";

/** Route files that are no part of the API: /api/v1's JSON 404 for unknown paths, and next-auth's own endpoints. */
const notTheApi = ["/api/v1/[[...path]]", "/api/auth/[...nextauth]"];

/** The path every route file under app/api and app/auth serves: `app/api/v1/projects/[id]/route.ts` → `/api/v1/projects/{id}`. */
function routePaths(): string[] {
  const found: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(directory, entry.name));
      else if (entry.name === "route.ts") found.push("/" + path.relative(appDirectory, directory).split(path.sep).join("/"));
    }
  };
  walk(path.join(appDirectory, "api"));
  walk(path.join(appDirectory, "auth"));
  return found
    .filter((route) => !notTheApi.includes(route))
    .map((route) => {
      if (/\[(\.\.\.|\[)/.test(route)) throw new Error(`${route}: a catch-all route; document it or list it in notTheApi`);
      return route.replaceAll(/\[(\w+)\]/g, "{$1}");
    });
}

const fill = (template: string, params: Record<string, string> = {}) => template.replaceAll(/\{(\w+)\}/g, (_, name: string) => params[name] ?? randomUUID());

let server: TestServer;
let document: OpenApiDocument;
let check: ReturnType<typeof schemaChecker>["check"];
let responsePointer: ReturnType<typeof schemaChecker>["responsePointer"];
let key: string;
let readsKey: string;
let writesKey: string;
let email: string;
/** Paths whose bare request needs a real id to answer more than 404: a hook's, which no credential opens. */
const realIds: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  server = await sharedServer();
  ({ email, key } = await newAccount(server));
  readsKey = await server.createKey(email, ["user:read", "project:read", "repo:read", "worklog:read"]);
  writesKey = await server.createKey(email, ["user:write", "project:write", "repo:write", "worklog:write"]);
  const hook = await (await server.request("/api/v1/incoming_hooks", { method: "POST", key, body: { provider: "github", name: "openapi" } })).json();
  realIds["/api/hooks/{id}"] = { id: hook.id };
  const response = await server.request("/api/v1/openapi.json");
  document = await response.json();
  ({ check, responsePointer } = schemaChecker(document));
});

type CallOptions = { params?: Record<string, string>; query?: string; body?: unknown; key?: string; headers?: Record<string, string>; invalid?: boolean };

function call(method: HttpMethod, template: string, options: CallOptions = {}): Promise<Response> {
  const { params, query = "", body, headers, invalid } = options;
  const credential = "key" in options ? options.key : template.startsWith("/api/v1/") ? key : undefined;
  return server.request(fill(template, params) + query, { method: method.toUpperCase(), key: credential, body, headers, invalid });
}

/** The JSON body of a response, once it has been checked against the document's schema for its operation and status. */
async function documented(response: Response, method: HttpMethod, template: string, status: number) {
  const label = `${method.toUpperCase()} ${template}`;
  const body = await response.json();
  expect(response.status, `${label}: ${JSON.stringify(body)}`).toBe(status);
  expect(response.headers.get("content-type"), label).toMatch(/^application\/json/);
  expect(check(responsePointer(method, template, status), body), `${label} ${status}`).toEqual([]);
  return body;
}

const request = async (method: HttpMethod, template: string, status: number, options?: CallOptions) =>
  documented(await call(method, template, options), method, template, status);

describe("GET /api/v1/openapi.json", () => {
  it("serves the document without authentication, naming the origin it was asked at", async () => {
    const response = await server.request("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-ratelimit-limit")).toBeNull();
    const served: OpenApiDocument = await response.json();
    expect(served.openapi).toMatch(/^3\.1\./);
    expect(served.servers).toEqual([{ url: server.url }]);
    expect(Object.keys(served.paths)).toContain("/api/v1/worklog/entries/{id}");

    // A TLS-terminating proxy keeps the scheme; a host that is neither the server's own nor in ALLOWED_HOSTS is not taken.
    const behindProxy = await server.request("/api/v1/openapi.json", { headers: { "x-forwarded-proto": "https", "x-forwarded-host": "worklog.example.com" } });
    expect((await behindProxy.json()).servers).toEqual([{ url: server.url.replace("http:", "https:") }]);
  });

  it("lets clients revalidate their copy by its ETag", async () => {
    const first = await server.request("/api/v1/openapi.json");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const again = await server.request("/api/v1/openapi.json", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    const changed = await server.request("/api/v1/openapi.json", { headers: { "if-none-match": '"something-else"' } });
    expect(changed.status).toBe(200);
  });
});

describe("the document and the route files", () => {
  it("documents every route under app/api and app/auth with exactly the methods it serves, and the scopes it enforces", async () => {
    const routes = routePaths();
    expect(routes).toEqual(expect.arrayContaining(["/api/v1/worklog/entries/{id}/commits", "/auth/device/token", "/api/v1/openapi.json"]));
    const served: string[] = [];
    const problems: string[] = [];
    for (const template of routes) {
      for (const method of methods) {
        const operation = document.paths[template]?.[method.toLowerCase() as HttpMethod];
        const scope = operation?.["x-scope"];
        // A key without the documented scope: the server must refuse it, naming that very scope.
        const probeKey = scope?.endsWith(":read") ? writesKey : readsKey;
        // A bare request: wrong on purpose where the path serves no such method, or the operation needs a body.
        const response = await call(method.toLowerCase() as HttpMethod, template, {
          params: realIds[template],
          key: template.startsWith("/api/v1/") ? probeKey : undefined,
          invalid: !operation || Boolean(operation.requestBody?.required),
        });
        const body = await response.text();
        const label = `${method} ${template}`;
        if (response.status !== 405) served.push(label);
        if (!operation) {
          if (response.status !== 405) problems.push(`${label}: served (${response.status}) but not documented`);
        } else if (scope) {
          const requiredScope = response.status === 403 ? JSON.parse(body).details?.required_scope : undefined;
          if (requiredScope !== scope) problems.push(`${label}: documented with ${scope}, answered ${response.status} ${body}`);
          // A documented 404 is the route's own answer (/api/metrics where METRICS_TOKEN is unset).
        } else if ((response.status === 404 && !operation.responses["404"]) || response.status === 405) {
          problems.push(`${label}: documented but answered ${response.status}`);
        }
      }
    }
    expect(problems).toEqual([]);
    const documentedOperations = Object.entries(document.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${template}`),
    );
    expect(documentedOperations.sort()).toEqual(served.sort());
  });
});

describe("responses of the running API", () => {
  it("have the documented shapes, from the user to recaps and their stream", async () => {
    await request("get", "/api/v1/user", 200);
    await request("put", "/api/v1/user", 200, { body: { name: "Ada Lovelace", timezone: "Europe/London" } });

    const project = await request("post", "/api/v1/projects", 201, { body: { name: "Website Project", description: "The public site" } });
    const byId = { params: { id: project.id } };
    await request("get", "/api/v1/projects", 200);
    await request("get", "/api/v1/projects/{id}", 200, byId);
    await request("put", "/api/v1/projects/{id}", 200, { ...byId, body: { description: null } });

    const repository = await request("post", "/api/v1/repositories", 201, { body: { name: "website", project_id: project.id } });
    await request("post", "/api/v1/projects/{id}/repositories", 201, { ...byId, body: { name: "docs", local_path: "/src/docs" } });
    await request("get", "/api/v1/repositories", 200, { query: `?project_id=${project.id}&limit=1` });
    const repositoryId = { params: { id: repository.id } };
    await request("get", "/api/v1/repositories/{id}", 200, repositoryId);
    await request("put", "/api/v1/repositories/{id}", 200, { ...repositoryId, body: { default_branch: "main" } });

    const sha = "a".repeat(40);
    const { commits } = await request("post", "/api/v1/repositories/{id}/commits", 201, {
      ...repositoryId,
      body: { commits: [{ sha, message: "Add the pricing page", committed_at: "2026-11-20T10:00:00+02:00", author_name: "Ada" }] },
    });
    await request("get", "/api/v1/repositories/{id}/commits", 200, repositoryId);
    const uncaptured = await request("get", "/api/v1/repositories/{id}/commits", 200, {
      ...repositoryId,
      query: `?uncaptured=true&shas=${sha},${"b".repeat(40)}`,
    });
    expect(uncaptured).toEqual({ uncaptured_shas: ["b".repeat(40)] });

    const entry = await request("post", "/api/v1/worklog/entries", 201, {
      body: { content: "Built the **pricing page**", tags: ["Web"], project_id: project.id, duration_seconds: 3600, recorded_at: "2026-11-20T11:00:00Z" },
    });
    const entryId = { params: { id: entry.id } };
    await request("post", "/api/v1/worklog/entries/{id}/commits", 200, { ...entryId, body: { commit_ids: [commits[0].id] } });
    await request("get", "/api/v1/worklog/entries", 200, { query: "?tags=web&from=2026-11-01" });
    await request("get", "/api/v1/worklog/entries/{id}", 200, entryId);
    await request("put", "/api/v1/worklog/entries/{id}", 200, { ...entryId, body: { duration_seconds: null } });

    const filters = { body: { from: "2026-11-01", tags: "web" } };
    const recap = await request("post", "/api/v1/worklog/recaps", 201, filters);
    const stream = await call("get", "/api/v1/worklog/recaps/sse", { query: `?recap_id=${recap.id}` });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const { events } = await readEvents(stream);
    expect(events.at(-1)?.data.status).toBe("completed");
    const eventSchema = responsePointer("get", "/api/v1/worklog/recaps/sse", 200, "text/event-stream");
    for (const event of events) expect(check(eventSchema, event.data), JSON.stringify(event.data)).toEqual([]);
    await request("get", "/api/v1/worklog/recaps/{id}", 200, { params: { id: recap.id } });
    expect((await request("post", "/api/v1/worklog/recaps", 200, filters)).status).toBe("completed");
    const exported = await request("get", "/api/v1/export", 200, { query: "?format=json" });
    expect(exported.entries.map((each: { id: string }) => each.id)).toEqual([entry.id]);

    await request("delete", "/api/v1/worklog/entries/{id}", 200, entryId);
    await request("delete", "/api/v1/repositories/{id}", 200, repositoryId);
    await request("delete", "/api/v1/projects/{id}", 200, byId);

    await request("delete", "/api/v1/user", 200, { key: await newKey(server, { scopes: ["user:write"] }) });
  });

  it("have the documented shapes when they are errors", async () => {
    await request("get", "/api/v1/user", 401, { key: undefined });
    await request("get", "/api/v1/worklog/entries", 401, { key: "wl_" + "x".repeat(40) });
    await request("post", "/api/v1/projects", 403, { key: readsKey, body: { name: "Refused" } });
    await request("get", "/api/v1/projects/{id}", 404);
    await request("get", "/api/v1/worklog/recaps/sse", 404, { query: `?recap_id=${randomUUID()}` });
    await request("post", "/api/v1/projects", 422, { body: { description: 7 }, invalid: true });
    await request("post", "/api/v1/repositories/{id}/commits", 404, {
      body: { commits: [{ sha: "c".repeat(40), message: "Lost", committed_at: "2026-11-20T10:00:00Z" }] },
    });
    await request("get", "/api/v1/projects", 400, { query: "?limit=0", invalid: true });
    await request("post", "/api/v1/worklog/entries", 400, { body: "{not json", invalid: true });
    await request("put", "/api/v1/user", 413, { body: JSON.stringify({ name: "x".repeat(1024 * 1024) }), invalid: true });
    await request("post", "/api/v1/worklog/recaps", 400, { body: { from: "1999-01-01", to: "1999-01-02" } });

    await request("get", "/api/v1/worklog/recaps/{id}", 403, { key: await newKey(server, { scopes: ["worklog:read"], plan: "free" }) });
  });

  it("of the device flow and the probes have the documented shapes", async () => {
    const started = await request("post", "/auth/device/code", 200, { body: { client_id: CLI_CLIENT_ID, scope: "user:read project:read" } });
    expect((await request("post", "/auth/device/token", 400, { body: { device_code: started.device_code } })).error).toBe("authorization_pending");
    await request("post", "/auth/device/code", 401, { body: { client_id: "no-such-client", scope: "user:read" } });
    await request("post", "/auth/token", 400, { body: { grant_type: "refresh_token", refresh_token: "wlr_unknown" } });
    await request("post", "/auth/revoke", 200, { body: { token: "wlo_unknown" } });
    await request("post", "/auth/token_info", 401, { body: { token: "wlo_unknown" } });
    await request("get", "/api/live", 200);
    await request("get", "/api/health", 200);
  });

  // Approving a grant needs a signed-in browser; on PostgreSQL a second connection stands in for it.
  it.runIf(onPostgres)("of issued, refreshed and described tokens have the documented shapes", async () => {
    const started = await request("post", "/auth/device/code", 200, { body: { client_id: CLI_CLIENT_ID, scope: "user:read" } });
    const database = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await database.connect();
    try {
      await database.query(
        "UPDATE oauth_device_grants SET status = 'approved', user_id = (SELECT id FROM users WHERE email = $1), workspace_id = (SELECT m.workspace_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND m.role = 'owner' ORDER BY m.joined_at LIMIT 1) WHERE user_code = $2",
        [email, started.user_code.replace("-", "")],
      );
    } finally {
      await database.end();
    }
    const tokens = await request("post", "/auth/device/token", 200, { body: { device_code: started.device_code } });
    const refreshed = await request("post", "/auth/token", 200, { body: { grant_type: "refresh_token", refresh_token: tokens.refresh_token } });
    await request("post", "/auth/token_info", 200, { headers: { authorization: `Bearer ${refreshed.access_token}` } });
    await request("get", "/api/v1/user", 200, { key: undefined, headers: { authorization: `Bearer ${refreshed.access_token}` } });
  });
});
