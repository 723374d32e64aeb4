import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { declaredOperationGroups } from "../support/operations";
import { startServer, type TestServer } from "../support/server";
import { readEvents } from "../support/sse";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const MiB = 1024 * 1024;
const allScopes = ["user:*", "project:*", "repo:*", "worklog:*"];
const readScopes = ["user:read", "project:read", "repo:read", "worklog:read"];
const notFoundBody = { error: { message: "Could not find the requested resource", type: "not_found_error" } };
const tooLargeBody = { error: { message: "Request body too large", type: "invalid_request_error" } };
const invalidValue = (pointer: string) => ({ errors: [{ title: "Invalid value", detail: "Invalid value", source: { pointer } }] });
const sha = (seed: string) => seed.repeat(40).slice(0, 40);

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const writeMethods: Method[] = ["POST", "PUT", "PATCH", "DELETE"];

async function call(key: string, method: Method, pathname: string, body?: unknown) {
  const response = await server.request(pathname, { key, method, body });
  return { status: response.status, body: await response.json() };
}

async function created(key: string, pathname: string, body: unknown): Promise<{ id: string; [field: string]: unknown }> {
  const { status, body: resource } = await call(key, "POST", pathname, body);
  expect(status, JSON.stringify(resource)).toBe(201);
  return resource;
}

async function newAccount(scopes = allScopes) {
  const { email } = await server.createUser();
  return { email, key: await server.createKey(email, scopes) };
}

/** An account's data: one resource of every kind that has an id, for the tests to aim at. */
async function seedAccount(key: string) {
  const project = await created(key, "/api/v1/projects", { name: "Secret project" });
  const repository = await created(key, `/api/v1/projects/${project.id}/repositories`, { name: "secret-repo" });
  const { body: commits } = await call(key, "POST", `/api/v1/repositories/${repository.id}/commits`, {
    commits: [{ sha: sha("a1"), message: "Secret commit", committed_at: "2026-01-02T03:04:05Z" }],
  });
  const entry = await created(key, "/api/v1/worklog/entries", { content: "Secret entry", tags: ["secret"], project_id: project.id });
  await call(key, "POST", `/api/v1/worklog/entries/${entry.id}/commits`, { commit_ids: [commits.commits[0].id] });
  const recap = await created(key, "/api/v1/worklog/recaps", {});
  // The snapshots below must not see a recap still being written.
  for (let attempt = 0; ; attempt++) {
    const { body } = await call(key, "GET", `/api/v1/worklog/recaps/${recap.id}`);
    if (body.status !== "processing") break;
    if (attempt > 300) throw new Error("the recap did not finish");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { project: project.id, repository: repository.id, commit: commits.commits[0].id as string, entry: entry.id, recap: recap.id };
}

/** Everything an account owns, as its own full key reads it. */
async function snapshot(key: string, ids: Record<string, string>): Promise<string> {
  const paths = [
    "/api/v1/user",
    "/api/v1/projects?limit=100",
    `/api/v1/projects/${ids.project}`,
    "/api/v1/repositories?limit=100",
    `/api/v1/repositories/${ids.repository}`,
    `/api/v1/repositories/${ids.repository}/commits?limit=100`,
    "/api/v1/worklog/entries?limit=100",
    `/api/v1/worklog/entries/${ids.entry}`,
    `/api/v1/worklog/recaps/${ids.recap}`,
  ];
  const bodies = await Promise.all(paths.map(async (pathname) => (await server.request(pathname, { key })).text()));
  return bodies.join("\n");
}

/** Fills `{name}` placeholders of a path or body with ids. */
function resolve<T>(template: T, ids: Record<string, string>): T {
  if (template === undefined) return template;
  return JSON.parse(JSON.stringify(template).replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `{${name}}`)) as T;
}

/**
 * `/api/v1/projects/{project}/repositories?x=1` → `/api/v1/projects/[id]/repositories`: the route
 * file it lands in, with every id as `[id]`, whether a template's `{project}` or a folder's `[commit_id]`.
 */
const routeOf = (template: string) => template.split("?")[0]!.replace(/\{\w+\}|\[\w+\]/g, "[id]");

/** A method a route serves, and the scope it requires ("none": the route is public). */
type ServedRoute = { method: Method; route: string; scope: string };

const operationGroups = await declaredOperationGroups();

/**
 * What app/api/v1 serves, read from the route files on disk: every operation a route hands to
 * `apiRoute` or `serviceRoute`, with the method and scope of its declaration (which must be at
 * this route's path), and every method it exports as a handler of its own (public, no scope).
 * A route file built some other way fails here, so that no endpoint escapes the tables below.
 */
