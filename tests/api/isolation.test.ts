// Isolation between workspaces and inside one (docs/api.md, "Resources", worklog entry: authors).
// The first part is generated from the OpenAPI document the server serves: every operation with an
// id in its path is called with another workspace's real ids (404), and every body field that
// names an id with another workspace's (422 at its pointer, unless the table below says why not),
// so that an endpoint added later is covered, or fails here until its ids are mapped. The second
// part is a workspace that shows entries to admins only, where a member must not reach another
// member's entry by any way out: list, get, filter, search, report, export, sync, bulk, MCP.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiDocument } from "@/lib/openapi/types";
import { accountRequests, invalidValue, newAccount, notFoundBody, type Method } from "../support/accounts";
import { connectMcp } from "../support/mcp-client";
import { json } from "../support/responses";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { queryServerDatabase } from "../support/server-database";

const onPostgres = process.env.WORKLOG_TEST_DATABASE === "postgres";

let server: TestServer;
const { call, seedAccount } = accountRequests(() => server);

beforeAll(async () => {
  // Some 200 requests at once, past the minute's limit of one account.
  server = await sharedServer("unlimited");
});

/** One statement on the server's database, beside the app (the rows no endpoint writes: memberships, other workspaces' attempts…). */
const sql = <Row = Record<string, unknown>>(text: string, values: unknown[] = []) => queryServerDatabase<Row>(server, text, values);

const workspaceOf = async (email: string) =>
  (
    await sql<{ id: string }>("SELECT m.workspace_id AS id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND m.role = 'owner'", [
      email,
    ])
  )[0]!.id;

const userIdOf = async (email: string) => (await sql<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]))[0]!.id;

/**
 * What the other helpers of an account's data (seedAccount) leave out, written in the database:
 * a webhook attempt, an import, an invitation, a merged pull request, and a subscribed calendar with a past meeting of the workspace.
 */
async function seedRows(email: string, ids: Record<string, string>): Promise<Record<string, string>> {
  const workspace = await workspaceOf(email);
  const user = await userIdOf(email);
  const [row] = await sql<Record<string, string>>(
    `WITH event AS (
       INSERT INTO webhook_events (id, workspace_id, user_id, type, data) VALUES (worklog_uuid7(), $1, $2, 'webhook.test', '{}') RETURNING id),
     attempt AS (
       INSERT INTO webhook_attempts (id, endpoint_id, event_id, type, attempt, status, latency_ms)
       SELECT worklog_uuid7(), $3, event.id, 'webhook.test', 1, 200, 5 FROM event RETURNING id),
     import AS (
       INSERT INTO imports (id, workspace_id, user_id, format, source, status, total, counts, updated_at)
       VALUES (worklog_uuid7(), $1, $2, 'worklog', 'api', 'succeeded', 0, '{}', now()) RETURNING id),
     invitation AS (
       INSERT INTO invitations (id, workspace_id, email, role, hashed_token, invited_by, expires_at)
       VALUES (worklog_uuid7(), $1, 'invited-' || $1 || '@example.com', 'member', md5($1::text), $2, now() + interval '14 days') RETURNING id),
     pull AS (
       INSERT INTO pull_request_suggestions (id, workspace_id, user_id, repository_id, number, title, merged_at)
       VALUES (worklog_uuid7(), $1, $2, $4, 7, 'Secret pull request', now()) RETURNING id),
     subscription AS (
       INSERT INTO calendar_subscriptions (id, workspace_id, user_id, url, name)
       VALUES (worklog_uuid7(), $1, $2, 'https://calendar.example.com/secret.ics', 'Secret calendar') RETURNING id),
     meeting AS (
       INSERT INTO calendar_events (id, subscription_id, workspace_id, user_id, uid, title, starts_at, ends_at)
       SELECT worklog_uuid7(), subscription.id, $1, $2, 'secret@tests', 'Secret meeting', now() - interval '2 hours', now() - interval '1 hour'
       FROM subscription RETURNING id)
     SELECT (SELECT id FROM attempt) AS attempt, (SELECT id FROM import) AS import, (SELECT id FROM invitation) AS invitation,
       (SELECT id FROM pull) AS pull_request, (SELECT id FROM subscription) AS calendar_subscription, (SELECT id FROM meeting) AS calendar_event`,
    [workspace, user, ids.webhook, ids.repository],
  );
  return { ...row!, member: user };
}

