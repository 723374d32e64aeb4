import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { accountRequests, invalidValue, notFoundBody, sha, type Method, newAccount } from "../support/accounts";
import { requiredScopes } from "@/lib/api/operation";
import { declaredOperationGroups } from "../support/operations";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";

let server: TestServer;

beforeAll(async () => {
  // Each case reads the owner's whole account twice: some 500 requests in all, past the minute's limit.
  server = await sharedServer("unlimited");
});

const readScopes = ["user:read", "project:read", "repo:read", "worklog:read"];
/** An id of nothing: an attempt of another account's webhook needs none of its own to be refused. */
const anyId = "01900000-0000-7000-8000-0000000000aa";
const writeMethods: Method[] = ["POST", "PUT", "PATCH", "DELETE"];
const { call, seedAccount } = accountRequests(() => server);

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
    `/api/v1/worklog/recaps/${ids.recap}/share`,
    "/api/v1/incoming_hooks",
    `/api/v1/incoming_hooks/${ids.hook}`,
    "/api/v1/recap_schedules",
    "/api/v1/workspace",
    "/api/v1/workspace/members",
    "/api/v1/workspace/invitations",
    "/api/v1/workspace/standup_reminder",
  ];
  const bodies = await Promise.all(paths.map(async (pathname) => (await server.request(pathname, { key })).text()));
  return bodies.join("\n");
}

/**
 * The id of an import that ran as a job, to its end: a document over 4 MiB is imported by one
 * (docs/api.md, "Export and import"), here one entry beside a field the import reads past.
 */