function servedRoutes(): ServedRoute[] {
  const root = path.resolve(import.meta.dirname, "../..");
  const files = readdirSync(path.join(root, "app/api/v1"), { recursive: true, encoding: "utf8" }).filter((file) => path.basename(file) === "route.ts");
  return files.flatMap((file) => {
    const route = routeOf(`/api/v1/${path.dirname(file)}`.replace(/\/\.$/, ""));
    const source = readFileSync(path.join(root, "app/api/v1", file), "utf8");
    const destructured = /export\s+const\s+\{[^}]*\}\s*=\s*(\w+)\(/.exec(source)?.[1];
    if (destructured === "notFoundRoute") return []; // the catch-all: 404 for unknown paths
    if (destructured !== undefined && destructured !== "apiMethods") throw new Error(`${file}: methods from ${destructured}(); teach servedRoutes about it`);
    const declared = [...source.matchAll(/\b(?:apiRoute|serviceRoute)\(\s*(\w+)\.(\w+)\b/g)].map(([reference, group, name]) => {
      const operation = operationGroups.get(group!)?.[name!];
      if (!operation) throw new Error(`${file}: ${reference} names no operation of lib/*/operations.ts`);
      if (routeOf(operation.path) !== route) throw new Error(`${file} serves ${operation.operationId}, which is declared at ${operation.path}`);
      return { method: operation.method.toUpperCase() as Method, route, scope: operation.kind === "api" ? operation.scope : "none" };
    });
    const own = [...source.matchAll(/export\s+(?:(?:async\s+)?function|const)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)];
    return [...declared, ...own.map(([, method]) => ({ method: method as Method, route, scope: "none" }))];
  });
}

// ---------------------------------------------------------------------------------------------
// Another account's ids

type ForeignCase = {
  method: Method;
  /** `{project}` and the like are account A's ids; `{own_*}` are the caller's (account B's). */
  path: string;
  body?: unknown;
  status: number;
  /** The exact body expected, or a check of it. */
  expected: Record<string, unknown> | ((body: Record<string, unknown>, ids: Record<string, string>) => void);
};

/** Every endpoint with an id in its path, for every method it serves: as if the id named nothing. */
const foreignPathIds: ForeignCase[] = [
  { method: "GET", path: "/api/v1/projects/{project}" },
  { method: "PUT", path: "/api/v1/projects/{project}", body: { name: "Taken over" } },
  { method: "DELETE", path: "/api/v1/projects/{project}" },
  { method: "POST", path: "/api/v1/projects/{project}/repositories", body: { name: "planted" } },
  { method: "GET", path: "/api/v1/repositories/{repository}" },
  { method: "PUT", path: "/api/v1/repositories/{repository}", body: { name: "taken-over" } },
  { method: "DELETE", path: "/api/v1/repositories/{repository}" },
  { method: "GET", path: "/api/v1/repositories/{repository}/commits" },
  { method: "GET", path: `/api/v1/repositories/{repository}/commits?uncaptured=true&shas=${sha("a1")}` },
  {
    method: "POST",
    path: "/api/v1/repositories/{repository}/commits",
    body: { commits: [{ sha: sha("b2"), message: "planted", committed_at: "2026-01-02T03:04:05Z" }] },
  },
  { method: "GET", path: "/api/v1/repositories/{repository}/commits/{commit}" },
  { method: "GET", path: "/api/v1/worklog/entries/{entry}" },
  { method: "PUT", path: "/api/v1/worklog/entries/{entry}", body: { content: "Taken over" } },
  { method: "DELETE", path: "/api/v1/worklog/entries/{entry}" },
  { method: "POST", path: "/api/v1/worklog/entries/{entry}/commits", body: { commit_ids: ["{own_commit}"] } },
  { method: "GET", path: "/api/v1/worklog/recaps/{recap}" },
  { method: "GET", path: "/api/v1/worklog/recaps/sse?recap_id={recap}" },
].map((entry) => ({ ...entry, method: entry.method as Method, status: 404, expected: notFoundBody }));

const emptyList = (collection: string) => (body: Record<string, unknown>) => {
  expect(body[collection]).toEqual([]);
  expect(body.meta).toMatchObject({ result_count: 0, total_count: 0 });
};

/** Ids inside bodies and queries: a reference to another account's resource is one to nothing. */
const foreignReferences: ForeignCase[] = [
  { method: "POST", path: "/api/v1/worklog/entries", body: { content: "x", project_id: "{project}" }, status: 422, expected: invalidValue("/project_id") },
  { method: "PUT", path: "/api/v1/worklog/entries/{own_entry}", body: { project_id: "{project}" }, status: 422, expected: invalidValue("/project_id") },
  { method: "POST", path: "/api/v1/repositories", body: { name: "x", project_id: "{project}" }, status: 422, expected: invalidValue("/project_id") },
  { method: "PUT", path: "/api/v1/repositories/{own_repository}", body: { project_id: "{project}" }, status: 422, expected: invalidValue("/project_id") },
  { method: "POST", path: "/api/v1/worklog/entries/{own_entry}/commits", body: { commit_ids: ["{commit}"] }, status: 422, expected: invalidValue("/commit_ids/0") },
  { method: "GET", path: "/api/v1/worklog/entries?project_id={project}", status: 200, expected: emptyList("entries") },
  { method: "GET", path: "/api/v1/repositories?project_id={project}", status: 200, expected: emptyList("repositories") },
  {
    method: "POST",
    path: "/api/v1/worklog/recaps",
    body: { project_ids: ["{project}"] },
    status: 400,
    expected: { error: { message: "No worklog entries match these filters", type: "invalid_request_error" } },
  },
  {
    // A cursor is a position, not a resource: the caller still sees only its own entries (made
    // before the owner's, so they all come after the owner's entry, newest first).
    method: "GET",
    path: "/api/v1/worklog/entries?starting_after={entry}",
    status: 200,
    expected: (body, ids) => expect((body.entries as { id: string }[]).map((entry) => entry.id)).toEqual([ids.own_entry]),
  },
];

describe("another account's ids", () => {
  let ownerKey: string;
  let callerKey: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ownerKey = (await newAccount()).key;
    callerKey = (await newAccount()).key;
    const ownIds = Object.entries(await seedAccount(callerKey)).map(([name, id]) => [`own_${name}`, id]);
    ids = { ...(await seedAccount(ownerKey)), ...Object.fromEntries(ownIds) };
  });

  it("every endpoint with an id in its path is in the table, for every method it serves", () => {
    const withIds = servedRoutes().filter(({ route }) => route.includes("[id]") || route.endsWith("/recaps/sse"));
    const table = new Set(foreignPathIds.map((entry) => `${entry.method} ${routeOf(entry.path)}`));
    expect([...table].sort()).toEqual(withIds.map(({ method, route }) => `${method} ${route}`).sort());
  });

  it.each([...foreignPathIds, ...foreignReferences].map((entry) => [`${entry.method} ${entry.path}`, entry] as const))(
    "%s answers as if the id named nothing, and the owner's data is unchanged",
    async (_, { method, path: template, body, status, expected }) => {
      const before = await snapshot(ownerKey, ids);
      const response = await call(callerKey, method, resolve(template, ids), resolve(body, ids));
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      if (typeof expected === "function") expected(response.body, ids);
      else expect(response.body).toEqual(expected);
      expect(await snapshot(ownerKey, ids)).toBe(before);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Read-only keys

/** Every write endpoint of /api/v1 with the scope it requires; a second test holds it to the route files. */
const writeEndpoints: { method: Method; path: string; scope: string; body?: unknown }[] = [
  { method: "PUT", path: "/api/v1/user", scope: "user:write", body: { name: "Changed" } },
  { method: "DELETE", path: "/api/v1/user", scope: "user:write" },
  { method: "POST", path: "/api/v1/projects", scope: "project:write", body: { name: "New" } },
  { method: "PUT", path: "/api/v1/projects/{project}", scope: "project:write", body: { name: "Changed" } },
  { method: "DELETE", path: "/api/v1/projects/{project}", scope: "project:write" },
  { method: "POST", path: "/api/v1/projects/{project}/repositories", scope: "repo:write", body: { name: "new-repo" } },
  { method: "POST", path: "/api/v1/repositories", scope: "repo:write", body: { name: "new-repo" } },
  { method: "PUT", path: "/api/v1/repositories/{repository}", scope: "repo:write", body: { name: "changed" } },
  { method: "DELETE", path: "/api/v1/repositories/{repository}", scope: "repo:write" },
  {
    method: "POST",
    path: "/api/v1/repositories/{repository}/commits",
    scope: "repo:write",
    body: { commits: [{ sha: sha("c3"), message: "New", committed_at: "2026-01-02T03:04:05Z" }] },
  },
  { method: "POST", path: "/api/v1/worklog/entries", scope: "worklog:write", body: { content: "New" } },
  { method: "PUT", path: "/api/v1/worklog/entries/{entry}", scope: "worklog:write", body: { content: "Changed" } },
  { method: "DELETE", path: "/api/v1/worklog/entries/{entry}", scope: "worklog:write" },
  { method: "POST", path: "/api/v1/worklog/entries/{entry}/commits", scope: "worklog:write", body: { commit_ids: ["{commit}"] } },
  { method: "POST", path: "/api/v1/worklog/recaps", scope: "worklog:write", body: {} },
];

describe("a read-only key", () => {
  let owner: { email: string; key: string };
  let readOnlyKey: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    owner = await newAccount();
    readOnlyKey = await server.createKey(owner.email, readScopes);
    ids = await seedAccount(owner.key);
  });

  it("the table lists every write endpoint the route files serve, with its scope", () => {
    const served = servedRoutes().filter(({ method }) => writeMethods.includes(method));
    expect(writeEndpoints.map(({ method, path: template, scope }) => `${method} ${routeOf(template)} ${scope}`).sort()).toEqual(
      served.map(({ method, route, scope }) => `${method} ${route} ${scope}`).sort(),
    );
  });

  it.each(writeEndpoints.map((entry) => [`${entry.method} ${entry.path}`, entry] as const))(
    "%s is refused with 403 naming the scope, and nothing changes",
    async (_, { method, path: template, scope, body }) => {
      const before = await snapshot(owner.key, ids);
      const response = await call(readOnlyKey, method, resolve(template, ids), resolve(body, ids));
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: { message: `Insufficient scope for this API key. Required: ${scope}. Available: ${readScopes.join(", ")}`, type: "authorization_error" },
        details: { required_scope: scope, granted_scopes: readScopes },
      });
      expect(await snapshot(owner.key, ids)).toBe(before);
    },
  );

  it("still reads everything it may read", async () => {
    expect((await call(readOnlyKey, "GET", `/api/v1/worklog/entries/${ids.entry}`)).status).toBe(200);
    expect((await call(readOnlyKey, "GET", "/api/v1/user")).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Hostile text

/** Script, markup, SQL and template injections, and Unicode that tends to get mangled. */
const hostileStrings = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE worklog_entries; --",
  "Robert'); DROP TABLE projects;-- \\' \\\" `tick`",
  "{{7*7}} ${7*7} <%= 7*7 %> %s%n",
  "Zoë 日本語 🚀 👩‍💻 e\u0301 \u{1F1EB}\u{1F1F7}",
  "\u202Egnp.exe \u200Fשלום\u200E مرحبا \u2066isolate\u2069",
  "zero\u200Bwidth\uFEFFmarks \u0001\u001F\u007F controls",
];

/** Tags take no whitespace or commas and are lower-cased: the same attacks, in that shape. */
const hostileTags = ["<script>alert(1)</script>", '"><img/src=x/onerror=alert(1)>', "';drop-table-worklog_entries;--", "日本語🚀", "\u202Eevil", "%00", "../../etc/passwd"];

describe("hostile text", () => {
  let key: string;

  beforeAll(async () => {
    key = (await newAccount()).key;
  });

  it.each(hostileStrings.map((value) => [JSON.stringify(value), value] as const))("%s is stored and returned verbatim in every text field", async (_, value) => {
    const project = await created(key, "/api/v1/projects", { name: value, description: value });
    const repository = await created(key, `/api/v1/projects/${project.id}/repositories`, {
      name: value,
      local_path: value,
      remote_url: value,
      default_branch: value,
    });
    const commitSha = sha(Buffer.from(value).toString("hex").slice(0, 6));
    await created(key, `/api/v1/repositories/${repository.id}/commits`, {
      commits: [{ sha: commitSha, message: value, committed_at: "2026-01-02T03:04:05Z", author_name: value, author_email: value }],
    });
    // Markdown content is not even trimmed.
    const content = `\n  ${value}\n\n> ${value}  \n`;
    const entry = await created(key, "/api/v1/worklog/entries", { content, project_id: project.id });
    expect((await call(key, "PUT", "/api/v1/user", { name: value })).status).toBe(200);

    const read = async (pathname: string) => {
      const response = await server.request(pathname, { key });
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      return response.json();
    };
    expect(await read(`/api/v1/projects/${project.id}`)).toMatchObject({ name: value, description: value });
    expect(await read(`/api/v1/repositories/${repository.id}`)).toMatchObject({ name: value, local_path: value, remote_url: value, default_branch: value });
    const { commits } = await read(`/api/v1/repositories/${repository.id}/commits`);
    expect(commits).toMatchObject([{ message: value, author_name: value, author_email: value }]);
    expect(await read(`/api/v1/worklog/entries/${entry.id}`)).toMatchObject({ content, project: { name: value } });
    expect(await read("/api/v1/user")).toMatchObject({ name: value });
  });

  it("tags are stored verbatim and found again by the filter", async () => {
    const entry = await created(key, "/api/v1/worklog/entries", { content: "tagged", tags: hostileTags });
    expect(entry.tags).toEqual(hostileTags);
    for (const tag of hostileTags) {
      const { body } = await call(key, "GET", `/api/v1/worklog/entries?tags=${encodeURIComponent(tag)}`);
      expect(body.entries.map((found: { id: string }) => found.id), tag).toEqual([entry.id]);
    }
  });

  it.each([
    ["POST", "/api/v1/projects", { name: "a\u0000b" }, "/name"],
    ["POST", "/api/v1/projects", { name: "ok", description: "lone \ud800 surrogate" }, "/description"],
    ["POST", "/api/v1/repositories", { name: "nul\u0000" }, "/name"],
    ["POST", "/api/v1/worklog/entries", { content: "a\u0000b" }, "/content"],
    ["POST", "/api/v1/worklog/entries", { content: "ok", tags: ["nul\u0000"] }, "/tags/0"],
    ["POST", "/api/v1/worklog/recaps", { tags: ["\udfff"] }, "/tags/0"],
    ["PUT", "/api/v1/user", { name: "\u0000" }, "/name"],
  ] as const)("%s %s with text PostgreSQL cannot store (NUL, lone surrogates) is a 422, not a 500", async (method, pathname, body, pointer) => {
    const response = await call(key, method, pathname, body);
    expect(response).toEqual({ status: 422, body: invalidValue(pointer) });
  });

  it("refuses NUL in a commit message, a tag filter and the device flow's parameters alike", async () => {
    const repository = await created(key, "/api/v1/repositories", { name: "nul-test" });
    const commit = await call(key, "POST", `/api/v1/repositories/${repository.id}/commits`, {
      commits: [{ sha: sha("d4"), message: "a\u0000b", committed_at: "2026-01-02T03:04:05Z" }],
    });
    expect(commit).toEqual({ status: 422, body: invalidValue("/commits/0/message") });
    expect(await call(key, "GET", "/api/v1/worklog/entries?tags=a%00b")).toEqual({
      status: 400,
      body: { error: { message: "tags must not contain NUL characters", type: "invalid_request_error" } },
    });
    for (const [pathname, body] of [
      ["/auth/device/code", { client_id: "a\u0000b" }],
      ["/auth/device/token", { device_code: "\ud800" }],
      ["/auth/token", { grant_type: "refresh_token", refresh_token: "a\u0000b" }],
    ] as const) {
      const response = await server.request(pathname, { method: "POST", body });
      expect(response.status, pathname).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid_request" });
    }
    expect(server.logs()).not.toContain("invalid byte sequence");
  });
});

// ---------------------------------------------------------------------------------------------
// Oversized headers and bodies

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

/**
 * A request through node:http on a connection of its own, which (unlike fetch) sends a body
 * chunked, or announced with a content-length it does not have.
 */
function rawRequest(
  pathname: string,
  { method = "GET", headers = {}, chunks = [], end = true }: { method?: string; headers?: Record<string, string>; chunks?: (string | Buffer)[]; end?: boolean } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolvePromise, reject) => {
    const request = http.request({ hostname, port, path: pathname, method, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        resolvePromise({ status: response.statusCode!, headers: response.headers, text });
        request.destroy();
      });
    });
    request.on("error", reject);
    for (const chunk of chunks) request.write(chunk);
    if (end) request.end();
  });
}