// ---------------------------------------------------------------------------------------------
// Generated from the document

/** The resource a path parameter names, by the path's segment before it: `/repositories/{id}` names a repository. */
const resourceBySegment: Record<string, string> = {
  projects: "project",
  repositories: "repository",
  commits: "commit",
  incoming_hooks: "hook",
  webhooks: "webhook",
  attempts: "attempt",
  calendar_subscriptions: "calendar_subscription",
  entries: "entry",
  recaps: "recap",
  recap_schedules: "schedule",
  import: "import",
  members: "member",
  invitations: "invitation",
};

/** The resource a body field names, by its name. */
const resourceByField: Record<string, string> = {
  project_id: "project",
  project_ids: "project",
  repository_id: "repository",
  commit_ids: "commit",
  webhook_id: "webhook",
  pull_request_ids: "pull_request",
  calendar_event_ids: "calendar_event",
  ids: "entry",
  entry_id: "entry",
};

const isIdField = (name: string) => name in resourceByField || name.endsWith("_id") || name.endsWith("_ids");

/**
 * Body fields naming an id that do not answer 422 at their own pointer, and why. Any other is a
 * reference a write makes, which the contract answers with 422 `Invalid value` at its pointer.
 */
const otherAnswers: Record<string, { status: number; pointer?: string; body?: unknown; why: string } | { skip: string }> = {
  "POST /api/v1/worklog/entries/bulk /ids": { status: 404, why: "a bulk change naming an entry it cannot reach is refused whole (docs/api.md, Bulk changes)" },
  "POST /api/v1/worklog/entries/bulk /action/project_id": {
    status: 422,
    pointer: "/project_id",
    why: "answered at /project_id, as an update of one entry (docs/api.md, Bulk changes)",
  },
  "POST /api/v1/worklog/timer/stop /entry_id": {
    status: 404,
    why: "a stop names the timer it stops: another workspace's entry is not the one running here (docs/api.md, Timer)",
  },
  "POST /api/v1/worklog/suggestions/dismiss /commit_ids": { status: 404, why: "dismissing names what it dismisses (docs/api.md, Suggested entries)" },
  "POST /api/v1/worklog/suggestions/dismiss /pull_request_ids": { status: 404, why: "as commit_ids" },
  "POST /api/v1/worklog/suggestions/dismiss /calendar_event_ids": { status: 404, why: "as commit_ids" },
  "POST /api/v1/worklog/recaps /project_ids": {
    status: 400,
    body: { error: { message: "No worklog entries match these filters", type: "invalid_request_error" } },
    why: "a recap's project_ids are a filter, which another workspace's project leaves empty",
  },
  "POST /api/v1/import /repositories/0/project_id": { skip: "the import's ids name the document's own items, not the database's" },
  "POST /api/v1/import /commits/0/repository_id": { skip: "as above" },
  "POST /api/v1/import /entries/0/project_id": { skip: "as above" },
  "POST /api/v1/import /entries/0/commit_ids": { skip: "as above" },
};

/** Request bodies the document's example cannot carry a field of: the bulk's action and a schedule's destination are unions. */
const bodiesFor: Record<string, (foreign: string, own: Record<string, string>) => unknown> = {
  // The example's stopped_at is a fixed day, which falls out of the last 7 days.
  "POST /api/v1/worklog/timer/stop /entry_id": (foreign) => ({ entry_id: foreign }),
  "POST /api/v1/worklog/entries/bulk /action/project_id": (foreign, own) => ({ ids: [own.entry], action: { type: "move_to_project", project_id: foreign } }),
  "POST /api/v1/recap_schedules /destination/webhook_id": (foreign) => ({
    template: "standup",
    period: "yesterday",
    weekdays: [1],
    time: "09:00",
    destination: { kind: "webhook", webhook_id: foreign },
    enabled: false,
  }),
  "PUT /api/v1/recap_schedules/{id} /destination/webhook_id": (foreign) => ({ destination: { kind: "webhook", webhook_id: foreign } }),
};