async function importedByJob(key: string): Promise<string> {
  const document = { entries: [{ date: "2026-01-02", time: "09:00", title: "Imported", body: "", tags: [] }], padding: "x".repeat(4 * 1024 * 1024) };
  const accepted = await call(key, "POST", "/api/v1/import?format=jrnl", document);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  for (let attempt = 0; attempt < 1200; attempt++) {
    const { body } = await call(key, "GET", `/api/v1/import/${accepted.body.id}`);
    if (body.status === "succeeded") return body.id;
    expect(body.status).not.toBe("failed");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the import did not finish");
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
      return { method: operation.method.toUpperCase() as Method, route, scope: operation.kind === "api" ? requiredScopes(operation).join(" ") : "none" };
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
  { method: "GET", path: "/api/v1/worklog/recaps/{recap}/share" },
  { method: "POST", path: "/api/v1/worklog/recaps/{recap}/share" },
  { method: "DELETE", path: "/api/v1/worklog/recaps/{recap}/share" },
  { method: "GET", path: "/api/v1/worklog/recaps/sse?recap_id={recap}" },
  { method: "GET", path: "/api/v1/import/{import}" },
  { method: "GET", path: "/api/v1/incoming_hooks/{hook}" },
  { method: "DELETE", path: "/api/v1/incoming_hooks/{hook}" },
  { method: "GET", path: "/api/v1/webhooks/{webhook}" },
  { method: "PUT", path: "/api/v1/webhooks/{webhook}", body: { description: "Taken over" } },
  { method: "DELETE", path: "/api/v1/webhooks/{webhook}" },
  { method: "POST", path: "/api/v1/webhooks/{webhook}/test" },
  { method: "POST", path: "/api/v1/webhooks/{webhook}/attempts/{attempt}/resend" },
  { method: "GET", path: "/api/v1/recap_schedules/{schedule}" },
  { method: "PUT", path: "/api/v1/recap_schedules/{schedule}", body: { time: "10:00" } },
  { method: "DELETE", path: "/api/v1/recap_schedules/{schedule}" },
  { method: "POST", path: "/api/v1/recap_schedules/{schedule}/run" },
  { method: "PUT", path: "/api/v1/workspace/members/{member}", body: { role: "viewer" } },
  { method: "DELETE", path: "/api/v1/workspace/members/{member}" },
  { method: "DELETE", path: "/api/v1/workspace/invitations/{invitation}" },
  { method: "POST", path: "/api/v1/workspace/invitations/{invitation}/resend" },
  // A subscription's fetch is a job that calls out: none is seeded, and tests/api/isolation.test.ts deletes another member's.
  { method: "DELETE", path: "/api/v1/calendar_subscriptions/{attempt}" },
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
  {
    method: "POST",
    path: "/api/v1/recap_schedules",
    body: { template: "standup", period: "today", weekdays: [1], time: "09:00", destination: { kind: "webhook", webhook_id: "{webhook}" } },
    status: 422,
    expected: invalidValue("/destination/webhook_id"),
  },
  {
    method: "PUT",
    path: "/api/v1/recap_schedules/{own_schedule}",
    body: { destination: { kind: "webhook", webhook_id: "{webhook}" } },
    status: 422,
    expected: invalidValue("/destination/webhook_id"),
  },
  { method: "PUT", path: "/api/v1/repositories/{own_repository}", body: { project_id: "{project}" }, status: 422, expected: invalidValue("/project_id") },
  {
    method: "POST",
    path: "/api/v1/worklog/entries/{own_entry}/commits",
    body: { commit_ids: ["{commit}"] },
    status: 422,
    expected: invalidValue("/commit_ids/0"),
  },
  { method: "POST", path: "/api/v1/worklog/entries", body: { content: "x", commit_ids: ["{commit}"] }, status: 422, expected: invalidValue("/commit_ids/0") },
  // A bulk change names what it changes: another account's entry is not found, and nothing changes (docs/api.md, "Bulk changes").
  {
    method: "POST",
    path: "/api/v1/worklog/entries/bulk",
    body: { ids: ["{own_entry}", "{entry}"], action: { type: "delete" } },
    status: 404,
    expected: notFoundBody,
  },
  {
    method: "POST",
    path: "/api/v1/worklog/entries/bulk",
    body: { ids: ["{own_entry}"], action: { type: "move_to_project", project_id: "{project}" } },
    status: 422,
    expected: invalidValue("/project_id"),
  },
  // Dismissing names what it dismisses: another account's id is not found, and nothing is dismissed (docs/api.md, "Suggested entries").
  { method: "POST", path: "/api/v1/worklog/suggestions/dismiss", body: { commit_ids: ["{own_commit}", "{commit}"] }, status: 404, expected: notFoundBody },
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
    // A cursor names an item of the caller's list: another account's names nothing (docs/api.md, "Pagination").
    method: "GET",
    path: "/api/v1/worklog/entries?starting_after={entry}",
    status: 400,
    expected: { error: { message: "starting_after names no item of this list: it is not the id of an entry of this account", type: "invalid_request_error" } },
  },
  {
    method: "GET",
    path: "/api/v1/repositories/{own_repository}/commits?ending_before={commit}",
    status: 400,
    expected: { error: { message: "ending_before names no item of this list: it is not the id of a commit of this account", type: "invalid_request_error" } },
  },
];