/**
 * Raw bytes over one connection, and everything the server answers until it closes it. For
 * requests the server refuses before reading them whole, where an HTTP client would fail on
 * the closed connection rather than report the answer.
 */
function exchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolvePromise) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(bytes));
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("error", () => {}); // a reset after the answer: the answer is what counts
    socket.on("close", () => resolvePromise(received));
  });
}

const statusLines = (reply: string) => reply.match(/^HTTP\/1\.1 \d{3}/gm) ?? [];

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

/** A JSON entry body of exactly `size` bytes. */
function entryBodyOfSize(size: number): string {
  const frame = JSON.stringify({ content: "" });
  return JSON.stringify({ content: "x".repeat(size - frame.length) });
}

describe("oversized headers and bodies", () => {
  let key: string;

  beforeAll(async () => {
    key = (await newAccount()).key;
  });

  /** The server is still up and serving authenticated requests. */
  async function expectServing() {
    expect((await server.request("/api/health")).status).toBe(200);
    expect((await server.request("/api/v1/user", { key })).status).toBe(200);
  }

  it.each([
    ["a 100 KiB header on the API", "GET /api/v1/user", `X-Padding: ${"x".repeat(100 * 1024)}`],
    ["a 200 KiB Authorization", "GET /api/v1/user", `Authorization: Basic ${"A".repeat(200 * 1024)}`],
    ["a 100 KiB session cookie on a page", "GET /", `Cookie: authjs.session-token=${"A".repeat(100 * 1024)}`],
    ["a 100 KiB Bearer token on the device flow", "POST /auth/token_info", `Authorization: Bearer ${"A".repeat(100 * 1024)}`],
  ])("%s is refused with 431", async (_, requestLine, header) => {
    const reply = await exchange(`${requestLine} HTTP/1.1\r\nHost: localhost\r\n${header}\r\nContent-Length: 0\r\n\r\n`);
    expect(statusLines(reply)).toEqual(["HTTP/1.1 431"]);
    await expectServing();
  });

  it("large headers under the limit are just wrong credentials, or none", async () => {
    const basicResponse = await rawRequest("/api/v1/user", { headers: { authorization: `Basic ${"A".repeat(60 * 1024)}` } });
    expect(basicResponse.status).toBe(401);
    expect(JSON.parse(basicResponse.text).error.type).toBe("authentication_error");
    const bearerResponse = await rawRequest("/api/v1/user", { headers: { authorization: `Bearer ${"A".repeat(60 * 1024)}` } });
    expect(bearerResponse.status).toBe(401);
    expect(JSON.parse(bearerResponse.text)).toEqual({ error: { message: "Invalid or expired OAuth token.", type: "authentication_error" } });
    const page = await rawRequest("/", { headers: { cookie: `authjs.session-token=${"A".repeat(60 * 1024)}` } });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Sign in");
    await expectServing();
  });

  it("a body of exactly 1 MiB is read; one byte more is a 413", async () => {
    const headers = { authorization: basic(key), "content-type": "application/json" };
    const atLimit = await rawRequest("/api/v1/worklog/entries", { method: "POST", headers, chunks: [entryBodyOfSize(MiB)] });
    expect(atLimit.status).toBe(422);
    expect(JSON.parse(atLimit.text)).toEqual({
      errors: [{ title: "Invalid value", detail: "String length is larger than maxLength", source: { pointer: "/content" } }],
    });
    const over = await rawRequest("/api/v1/worklog/entries", { method: "POST", headers, chunks: [entryBodyOfSize(MiB + 1)] });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text)).toEqual(tooLargeBody);
    await expectServing();
  });

  it("a chunked body without content-length is cut off past 1 MiB", async () => {
    const headers = { authorization: basic(key), "content-type": "application/json", "transfer-encoding": "chunked" };
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, "x"));
    const response = await rawRequest("/api/v1/worklog/entries", { method: "POST", headers, chunks });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toEqual(tooLargeBody);
    await expectServing();
  });

  it("a content-length over 1 MiB is refused before the body arrives", async () => {
    const headers = { authorization: basic(key), "content-type": "application/json", "content-length": String(2 * MiB) };
    // Only a few bytes are sent and the request never ends: the answer cannot wait for the rest.
    const response = await rawRequest("/api/v1/worklog/entries", { method: "POST", headers, chunks: ['{"content":"x'], end: false });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toEqual(tooLargeBody);
    await expectServing();
  });

  it("a content-length smaller than the body reads only what it announced, and the rest is not a request", async () => {
    const before = (await call(key, "GET", "/api/v1/worklog/entries")).body.meta.total_count;
    const reply = await exchange(
      `POST /api/v1/worklog/entries HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${basic(key)}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 20\r\n\r\n{"content":"${"x".repeat(2 * MiB)}"}`,
    );
    // The 20 bytes announced are no complete JSON document (400, when the handler answers before
    // the parser gives up), and the bytes after them are no request (400 from Node's parser).
    expect(statusLines(reply).length).toBeGreaterThan(0);
    expect(statusLines(reply).every((line) => line === "HTTP/1.1 400")).toBe(true);
    expect((await call(key, "GET", "/api/v1/worklog/entries")).body.meta.total_count).toBe(before);
    await expectServing();
  });

  it("a client that leaves halfway through its body is no failure of the server", async () => {
    const { hostname, port } = new URL(server.url);
    await new Promise<void>((resolvePromise) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          `POST /api/v1/worklog/entries HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${basic(key)}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"content":"half',
        );
        // Long enough for the handler to be reading the body when the client goes.
        setTimeout(() => socket.destroy(), 300);
      });
      socket.on("close", () => resolvePromise());
    });
    await expectServing();
  });

  it.each(["/auth/device/code", "/auth/device/token", "/auth/token", "/auth/revoke", "/auth/token_info", "/api/auth/callback/credentials", "/api/auth/signout"])(
    "POST %s refuses bodies over 1 MiB, announced or chunked",
    async (pathname) => {
      const body = `client_id=${"x".repeat(MiB)}`;
      const headers = { "content-type": "application/x-www-form-urlencoded" };
      for (const response of [
        await rawRequest(pathname, { method: "POST", headers, chunks: [body] }),
        await rawRequest(pathname, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" }, chunks: [body.slice(0, MiB / 2), body.slice(MiB / 2)] }),
      ]) {
        expect(response.status).toBe(413);
        expect(JSON.parse(response.text)).toEqual(tooLargeBody);
      }
      await expectServing();
    },
  );

  it("signing in through next-auth still works under the limit", async () => {
    const { email, password } = await server.createUser();
    const csrf = await fetch(`${server.url}/api/auth/csrf`);
    const cookie = csrf.headers.getSetCookie().map((setCookie) => setCookie.split(";")[0]).join("; ");
    const { csrfToken } = await csrf.json();
    const signIn = await fetch(`${server.url}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: "/" }),
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.getSetCookie().some((setCookie) => setCookie.startsWith("authjs.session-token="))).toBe(true);
  });

  it("none of it crashed the server or reached the error handler", async () => {
    await expectServing();
    expect(server.logs()).not.toMatch(/\[api\] request .* failed|uncaught|unhandled/i);
  });
});