type Schema = Record<string, unknown>;

/** The pointers of the fields of a request body's schema that name ids (`/commit_ids`, `/destination/webhook_id`), arrays' items as `/0`. */
function idPointers(document: OpenApiDocument, schema: Schema | undefined, pointer = "", depth = 0): string[] {
  if (!schema || depth > 6) return [];
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.split("/").at(-1)!;
    return idPointers(document, (document.components?.schemas as Record<string, Schema>)[name], pointer, depth + 1);
  }
  const pointers: string[] = [];
  for (const key of ["anyOf", "oneOf", "allOf"])
    for (const part of (schema[key] as Schema[] | undefined) ?? []) pointers.push(...idPointers(document, part, pointer, depth + 1));
  for (const [name, property] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
    if (isIdField(name)) pointers.push(`${pointer}/${name}`);
    else pointers.push(...idPointers(document, property, `${pointer}/${name}`, depth + 1));
  }
  if (schema.items) pointers.push(...idPointers(document, schema.items as Schema, `${pointer}/0`, depth + 1));
  return [...new Set(pointers)];
}

type DocumentedOperation = { method: Method; path: string; body?: Schema; example?: unknown };

function documentedOperations(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Record<string, unknown>>)
      .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map(([method, operation]) => {
        const content = (operation.requestBody as { content?: Record<string, { schema?: Schema; example?: unknown }> } | undefined)?.content?.[
          "application/json"
        ];
        return { method: method.toUpperCase() as Method, path, body: content?.schema, example: content?.example };
      }),
  );
}

/** The path with each parameter an id of `ids`, by the resource its segment names. */
function pathWith(path: string, ids: Record<string, string>): string {
  return path.replace(/\/([a-z_]+)\/\{\w+\}/g, (whole, segment: string) => {
    const resource = resourceBySegment[segment];
    if (!resource || !ids[resource]) throw new Error(`${path}: map the parameter after /${segment}/ to a resource in resourceBySegment`);
    return `/${segment}/${ids[resource]}`;
  });
}

/** `value` with the field at `pointer` set (an array's `/0` as a one-item array). */
function withField(value: unknown, pointer: string, field: unknown): unknown {
  const [segment, ...rest] = pointer.slice(1).split("/");
  const copy = structuredClone(value ?? {}) as Record<string, unknown>;
  copy[segment!] = rest.length === 0 ? field : withField(copy[segment!], `/${rest.join("/")}`, field);
  return copy;
}

/** The value at `pointer` in `value`, or undefined. */
function fieldAt(value: unknown, pointer: string): unknown {
  return pointer
    .slice(1)
    .split("/")
    .reduce<unknown>((parent, segment) => (parent && typeof parent === "object" ? (parent as Record<string, unknown>)[segment] : undefined), value);
}

/** The example body with the ids it holds replaced by the caller's own, so that only the field under test names another workspace's. */
function withOwnIds(document: OpenApiDocument, body: Schema | undefined, example: unknown, own: Record<string, string>): unknown {
  let value = example;
  for (const pointer of idPointers(document, body)) {
    if (fieldAt(value, pointer) === undefined) continue;
    const name = pointer.split("/").at(-1)!;
    const id = own[resourceByField[name] ?? ""];
    if (id === undefined) throw new Error(`map the body field ${pointer} to a resource in resourceByField`);
    value = withField(value, pointer, name.endsWith("ids") ? [id] : id);
  }
  return value;
}