describe("another account's ids", () => {
  let ownerKey: string;
  let callerKey: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    ownerKey = (await newAccount(server)).key;
    callerKey = (await newAccount(server)).key;
    const ownIds = Object.entries(await seedAccount(callerKey)).map(([name, id]) => [`own_${name}`, id]);
    ids = { ...(await seedAccount(ownerKey)), ...Object.fromEntries(ownIds), import: await importedByJob((await newAccount(server)).key), attempt: anyId };
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
  { method: "PUT", path: "/api/v1/workspace", scope: "workspace:write", body: { name: "Changed" } },
  { method: "PUT", path: "/api/v1/workspace/members/{member}", scope: "workspace:write", body: { role: "viewer" } },
  { method: "DELETE", path: "/api/v1/workspace/members/{member}", scope: "workspace:write" },
  { method: "PUT", path: "/api/v1/workspace/standup_reminder", scope: "workspace:write", body: { enabled: true, remind_at: "16:30" } },
  { method: "POST", path: "/api/v1/workspace/invitations", scope: "workspace:write", body: { email: "planted@example.com", role: "member" } },
  { method: "DELETE", path: "/api/v1/workspace/invitations/{invitation}", scope: "workspace:write" },
  { method: "POST", path: "/api/v1/workspace/invitations/{invitation}/resend", scope: "workspace:write" },
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
  { method: "POST", path: "/api/v1/worklog/entries/bulk", scope: "worklog:write", body: { ids: ["{entry}"], action: { type: "delete" } } },
  { method: "POST", path: "/api/v1/worklog/recaps", scope: "worklog:write", body: {} },
  { method: "POST", path: "/api/v1/worklog/recaps/{recap}/share", scope: "worklog:write" },
  { method: "DELETE", path: "/api/v1/worklog/recaps/{recap}/share", scope: "worklog:write" },
  { method: "POST", path: "/api/v1/incoming_hooks", scope: "repo:write", body: { provider: "gitlab", name: "Planted" } },
  { method: "DELETE", path: "/api/v1/incoming_hooks/{hook}", scope: "repo:write" },
  { method: "POST", path: "/api/v1/worklog/calendar_feed", scope: "worklog:write" },
  { method: "DELETE", path: "/api/v1/worklog/calendar_feed", scope: "worklog:write" },
  { method: "POST", path: "/api/v1/calendar_subscriptions", scope: "worklog:write", body: { url: "https://calendar.example.com/team.ics", name: "Planted" } },
  { method: "DELETE", path: "/api/v1/calendar_subscriptions/{attempt}", scope: "worklog:write" },
  { method: "POST", path: "/api/v1/worklog/suggestions/dismiss", scope: "worklog:write", body: { commit_ids: ["{commit}"] } },
  { method: "POST", path: "/api/v1/worklog/timer", scope: "worklog:write", body: {} },
  { method: "POST", path: "/api/v1/worklog/timer/stop", scope: "worklog:write" },
  {
    method: "POST",
    path: "/api/v1/webhooks",
    scope: "user:write",
    body: { endpoint_url: "https://93.184.215.14/planted", events: ["entry.created"], enabled: false },
  },
  { method: "PUT", path: "/api/v1/webhooks/{webhook}", scope: "user:write", body: { description: "Changed" } },
  { method: "DELETE", path: "/api/v1/webhooks/{webhook}", scope: "user:write" },
  { method: "POST", path: "/api/v1/webhooks/{webhook}/test", scope: "user:write" },
  { method: "POST", path: "/api/v1/webhooks/{webhook}/attempts/{attempt}/resend", scope: "user:write" },
  {
    method: "POST",
    path: "/api/v1/recap_schedules",
    scope: "user:write",
    body: { template: "standup", period: "today", weekdays: [1], time: "09:00", destination: { kind: "webhook", webhook_id: "{webhook}" }, enabled: false },
  },
  { method: "PUT", path: "/api/v1/recap_schedules/{schedule}", scope: "user:write", body: { time: "10:00" } },
  { method: "DELETE", path: "/api/v1/recap_schedules/{schedule}", scope: "user:write" },
  { method: "POST", path: "/api/v1/recap_schedules/{schedule}/run", scope: "user:write" },
  {
    method: "POST",
    path: "/api/v1/import?format=jrnl",
    scope: "project:write repo:write worklog:write",
    body: { tags: {}, entries: [{ date: "2026-01-02", time: "09:30", title: "Planted", body: "", tags: [], starred: false }] },
  },
];

describe("a read-only key", () => {
  let owner: { email: string; key: string };
  let readOnlyKey: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    owner = await newAccount(server);
    readOnlyKey = await server.createKey(owner.email, readScopes);
    ids = { ...(await seedAccount(owner.key)), attempt: anyId };
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