// ---------------------------------------------------------------------------------------------
// Request edges: content types, undecodable paths and bodies, methods, concurrent creates

const unsupportedMediaTypeBody = { error: { message: "Content-Type must be application/json", type: "invalid_request_error" } };

describe("request bodies that are not JSON", () => {
  let key: string;

  beforeAll(async () => {
    key = (await newAccount()).key;
  });

  const projectCount = async () => (await call(key, "GET", "/api/v1/projects")).body.meta.total_count as number;

  it.each([
    ["text/plain", '{"name":"Planted"}'],
    ["text/plain;charset=UTF-8", '{"name":"Planted"}'],
    ["application/x-www-form-urlencoded", "name=Planted"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nPlanted\r\n--x--\r\n'],
    ["application/jsonp", '{"name":"Planted"}'],
  ])("a %s body is refused with 415, with or without a key, and nothing is created", async (contentType, body) => {
    const before = await projectCount();
    for (const headers of [{ authorization: basic(key) }, {}] as Record<string, string>[]) {
      const response = await rawRequest("/api/v1/projects", { method: "POST", headers: { ...headers, "content-type": contentType }, chunks: [body] });
      expect(response.status, response.text).toBe(415);
      expect(JSON.parse(response.text)).toEqual(unsupportedMediaTypeBody);
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await projectCount()).toBe(before);
  });

  it("a body without a content type is refused with 415", async () => {
    const response = await rawRequest("/api/v1/projects", { method: "POST", headers: { authorization: basic(key) }, chunks: ['{"name":"Planted"}'] });
    expect(response.status).toBe(415);
    expect(JSON.parse(response.text)).toEqual(unsupportedMediaTypeBody);
  });

  it.each(["application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/merge-patch+json", "application/vnd.worklog+json; charset=utf-8"])(
    "a %s body is read",
    async (contentType) => {
      const response = await server.request("/api/v1/projects", { key, method: "POST", body: { name: "Accepted" }, headers: { "content-type": contentType } });
      expect(response.status).toBe(201);
    },
  );

  it("requests without a body need no content type", async () => {
    const project = await created(key, "/api/v1/projects", { name: "Bodiless" });
    expect((await rawRequest("/api/v1/projects", { headers: { authorization: basic(key) } })).status).toBe(200);
    const deleted = await rawRequest(`/api/v1/projects/${project.id}`, { method: "DELETE", headers: { authorization: basic(key), "content-type": "text/plain" } });
    expect(deleted.status).toBe(200);
    // A recap takes an empty body (its filters may come from the query string).
    await created(key, "/api/v1/worklog/entries", { content: "to recap" });
    const recap = await rawRequest("/api/v1/worklog/recaps", { method: "POST", headers: { authorization: basic(key), "content-length": "0" } });
    expect(recap.status, recap.text).toBe(201);
  });
});

describe("bodies that are not valid UTF-8", () => {
  let key: string;

  beforeAll(async () => {
    key = (await newAccount()).key;
  });

  const invalidUtf8 = [
    ["a lone continuation byte", Buffer.from([0x80])],
    ["a truncated sequence", Buffer.from([0xe2, 0x82])],
    ["an overlong encoding", Buffer.from([0xc0, 0xaf])],
    ["an encoded surrogate", Buffer.from([0xed, 0xa0, 0x80])],
    ["0xFF", Buffer.from([0xff])],
  ] as const;

  it.each(invalidUtf8)("%s in a JSON string on /api/v1 is a 400, and nothing is stored", async (_, bytes) => {
    const before = (await call(key, "GET", "/api/v1/projects")).body.meta.total_count;
    const body = Buffer.concat([Buffer.from('{"name":"bad '), bytes, Buffer.from('"}')]);
    const response = await rawRequest("/api/v1/projects", { method: "POST", headers: { authorization: basic(key), "content-type": "application/json" }, chunks: [body] });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({ error: { message: "Request body is not valid UTF-8", type: "invalid_request_error" } });
    expect((await call(key, "GET", "/api/v1/projects")).body.meta.total_count).toBe(before);
  });

  it.each(["/auth/device/code", "/auth/device/token", "/auth/token", "/auth/revoke", "/auth/token_info"])(
    "POST %s refuses invalid UTF-8 in a JSON or a form-encoded body with invalid_request",
    async (pathname) => {
      const bodies = [
        ["application/json", Buffer.concat([Buffer.from('{"client_id":"'), Buffer.from([0xff]), Buffer.from('","token":"x","device_code":"x","refresh_token":"x"}')])],
        ["application/x-www-form-urlencoded", Buffer.concat([Buffer.from("client_id="), Buffer.from([0xff]), Buffer.from("&token=x&device_code=x&refresh_token=x")])],
        ["application/x-www-form-urlencoded", Buffer.from("client_id=%FF&token=%C0%AF&device_code=%ED%A0%80&refresh_token=%E2%82&grant_type=refresh_token")],
      ] as const;
      for (const [contentType, body] of bodies) {
        const response = await rawRequest(pathname, { method: "POST", headers: { "content-type": contentType }, chunks: [body] });
        expect(response.status, `${contentType} ${body.toString("latin1")}`).toBe(400);
        // Like any body that cannot be read (docs/api.md, "OAuth device flow").
        expect(JSON.parse(response.text)).toEqual({ error: "invalid_request" });
      }
    },
  );

  it("valid UTF-8 of every length is kept as sent", async () => {
    const name = "é € 𝄞 日本";
    const response = await rawRequest("/api/v1/projects", {
      method: "POST",
      headers: { authorization: basic(key), "content-type": "application/json" },
      // Split inside a character: the decoder must not judge the chunks one by one.
      chunks: [Buffer.from(`{"name":"${name}"}`).subarray(0, 12), Buffer.from(`{"name":"${name}"}`).subarray(12)],
    });
    expect(response.status).toBe(201);
    expect(JSON.parse(response.text).name).toBe(name);
  });
});

describe("projects created at once with the same name", () => {
  it("all succeed with distinct derived identifiers", async () => {
    const { key } = await newAccount();
    const responses = await Promise.all(Array.from({ length: 20 }, () => call(key, "POST", "/api/v1/projects", { name: "Website Project" })));
    expect(responses.map(({ status, body }) => `${status} ${status === 201 ? "" : JSON.stringify(body)}`)).toEqual(Array(20).fill("201 "));
    const identifiers = responses.map(({ body }) => body.identifier as string);
    expect(new Set(identifiers).size).toBe(20);
    expect(identifiers).toContain("WP");
  });

  it("an identifier the client chose that is taken is still a 422", async () => {
    const { key } = await newAccount();
    const responses = await Promise.all(Array.from({ length: 5 }, () => call(key, "POST", "/api/v1/projects", { name: "Chosen", identifier: "CHO" })));
    expect(responses.filter(({ status }) => status === 201)).toHaveLength(1);
    for (const refused of responses.filter(({ status }) => status !== 201)) {
      expect(refused).toEqual({ status: 422, body: { errors: [{ title: "Invalid value", detail: "Duplicate value", source: { pointer: "/identifier" } }] } });
    }
  });
});

describe("paths that cannot be decoded, and methods the API does not serve", () => {
  const methodNotAllowedBody = { error: { message: "Method not allowed", type: "invalid_request_error" } };
  const anId = "0190a5e6-7f5c-7000-8000-000000000000";

  it.each(["/api/v1/projects/%ff", "/api/v1/projects/%zz", "/api/v1/projects/%", "/api/v1/projects/%ED%A0%80", "/api/v1/%ff/x", "/api/v1/worklog/entries/%c0%af/commits"])(
    "GET %s is the JSON 404, with x-request-id",
    async (pathname) => {
      const response = await rawRequest(pathname);
      expect(response.status, response.text).toBe(404);
      expect(JSON.parse(response.text)).toEqual(notFoundBody);
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it.each(["/projects/%ff", "/repositories/%zz", "/recaps/%", "/projects/%ED%A0%80"])("the page %s is the app's not-found page", async (pathname) => {
    const response = await rawRequest(pathname);
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.text).toContain("Page not found");
  });

  it.each([
    ["TRACE", "/api/v1/projects", "GET, HEAD, POST, OPTIONS"],
    ["TRACE", `/api/v1/projects/${anId}`, "GET, HEAD, PUT, DELETE, OPTIONS"],
    ["PROPFIND", "/api/v1/user", "GET, HEAD, PUT, DELETE, OPTIONS"],
    ["TRACE", "/api/v1/openapi.json", "GET, HEAD, OPTIONS"],
    ["TRACE", "/api/health", "GET, HEAD, OPTIONS"],
    ["TRACE", "/auth/token", "POST, OPTIONS"],
    ["MKCOL", "/auth/device/code", "POST, OPTIONS"],
  ])("%s %s is a JSON 405 with Allow", async (method, pathname, allow) => {
    const response = await rawRequest(pathname, { method });
    expect(response.status, response.text).toBe(405);
    expect(JSON.parse(response.text)).toEqual(methodNotAllowedBody);
    expect(response.headers.allow).toBe(allow);
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("an unknown method on an unknown /api/v1 path is the JSON 404", async () => {
    const response = await rawRequest("/api/v1/nothing-here", { method: "TRACE" });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text)).toEqual(notFoundBody);
  });

  it.each([
    ["/api/v1/projects", "GET, HEAD, POST, OPTIONS"],
    [`/api/v1/projects/${anId}`, "GET, HEAD, PUT, DELETE, OPTIONS"],
    [`/api/v1/worklog/entries/${anId}/commits`, "POST, OPTIONS"],
    ["/api/v1/worklog/recaps/sse", "GET, HEAD, OPTIONS"],
    ["/auth/token_info", "POST, OPTIONS"],
  ])("OPTIONS %s is a JSON 200 whose Allow lists only the methods that answer", async (pathname, allow) => {
    const response = await rawRequest(pathname, { method: "OPTIONS" });
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe(allow);
    expect(JSON.parse(response.text)).toEqual({ allow: allow.split(", ") });
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    for (const method of allow.split(", ").filter((method) => !["HEAD", "OPTIONS"].includes(method))) {
      expect((await rawRequest(pathname, { method })).status, `${method} ${pathname}`).not.toBe(405);
    }
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((method) => !allow.split(", ").includes(method))) {
      expect((await rawRequest(pathname, { method })).status, `${method} ${pathname}`).toBe(405);
    }
  });

  it("OPTIONS on an unknown /api/v1 path is the JSON 404", async () => {
    const response = await rawRequest("/api/v1/nothing-here", { method: "OPTIONS" });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text)).toEqual(notFoundBody);
  });

  it("none of it reached the error handler", () => {
    expect(server.logs()).not.toMatch(/\[api\] request .* failed|HTTP method is unsupported|failed to decode/i);
  });
});