describe.runIf(onPostgres)("another workspace's ids, for every operation of the document", () => {
  let document: OpenApiDocument;
  let callerKey: string;
  let foreign: Record<string, string>;
  let own: Record<string, string>;

  beforeAll(async () => {
    document = await json(server.request("/api/v1/openapi.json"));
    const [other, caller] = await Promise.all([newAccount(server), newAccount(server)]);
    callerKey = caller.key;
    const [otherIds, callerIds] = await Promise.all([seedAccount(other.key), seedAccount(caller.key)]);
    const [otherRows, callerRows] = await Promise.all([seedRows(other.email, otherIds), seedRows(caller.email, callerIds)]);
    foreign = { ...otherIds, ...otherRows };
    own = { ...callerIds, ...callerRows };
  });

  it("answers 404 to another workspace's id in any path", async () => {
    const withIds = documentedOperations(document).filter(({ path }) => path.startsWith("/api/v1/") && path.includes("{"));
    expect(withIds.length).toBeGreaterThan(25);
    const answers = await Promise.all(
      withIds.map(async ({ method, path, body, example }) => {
        const pathname = pathWith(path, foreign);
        const response = await call(callerKey, method, pathname, body ? withOwnIds(document, body, example, own) : undefined);
        return { operation: `${method} ${path}`, status: response.status, body: response.body };
      }),
    );
    for (const answer of answers) expect(answer, answer.operation).toEqual({ operation: answer.operation, status: 404, body: notFoundBody });
  });

  it("answers 422 at its pointer to another workspace's id in a body, or what the table says", async () => {
    const cases = documentedOperations(document)
      .filter(({ path }) => path.startsWith("/api/v1/"))
      .flatMap((operation) => idPointers(document, operation.body).map((pointer) => ({ ...operation, pointer })));
    expect(cases.length).toBeGreaterThan(10);
    const answers = await Promise.all(
      cases.map(async ({ method, path, body, example, pointer }) => {
        const name = `${method} ${path} ${pointer}`;
        const other = otherAnswers[name];
        if (other && "skip" in other) return undefined;
        const field = pointer.split("/").at(-1)!;
        const resource = resourceByField[field];
        if (!resource) throw new Error(`${name}: map the field to a resource in resourceByField`);
        const foreignId = foreign[resource]!;
        const base = withOwnIds(document, body, example, own);
        const sent = bodiesFor[name]?.(foreignId, own) ?? withField(base, pointer, field.endsWith("ids") ? [foreignId] : foreignId);
        const response = await call(callerKey, method, pathWith(path, own), sent);
        const expected = other && "status" in other ? other : { status: 422, pointer: field.endsWith("ids") ? `${pointer}/0` : pointer, body: undefined };
        const expectedBody =
          expected.body ?? (expected.status === 404 ? notFoundBody : expected.status === 422 ? invalidValue(expected.pointer ?? pointer) : undefined);
        return { name, actual: { status: response.status, body: response.body }, expected: { status: expected.status, body: expectedBody } };
      }),
    );
    for (const answer of answers.filter((answer) => answer !== undefined)) expect(answer.actual, answer.name).toEqual(answer.expected);
  });
});

// ---------------------------------------------------------------------------------------------
// Inside a workspace that shows entries to admins only

type Entry = { id: string; author: { id: string; name: string | null }; content: string };