describe("client addresses, guessable endpoints and absolute links (README.md, Security)", () => {
  let unproxied: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    [unproxied, proxied] = await Promise.all([
      startServer(),
      startServer({ env: { TRUSTED_PROXY_COUNT: "1", ALLOWED_HOSTS: "worklog.example.com" } }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([unproxied?.stop(), proxied?.stop()]);
  });

  /** An address from the IPv6 documentation range, unique to the call. */
  const randomAddress = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
  // 121 attempts span at most two fixed one-minute windows, so one of them holds more than 60.
  const ATTEMPTS = 121;

  async function statusesOf(send: (attempt: number) => Promise<Response>): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const response = await send(attempt);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    return statuses;
  }

  it("without a trusted proxy, a client cannot escape the failed-authentication limit by choosing x-forwarded-for", async () => {
    const statuses = await statusesOf(() =>
      unproxied.request("/api/v1/user", { key: "wl_wrong", headers: { "x-forwarded-for": randomAddress() } }),
    );
    expect(statuses).toContain(429);
  });

  it("behind one trusted proxy, the address the proxy appended counts, not what the client put before it", async () => {
    const client = randomAddress();
    const statuses = await statusesOf(() =>
      proxied.request("/api/v1/user", { key: "wl_wrong", headers: { "x-forwarded-for": `${randomAddress()}, ${client}` } }),
    );
    expect(statuses).toContain(429);
    const elsewhere = await proxied.request("/api/v1/user", { key: "wl_wrong", headers: { "x-forwarded-for": `${client}, ${randomAddress()}` } });
    expect(elsewhere.status).toBe(401);
  });

  it.each(["/auth/device/code", "/auth/token", "/auth/token_info", "/auth/revoke"])("POST %s is limited to 60 a minute per client address", async (pathname) => {
    const client = randomAddress();
    const body = { client_id: "90w0AXnlNgnh2XBJdexYjw", scope: "user:read", grant_type: "refresh_token", refresh_token: "wlr_guess", token: "wlo_guess" };
    const statuses = await statusesOf(() => proxied.request(pathname, { method: "POST", body, headers: { "x-forwarded-for": client } }));
    expect(statuses).toContain(429);
    const refused = await proxied.request(pathname, { method: "POST", body, headers: { "x-forwarded-for": client } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.json()).toEqual({ error: "rate_limited" });
    const elsewhere = await proxied.request(pathname, { method: "POST", body, headers: { "x-forwarded-for": randomAddress() } });
    expect(elsewhere.status).not.toBe(429);
  });

  it("a forged Host or X-Forwarded-Host never ends up in an absolute link", async () => {
    const forged = { "x-forwarded-host": "evil.example" };
    const device = await (await proxied.request("/auth/device/code", { method: "POST", body: { client_id: "90w0AXnlNgnh2XBJdexYjw", scope: "user:read" }, headers: forged })).json();
    expect(device.verification_uri).toBe(`${proxied.url}/device`);
    const document = await (await proxied.request("/api/v1/openapi.json", { headers: forged })).json();
    expect(document.servers).toEqual([{ url: proxied.url }]);

    const { email } = await proxied.createUser();
    const key = await proxied.createKey(email, ["worklog:*"]);
    expect((await proxied.request("/api/v1/worklog/entries", { key, method: "POST", body: { content: "Done" } })).status).toBe(201);
    const recap = await (await proxied.request("/api/v1/worklog/recaps", { key, method: "POST", headers: forged })).json();
    expect(recap.sse_url).toBe(`${proxied.url}/api/v1/worklog/recaps/sse?recap_id=${recap.id}`);

    const { hostname, port } = new URL(proxied.url);
    const viaHostHeader = await new Promise<string>((resolvePromise, reject) => {
      const request = http.request(
        { hostname, port, path: "/api/v1/openapi.json", headers: { host: "evil.example" }, agent: false },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolvePromise(text));
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(viaHostHeader).not.toContain("evil.example");
  });

  it("a host listed in ALLOWED_HOSTS is used as asked", async () => {
    const document = await (await proxied.request("/api/v1/openapi.json", { headers: { "x-forwarded-host": "worklog.example.com", "x-forwarded-proto": "https" } })).json();
    expect(document.servers).toEqual([{ url: "https://worklog.example.com" }]);
  });
});

/** next-auth's CSRF token, with the cookie it belongs to (and any session cookie given). */
async function csrf(server: TestServer, sessionCookie = "") {
  const response = await fetch(`${server.url}/api/auth/csrf`, { headers: { cookie: sessionCookie } });
  const cookies = response.headers.getSetCookie().map((setCookie) => setCookie.split(";")[0]);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { csrfToken, cookie: [sessionCookie, ...cookies].filter(Boolean).join("; ") };
}

/** Signs in through next-auth's own endpoint: the session cookie, or undefined and where it sent the browser. */
async function signIn(server: TestServer, email: string, password: string) {
  const { csrfToken, cookie } = await csrf(server);
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: "/" }),
  });
  const session = response.headers.getSetCookie().find((setCookie) => setCookie.startsWith("authjs.session-token="));
  return { session: session?.split(";")[0], location: response.headers.get("location") ?? "" };
}