describe.runIf(onPostgres)("a member of a workspace that shows entries to admins only", () => {
  const people = { admin: "Ada Admin", first: "Mia Member", second: "Max Member" } as const;
  type Person = keyof typeof people;
  const keys = {} as Record<Person, string>;
  const userIds = {} as Record<Person, string>;
  const entries = {} as Record<Person, Entry>;
  const mcpClients: Awaited<ReturnType<typeof connectMcp>>[] = [];
  const secret = "zanzibarquokka";

  beforeAll(async () => {
    const accounts = await Promise.all((Object.keys(people) as Person[]).map(async (person) => [person, await newAccount(server)] as const));
    const [team] = await sql<{ id: string }>(
      "INSERT INTO workspaces (id, slug, name, entries_visible_to, updated_at) VALUES (worklog_uuid7(), 'team-' || substr(md5(random()::text), 1, 12), 'Team', 'admins', now()) RETURNING id",
    );
    const workspace = team!.id;
    for (const [person, account] of accounts) {
      keys[person] = account.key;
      userIds[person] = await userIdOf(account.email);
      await sql("INSERT INTO memberships (workspace_id, user_id, role) VALUES ($1, $2, $3)", [
        workspace,
        userIds[person],
        person === "admin" ? "owner" : "member",
      ]);
      // The account's key now works in the team's workspace (docs/api.md, "Credentials": a key belongs to one workspace).
      await sql("UPDATE api_keys SET workspace_id = $1 WHERE user_id = $2", [workspace, userIds[person]]);
    }
    await Promise.all(
      (Object.keys(people) as Person[]).map((person) =>
        json(server.request("/api/v1/user", { key: keys[person], method: "PUT", body: { name: people[person] } })),
      ),
    );
    for (const person of Object.keys(people) as Person[]) {
      entries[person] = await json(
        server.request("/api/v1/worklog/entries", {
          key: keys[person],
          method: "POST",
          body: { content: `${person} wrote about the ${secret}`, tags: [secret], duration_seconds: 600, recorded_at: "2026-11-20T10:00:00Z" },
        }),
        201,
      );
    }
  });

  afterAll(async () => {
    await Promise.all(mcpClients.map((client) => client.close()));
  });

  const ids = (list: { id: string }[]) => list.map((entry) => entry.id).sort();

  it("gives every entry its author, with the author's name", () => {
    for (const person of Object.keys(people) as Person[]) expect(entries[person].author).toEqual({ id: userIds[person], name: people[person] });
  });

  it("reads its own entries alone, through every list, search, filter and sync", async () => {
    const key = keys.second;
    const since = "2026-01-01T00:00:00Z";
    const [all, byOther, byMe, found, synced, byAdmin] = await Promise.all(
      [
        "/api/v1/worklog/entries?limit=100",
        `/api/v1/worklog/entries?author_id=${userIds.first}`,
        "/api/v1/worklog/entries?author_id=me",
        `/api/v1/worklog/entries?q=${secret}`,
        `/api/v1/worklog/entries?updated_since=${since}`,
        `/api/v1/worklog/entries?author_id=${userIds.admin}&tags=${secret}`,
      ].map((path) => json<{ entries: Entry[]; meta: { total_count: number } }>(server.request(path, { key }))),
    );
    for (const page of [all!, byMe!, found!, synced!]) {
      expect(ids(page.entries)).toEqual([entries.second.id]);
      expect(page.meta.total_count).toBe(1);
    }
    for (const page of [byOther!, byAdmin!]) expect(page).toMatchObject({ entries: [], meta: { total_count: 0 } });
  });

  it("does not learn of another member's deleted entry through /deleted, which admins see", async () => {
    const gone = await json<Entry>(server.request("/api/v1/worklog/entries", { key: keys.first, method: "POST", body: { content: "Soon deleted" } }), 201);
    await json(server.request(`/api/v1/worklog/entries/${gone.id}`, { key: keys.first, method: "DELETE" }));
    const since = `since=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&type=entry`;
    const [member, admin] = await Promise.all(
      [keys.second, keys.admin].map((key) => json<{ deleted: { id: string }[] }>(server.request(`/api/v1/deleted?${since}`, { key }))),
    );
    expect(member!.deleted.map((item) => item.id)).not.toContain(gone.id);
    expect(admin!.deleted.map((item) => item.id)).toContain(gone.id);
  });

  it("cannot get, change, delete or bulk-change another member's entry: 404, as a missing one", async () => {
    const key = keys.second;
    const other = entries.first.id;
    const answers = await Promise.all([
      call(key, "GET", `/api/v1/worklog/entries/${other}`),
      call(key, "PUT", `/api/v1/worklog/entries/${other}`, { content: "Taken over" }),
      call(key, "DELETE", `/api/v1/worklog/entries/${other}`),
      call(key, "POST", "/api/v1/worklog/entries/bulk", { ids: [entries.second.id, other], action: { type: "add_tag", tag: "taken" } }),
    ]);
    for (const answer of answers) expect(answer).toEqual({ status: 404, body: notFoundBody });
    // Nothing changed: the author still reads it as written.
    expect((await json<Entry>(server.request(`/api/v1/worklog/entries/${other}`, { key: keys.first }))).content).toBe(`first wrote about the ${secret}`);
  });

  it("adds up only its own entries in reports, by author too", async () => {
    const key = keys.second;
    const period = "from=2026-11-01&to=2026-11-30";
    const [byProject, byAuthor, filtered] = await Promise.all([
      json(server.request(`/api/v1/worklog/report?${period}`, { key })),
      json(server.request(`/api/v1/worklog/report?${period}&group_by=author`, { key })),
      json(server.request(`/api/v1/worklog/report?${period}&author_id=${userIds.first}`, { key })),
    ]);
    expect(byProject.totals).toEqual({ tracked_seconds: 600, entries: 1, commits: 0 });
    expect(byAuthor.groups.map((group: { key: string; label: string; entries: number }) => [group.key, group.label, group.entries])).toEqual([
      [userIds.second, people.second, 1],
    ]);
    expect(filtered.totals).toEqual({ tracked_seconds: 0, entries: 0, commits: 0 });
  });

  it("exports only its own entries, as JSON and as CSV", async () => {
    const key = keys.second;
    const [document, csv] = await Promise.all([
      json(server.request("/api/v1/export?format=json", { key })),
      server.request("/api/v1/export?format=csv", { key }).then((response) => response.text()),
    ]);
    expect(ids(document.entries)).toEqual([entries.second.id]);
    expect(csv).not.toContain(entries.first.id);
    expect(csv).not.toContain(entries.admin.id);
    expect(csv).toContain(`${entries.second.id},`);
    expect(csv).toContain(`${userIds.second},${people.second}`);
  });

  it("finds nothing of another member's through the MCP tools", async () => {
    const client = await connectMcp(server.url, { authorization: `Bearer ${keys.second}` });
    mcpClients.push(client);
    const search = (await client.callTool({ name: "search_worklog", arguments: { q: secret } })) as CallToolResult;
    expect(ids((search.structuredContent as { entries: Entry[] }).entries)).toEqual([entries.second.id]);
    const byAuthor = (await client.callTool({ name: "search_worklog", arguments: { author_id: userIds.first } })) as CallToolResult;
    expect((byAuthor.structuredContent as { entries: Entry[] }).entries).toEqual([]);
    const bulk = (await client.callTool({
      name: "bulk_update_entries",
      arguments: { ids: [entries.first.id], action: { type: "add_tag", tag: "taken" } },
    })) as CallToolResult;
    expect(bulk.isError).toBe(true);
  });

  it("lets admins read every entry, and report by author with names", async () => {
    const key = keys.admin;
    const [page, report] = await Promise.all([
      json<{ entries: Entry[] }>(server.request(`/api/v1/worklog/entries?tags=${secret}`, { key })),
      json(server.request("/api/v1/worklog/report?from=2026-11-01&to=2026-11-30&group_by=author", { key })),
    ]);
    expect(ids(page.entries)).toEqual(ids(Object.values(entries)));
    expect(page.entries.find((entry) => entry.id === entries.first.id)!.author).toEqual({ id: userIds.first, name: people.first });
    const groups = report.groups.map((group: { key: string; label: string; entries: number }) => [group.key, group.label, group.entries]);
    expect(groups.sort()).toEqual((Object.keys(people) as Person[]).map((person) => [userIds[person], people[person], 1]).sort());
    expect(report.totals.entries).toBe(3);
    // The markdown export names the author of an entry someone else wrote, and only then.
    const markdown = await (await server.request(`/api/v1/export?format=markdown&tags=${secret}`, { key })).text();
    expect(markdown).toContain(`- Author: ${people.first}\n`);
    expect(markdown).toContain(`- Author: ${people.second}\n`);
    expect(markdown).not.toContain(`- Author: ${people.admin}`);
  });

  it("refuses an author_id that is neither a UUID nor me, naming it", async () => {
    for (const path of ["/api/v1/worklog/entries?author_id=someone", "/api/v1/worklog/report?author_id=42", "/api/v1/export?format=csv&author_id=you"]) {
      expect(await json(server.request(path, { key: keys.second, invalid: true }), 400), path).toEqual({
        error: { message: "author_id must be a UUID or me", type: "invalid_request_error" },
      });
    }
  });
});