describe("accounts: sign-in limits, passwords, sessions that end", () => {
  let accounts: TestServer;

  beforeAll(async () => {
    accounts = await startServer();
  });

  afterAll(async () => {
    await accounts?.stop();
  });

  async function signedIn(sessionCookie: string): Promise<boolean> {
    const response = await fetch(`${accounts.url}/settings/profile`, { redirect: "manual", headers: { cookie: sessionCookie } });
    if (response.status === 200) return true;
    expect(response.headers.get("location")).toContain("/signin");
    return false;
  }

  it("a session cookie copied before signing out no longer works after it, nor does next-auth's session endpoint show it", async () => {
    const { email, password } = await accounts.createUser();
    const { session } = await signIn(accounts, email, password);
    expect(session).toBeDefined();
    expect(await signedIn(session!)).toBe(true);

    const { csrfToken, cookie } = await csrf(accounts, session);
    const signOut = await fetch(`${accounts.url}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: "/" }),
    });
    expect(signOut.status).toBe(302);

    expect(await signedIn(session!)).toBe(false);
    const sessionEndpoint = await fetch(`${accounts.url}/api/auth/session`, { headers: { cookie: session! } });
    expect(await sessionEndpoint.json()).toBeNull();
    // Signing in again works as before.
    const again = await signIn(accounts, email, password);
    expect(await signedIn(again.session!)).toBe(true);
  });

  it.each(["password", "12345678", "        ", "password123", "qwertyuiop", "Passw0rd!!"])(
    "no account is created with the weak password %j, from the command line either",
    async (password) => {
      const result = await accounts.admin("user:create", "--email", `weak-${Buffer.from(password).toString("hex")}@example.com`, "--password", password);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toMatch(/^\/password: /);
    },
  );

  it("after 10 failed sign-ins of an account in 15 minutes, even the right password is refused, with the wait", async () => {
    const { email, password } = await accounts.createUser();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const { session, location } = await signIn(accounts, email.toUpperCase(), `wrong password ${attempt}`);
      expect(session).toBeUndefined();
      expect(location).toContain("code=credentials");
    }
    const refused = await signIn(accounts, email, password);
    expect(refused.session).toBeUndefined();
    expect(refused.location).toContain("code=too_many_attempts");
    // Another account from the same address still signs in.
    const other = await accounts.createUser();
    expect((await signIn(accounts, other.email, other.password)).session).toBeDefined();
  });

  it("after 60 failed sign-ins from one client address in a minute, no account of it signs in", async () => {
    const { email, password } = await accounts.createUser();
    const minute = () => Math.floor(Date.now() / 60_000);
    let failures = 0;
    /** Fails sign-ins of unknown emails until the address is refused; two windows' worth at most. */
    async function exhaustAddress() {
      for (let attempt = 0; attempt < 120; attempt++) {
        const { location } = await signIn(accounts, `nobody-${failures++}@example.com`, "not a password of anyone");
        if (location.includes("code=too_many_attempts")) return;
      }
      throw new Error("120 failed sign-ins in a row were never refused");
    }
    for (;;) {
      await exhaustAddress();
      const refusedIn = minute();
      const refused = await signIn(accounts, email, password);
      // The clock's minute ended between the two: the window rightly started again; once more.
      if (refused.session && minute() !== refusedIn) continue;
      expect(refused.session).toBeUndefined();
      expect(refused.location).toContain("code=too_many_attempts");
      return;
    }
  });
});

describe("the device page: guessing user codes", () => {
  let devices: TestServer;

  beforeAll(async () => {
    devices = await startServer();
  });

  afterAll(async () => {
    await devices?.stop();
  });

  it("after 10 wrong codes in 15 minutes, a signed-in user waits, even with a right code; another user does not", async () => {
    const accountSession = async () => {
      const { email, password } = await devices.createUser();
      const { session } = await signIn(devices, email, password);
      expect(session).toBeDefined();
      return session!;
    };
    const page = async (session: string, userCode: string) =>
      (await fetch(`${devices.url}/device?user_code=${encodeURIComponent(userCode)}`, { headers: { cookie: session } })).text();
    const started = await devices.request("/auth/device/code", { method: "POST", body: { client_id: "90w0AXnlNgnh2XBJdexYjw", scope: "worklog:read" } });
    const { user_code } = (await started.json()) as { user_code: string };

    const guesser = await accountSession();
    expect(await page(guesser, user_code)).toContain("wants to use your Worklog account");
    for (const letter of "BCDFGHJKLM") expect(await page(guesser, `BBBB-BBB${letter}`)).toContain("This code is unknown");
    const limited = await page(guesser, user_code);
    expect(limited).toMatch(/Too many wrong codes\. Try again in \d+ minutes?\./);
    expect(limited).not.toContain("wants to use your Worklog account");

    expect(await page(await accountSession(), user_code)).toContain("wants to use your Worklog account");
  });
});

describe("event streams are bounded", () => {
  const streamsPath = "/api/v1/worklog/recaps/sse";
  const tooManyStreamsBody = { error: { message: "Too many open event streams", type: "rate_limit_error" } };
  /** Longer than the 15 s within which a stream re-checks its credential (docs/api.md, "Recaps and their event stream"). */
  const CREDENTIAL_CHECK_BUDGET_MS = 30_000;

  type OpenStream = { response: Response; close: () => void };
  /** Every stream a test opened: closed after it, so that a failed test leaves none to stop a server. */
  const opened: OpenStream[] = [];

  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });

  /** Opens a stream; once it answers 200 its first bytes have arrived, so the server holds it. */
  async function open(target: TestServer, pathname: string, headers: Record<string, string>): Promise<OpenStream> {
    const controller = new AbortController();
    const response = await fetch(`${target.url}${pathname}`, { headers, signal: controller.signal });
    const stream = { response, close: () => controller.abort() };
    opened.push(stream);
    return stream;
  }

  const withKey = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` });

  async function expectTooMany(stream: OpenStream) {
    expect(stream.response.status).toBe(429);
    expect(Number(stream.response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await stream.response.json()).toEqual(tooManyStreamsBody);
  }

  async function proAccount(target: TestServer) {
    const { email, password } = await target.createUser({ plan: "pro" });
    return { email, password, key: await target.createKey(email, allScopes) };
  }

  /** A session cookie of the web app, signed in through next-auth's credentials form. */
  async function sessionCookie(target: TestServer, email: string, password: string): Promise<string> {
    const csrf = await fetch(`${target.url}/api/auth/csrf`);
    const cookie = csrf.headers.getSetCookie().map((setCookie) => setCookie.split(";")[0]).join("; ");
    const { csrfToken } = await csrf.json();
    const signIn = await fetch(`${target.url}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: "/" }),
    });
    return signIn.headers.getSetCookie().map((setCookie) => setCookie.split(";")[0]).join("; ");
  }

  /** Whether the server ends the stream within the budget (true) or it is still open then (false). */
  async function closedByServerWithin(stream: OpenStream, budgetMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const stillOpen = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), budgetMs)));
    const reading = readEvents(stream.response).then(({ closedByServer }) => closedByServer);
    const closed = await Promise.race([reading, stillOpen]);
    clearTimeout(timer);
    stream.close();
    return closed;
  }

  it("an account holds at most 5, the API's and the web app's together; closing one frees its slot", async () => {
    const { email, password, key } = await proAccount(server);
    const recap = (await seedAccount(key)).recap;
    const cookie = await sessionCookie(server, email, password);
    const streams = await Promise.all(Array.from({ length: 5 }, () => open(server, streamsPath, withKey(key))));
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200, 200, 200]);

    const sixth = await open(server, streamsPath, withKey(key));
    await expectTooMany(sixth);
    expect(sixth.response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await expectTooMany(await open(server, `/recaps/${recap}/events`, { cookie }));
    // Another account is not affected.
    const other = await proAccount(server);
    const othersStream = await open(server, streamsPath, withKey(other.key));
    expect(othersStream.response.status).toBe(200);
    othersStream.close();

    streams.pop()!.close();
    // The web app's stream of a finished recap: its one event, then the server closes it.
    await vi.waitFor(
      async () => {
        const web = await open(server, `/recaps/${recap}/events`, { cookie });
        if (web.response.status !== 200) await web.response.body?.cancel();
        expect(web.response.status).toBe(200);
        const { events, closedByServer } = await readEvents(web.response);
        expect(closedByServer).toBe(true);
        expect(events.map((event) => event.data.status)).toEqual(["completed"]);
      },
      { timeout: 10_000, interval: 100 },
    );
    for (const stream of streams) stream.close();
  }, 60_000);

  it("a process holds at most SSE_MAX_STREAMS, whatever the accounts", async () => {
    const limited = await startServer({ env: { SSE_MAX_STREAMS: "3" } });
    try {
      const [first, second, third] = [await proAccount(limited), await proAccount(limited), await proAccount(limited)];
      const streams = [
        await open(limited, streamsPath, withKey(first.key)),
        await open(limited, streamsPath, withKey(first.key)),
        await open(limited, streamsPath, withKey(second.key)),
      ];
      expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200]);
      await expectTooMany(await open(limited, streamsPath, withKey(third.key)));
      streams[0]!.close();
      await vi.waitFor(
        async () => {
          const stream = await open(limited, streamsPath, withKey(third.key));
          if (stream.response.status === 200) streams.push(stream);
          else await stream.response.body?.cancel();
          expect(stream.response.status).toBe(200);
        },
        { timeout: 10_000, interval: 100 },
      );
      for (const stream of streams) stream.close();
    } finally {
      await limited.stop();
    }
  }, 120_000);

  it("a stream closes once its key is revoked; the account's other streams go on delivering", async () => {
    const { email, key } = await proAccount(server);
    const otherKey = await server.createKey(email, allScopes);
    await created(otherKey, "/api/v1/worklog/entries", { content: "Worked on the streams" });
    const revoked = await open(server, streamsPath, withKey(key));
    const staying = await open(server, streamsPath, withKey(otherKey));
    expect([revoked.response.status, staying.response.status]).toEqual([200, 200]);

    expect((await server.admin("key:revoke", "--email", email, "--prefix", key.slice(0, 8))).exitCode).toBe(0);
    expect(await closedByServerWithin(revoked, CREDENTIAL_CHECK_BUDGET_MS)).toBe(true);

    const reading = readEvents(staying.response, (events) => events.some((event) => event.data.status === "completed"));
    const recap = await created(otherKey, "/api/v1/worklog/recaps", {});
    const { events } = await reading;
    const own = events.filter((event) => event.data.recap_id === recap.id);
    expect(own.at(-1)!.data.status).toBe("completed");
    expect(own.slice(0, -1).map((event) => event.data.delta).join("")).toBe(own.at(-1)!.data.content);
    staying.close();
  }, 60_000);

  it("a stream closes once its account is deleted", async () => {
    const { key } = await proAccount(server);
    const stream = await open(server, streamsPath, withKey(key));
    expect(stream.response.status).toBe(200);
    expect((await call(key, "DELETE", "/api/v1/user")).status).toBe(200);
    expect(await closedByServerWithin(stream, CREDENTIAL_CHECK_BUDGET_MS)).toBe(true);
  }, 60_000);

  it("five streams of one account all get the same events", async () => {
    const { key } = await proAccount(server);
    await created(key, "/api/v1/worklog/entries", { content: "Wrote the hub" });
    const streams = await Promise.all(Array.from({ length: 5 }, () => open(server, streamsPath, withKey(key))));
    const readings = streams.map((stream) => readEvents(stream.response, (events) => events.some((event) => event.data.status === "completed")));
    await created(key, "/api/v1/worklog/recaps", {});
    const received = await Promise.all(readings);
    for (const { events } of received.slice(1)) expect(events).toEqual(received[0]!.events);
    for (const stream of streams) stream.close();
  }, 60_000);
});
