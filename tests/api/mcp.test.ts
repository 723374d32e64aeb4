// docs/api.md, "MCP server", end to end: the SDK's own client against a real server.
import { createHash } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRequests, sha, newKey, newAccount } from "../support/accounts";
import type { TestServer } from "../support/server";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";
import { connectMcp } from "../support/mcp-client";

const onPostgres = process.env.WORKLOG_TEST_DATABASE === "postgres";
const toolNames = [
  "log_work",
  "search_worklog",
  "suggest_entries",
  "list_projects",
  "create_project",
  "list_repositories",
  "record_commits",
  "attach_commits",
  "bulk_update_entries",
  "generate_recap",
  "get_recap",
  "start_timer",
  "stop_timer",
  "list_members",
];
const notFound = "Could not find the requested resource";

let server: TestServer;
const { call, created, seedAccount } = accountRequests(() => server);
const clients: Client[] = [];
/**
 * The client address of this file's MCP requests (the SDK's own, and those sent below by hand),
 * as `server.request` has one: the failed authentications below count against it alone.
 */
const clientAddress = uniqueClientAddress();

beforeAll(async () => {
  server = await sharedServer();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

/** A structured result, read as freely as a response's `json()`. */
type Json = Awaited<ReturnType<Response["json"]>>;

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

async function connect(authorization: string): Promise<Client> {
  const client = await connectMcp(server.url, { authorization, "x-forwarded-for": clientAddress });
  clients.push(client);
  return client;
}

async function callTool(client: Client, name: string, args: Record<string, unknown>, options?: Parameters<Client["callTool"]>[2]) {
  return (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult;
}

/** A call's structured result, once it has succeeded. */
async function succeeded(client: Client, name: string, args: Record<string, unknown>) {
  const result = await callTool(client, name, args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as Json;
}

/** A refused call's text, which is the API's error message. */
async function refused(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await callTool(client, name, args);
  expect(result.isError, JSON.stringify(result)).toBe(true);
  expect(result.content).toHaveLength(1);
  return (result.content[0] as { text: string }).text;
}

/** Everything of an account the tools could change, read through the API. */
async function snapshot(key: string): Promise<string> {
  const reads = await Promise.all(
    ["/api/v1/projects?limit=100", "/api/v1/repositories?limit=100", "/api/v1/worklog/entries?limit=100"].map(async (path) =>
      JSON.stringify((await call(key, "GET", path)).body),
    ),
  );
  return reads.join("\n");
}

/** A request to the MCP endpoint as its clients send them, from this file's client address. */
const mcpRequest = (method: string, headers: Record<string, string>, body?: string) =>
  fetch(`${server.url}/api/mcp`, { method, headers: { ...headers, "x-forwarded-for": clientAddress }, body });

const postMcp = (authorization: string | undefined, message: unknown) =>
  mcpRequest(
    "POST",
    { "content-type": "application/json", accept: "application/json, text/event-stream", ...(authorization && { authorization }) },
    JSON.stringify(message),
  );

const listMessage = { jsonrpc: "2.0", id: 1, method: "tools/list" };

describe("tools/list", () => {
  it("lists every tool with the API's schemas and an agent-readable description", async () => {
    const { key } = await newAccount(server);
    const { tools } = await (await connect(basic(key))).listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...toolNames].sort());
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
    const logWork = byName.get("log_work")!;
    expect(logWork.inputSchema.required).toEqual(["content"]);
    expect(Object.keys(logWork.inputSchema.properties!).sort()).toEqual(["commit_ids", "content", "duration_seconds", "project", "recorded_at", "tags"]);
    expect(logWork.inputSchema.properties!.content).toMatchObject({ type: "string", minLength: 1, maxLength: 10000 });
    expect(logWork.annotations?.readOnlyHint).toBe(false);
    const search = byName.get("search_worklog")!;
    expect(search.inputSchema.properties).toMatchObject({ q: { type: "string", maxLength: 200 }, limit: { type: "integer", maximum: 100 }, source: {} });
    expect(Object.keys(search.inputSchema.properties!)).toEqual(
      expect.arrayContaining(["project_id", "tags", "from", "to", "starting_after", "ending_before"]),
    );
    expect(search.annotations?.readOnlyHint).toBe(true);
    expect(byName.get("record_commits")!.inputSchema.required).toEqual(["commits", "repository_id"]);
    expect(byName.get("attach_commits")!.inputSchema.required).toEqual(["commit_ids", "entry_id"]);
    expect(byName.get("get_recap")!.inputSchema.required).toEqual(["recap_id"]);
    expect(byName.get("generate_recap")!.outputSchema!.required).toEqual(expect.arrayContaining(["status", "content"]));
    expect(byName.get("generate_recap")!.inputSchema.properties!.template).toMatchObject({ enum: ["summary", "standup", "weekly", "brag", "team_standup"] });
  });
});

describe("tools/call", () => {
  it("runs every tool, the results matching the API's and their output schemas", async () => {
    const { key } = await newAccount(server);
    const client = await connect(`Bearer ${key}`);

    const project = await succeeded(client, "create_project", { name: "Website", identifier: "web" });
    expect(project).toMatchObject({ name: "Website", identifier: "WEB" });
    expect((await call(key, "GET", `/api/v1/projects/${project.id}`)).body).toEqual(project);
    const projects = await succeeded(client, "list_projects", { limit: 10 });
    expect(projects.projects).toEqual([project]);

    const entry = await succeeded(client, "log_work", {
      content: "Built the **pricing page**",
      project: "WEB",
      tags: ["Web"],
      duration_seconds: 5400,
      recorded_at: "2026-11-20T11:00:00Z",
    });
    expect(entry).toMatchObject({ project_id: project.id, tags: ["web"], duration_seconds: 5400, source: "mcp", recorded_at: "2026-11-20T11:00:00.000Z" });
    const listed = (await call(key, "GET", "/api/v1/worklog/entries?source=mcp")).body;
    expect(listed.entries).toEqual([entry]);
    const logged = await callTool(client, "log_work", { content: "Linked from its summary" });
    const loggedEntry = logged.structuredContent as Json;
    expect((logged.content[0] as { text: string }).text).toContain(`In Worklog: ${server.url}/?entry=${loggedEntry.id}`);
    expect((await call(key, "DELETE", `/api/v1/worklog/entries/${loggedEntry.id}`)).status).toBe(200);
    // By id as well as by identifier.
    expect((await succeeded(client, "log_work", { content: "Reviewed", project: project.id })).project_id).toBe(project.id);

    const found = await succeeded(client, "search_worklog", { q: "pricing", tags: "web", from: "2026-11-20", limit: 5 });
    expect(found.entries).toEqual([entry]);
    expect(found.meta).toMatchObject({ total_count: 1, has_more: false, limit: 5 });
    const text = (await callTool(client, "search_worklog", { q: "pricing" })).content[0] as { text: string };
    expect(text.text).toContain(`${server.url}/?q=pricing`);
    expect(text.text).toContain(entry.id);

    const repository = await created(key, "/api/v1/repositories", { name: "website", project_id: project.id });
    const repositories = await succeeded(client, "list_repositories", { project_id: project.id });
    expect(repositories.repositories.map((each: { id: string }) => each.id)).toEqual([repository.id]);
    const { commits } = await succeeded(client, "record_commits", {
      repository_id: repository.id,
      commits: [{ sha: sha("ab"), message: "Add the pricing page", committed_at: "2026-11-20T10:00:00Z" }],
    });
    expect(commits).toEqual((await call(key, "GET", `/api/v1/repositories/${repository.id}/commits`)).body.commits);
    const attached = await succeeded(client, "attach_commits", { entry_id: entry.id, commit_ids: [commits[0].id] });
    expect(attached.commit_ids).toEqual([commits[0].id]);
    expect((await call(key, "GET", `/api/v1/worklog/entries/${entry.id}`)).body).toEqual(attached);

    const progress: { progress: number; message?: string }[] = [];
    const recapResult = await callTool(
      client,
      "generate_recap",
      { from: "2026-11-20", to: "2026-11-20", tags: ["web"] },
      { onprogress: (each) => progress.push(each) },
    );
    const recap = recapResult.structuredContent as Json;
    expect(recap).toMatchObject({ status: "completed", filters: { tags: ["web"] } });
    expect(recap.content).toContain("pricing page");
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.map((each) => each.message).join("")).toBe(recap.content);
    expect(progress.map((each) => each.progress)).toEqual([...progress.map((each) => each.progress)].sort((a, b) => a - b));
    expect((recapResult.content[0] as { text: string }).text).toContain(`${server.url}/recaps/${recap.id}`);
    expect(await succeeded(client, "get_recap", { recap_id: recap.id })).toEqual(recap);
    expect((await call(key, "GET", `/api/v1/worklog/recaps/${recap.id}`)).body).toEqual(recap);

    // A template, as the API takes it: a standup cites the entry it is made of.
    const standup = await succeeded(client, "generate_recap", { from: "2026-11-20", to: "2026-11-20", template: "standup" });
    expect(standup).toMatchObject({ status: "completed", template: "standup" });
    expect(standup.content).toContain(`(/?entry=${entry.id})`);
    expect(standup.sources).toEqual(expect.arrayContaining([{ type: "entry", id: entry.id }]));
  });

  it("starts and stops the timer as the API does", async () => {
    const { key } = await newAccount(server);
    const client = await connect(`Bearer ${key}`);
    const project = await created(key, "/api/v1/projects", { name: "Timed", identifier: "TIM" });
    const first = await succeeded(client, "start_timer", { content: "Drafting the RFC", project: "TIM" });
    expect(first).toMatchObject({ timer: { running: true, duration_seconds: null, project_id: project.id, source: "mcp" }, stopped: null });
    const second = await succeeded(client, "start_timer", {});
    expect(second.stopped).toMatchObject({ id: first.timer.id, running: false });
    expect((await call(key, "GET", "/api/v1/worklog/timer")).body).toEqual({ timer: second.timer });
    const stopped = await succeeded(client, "stop_timer", {});
    expect(stopped.timer).toMatchObject({ id: second.timer.id, running: false });
    expect(stopped.timer.duration_seconds).toBeGreaterThanOrEqual(1);
    expect(await refused(client, "stop_timer", {})).toBe("Could not find the requested resource");
  });

  it("refuses what the API refuses, with its messages", async () => {
    const { key } = await newAccount(server);
    const client = await connect(basic(key));
    expect(await refused(client, "log_work", { content: "" })).toBe("/content: String length is smaller than minLength");
    expect(await refused(client, "log_work", { tags: "x" })).toBe("/content: Missing field: content; /tags: Invalid value");
    expect(await refused(client, "search_worklog", { limit: 0 })).toBe("limit must be an integer between 1 and 100");
    expect(await refused(client, "create_project", { name: "A", identifier: "TOOLONG" })).toBe("/identifier: String length is larger than maxLength");
    expect(await refused(client, "create_project", { name: "Line\n## 1999-01-01 (Friday)" })).toBe("/name: Invalid value");
    expect(await refused(client, "generate_recap", { from: "1999-01-01", to: "1999-01-02" })).toBe("No worklog entries match these filters");
    expect(await refused(client, "log_work", { content: "x", project: "ZZZ" })).toBe("/project: Invalid value");
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/Unknown tool: no_such_tool/);
    expect((await call(key, "GET", "/api/v1/worklog/entries")).body.meta.total_count).toBe(0);
  });

  it("refuses a tool without its scope before writing anything", async () => {
    const { email, key } = await newAccount(server);
    const reader = await server.createKey(email, ["worklog:read"]);
    const client = await connect(`Bearer ${reader}`);
    expect(await refused(client, "log_work", { content: "Should not be written" })).toBe(
      "Insufficient scope for this API key. Required: worklog:write. Available: worklog:read",
    );
    // The scope comes first, as in the API: invalid arguments do not change the answer.
    expect(await refused(client, "create_project", { name: "" })).toBe("Insufficient scope for this API key. Required: project:write. Available: worklog:read");
    expect((await call(key, "GET", "/api/v1/worklog/entries")).body.meta.total_count).toBe(0);
    expect((await succeeded(client, "search_worklog", {})).entries).toEqual([]);
  });

  it("treats another account's ids as missing and changes nothing", async () => {
    const owner = await newAccount(server);
    const theirs = await seedAccount(owner.key);
    const intruder = await newAccount(server);
    const mine = await created(intruder.key, "/api/v1/worklog/entries", { content: "Mine" });
    const client = await connect(basic(intruder.key));
    const before = [await snapshot(owner.key), await snapshot(intruder.key)];

    expect(await refused(client, "attach_commits", { entry_id: theirs.entry, commit_ids: [theirs.commit] })).toBe(notFound);
    expect(await refused(client, "attach_commits", { entry_id: mine.id, commit_ids: [theirs.commit] })).toBe("/commit_ids/0: Invalid value");
    expect(await refused(client, "bulk_update_entries", { ids: [mine.id, theirs.entry], action: { type: "delete" } })).toBe(notFound);
    expect(await refused(client, "bulk_update_entries", { ids: [mine.id], action: { type: "move_to_project", project_id: theirs.project } })).toBe(
      "/project_id: Invalid value",
    );
    expect(await refused(client, "get_recap", { recap_id: theirs.recap })).toBe(notFound);
    expect(await refused(client, "log_work", { content: "x", project: theirs.project })).toBe("/project: Invalid value");
    expect(
      await refused(client, "record_commits", {
        repository_id: theirs.repository,
        commits: [{ sha: sha("cd"), message: "m", committed_at: "2026-01-01T00:00:00Z" }],
      }),
    ).toBe(notFound);
    expect(await refused(client, "generate_recap", { project_ids: [theirs.project] })).toBe("No worklog entries match these filters");
    expect((await succeeded(client, "search_worklog", { project_id: theirs.project })).entries).toEqual([]);

    expect([await snapshot(owner.key), await snapshot(intruder.key)]).toEqual(before);

    const tagged = await succeeded(client, "bulk_update_entries", { ids: [mine.id], action: { type: "add_tag", tag: "Mine" } });
    expect(tagged.entries.map((entry: Json) => [entry.id, entry.tags])).toEqual([[mine.id, ["mine"]]]);
  });

  it("answers many accounts' calls at once, each acting for its own caller", async () => {
    const accounts = await Promise.all(
      Array.from({ length: 4 }, async (_, index) => {
        const { key } = await newAccount(server);
        const entry = await created(key, "/api/v1/worklog/entries", { content: `Account ${index}'s work` });
        return { key, entry, client: await connect(basic(key)) };
      }),
    );
    const calls = accounts.flatMap((account) => Array.from({ length: 10 }, () => account));
    const results = await Promise.all(
      calls.map(async ({ client }) => (await succeeded(client, "search_worklog", {})).entries.map((entry: { id: string }) => entry.id)),
    );
    expect(results).toEqual(calls.map(({ entry }) => [entry.id]));
  });

  it("refuses recaps to an account without the plan, as the API does", async () => {
    const key = await newKey(server, { plan: "free" });
    await created(key, "/api/v1/worklog/entries", { content: "Free work" });
    const client = await connect(basic(key));
    const apiMessage = (await call(key, "POST", "/api/v1/worklog/recaps", {})).body.error.message;
    expect(apiMessage).toBe("You must be on a plan to access this resource.");
    expect(await refused(client, "generate_recap", {})).toBe(apiMessage);
    expect(await refused(client, "get_recap", { recap_id: crypto.randomUUID() })).toBe(apiMessage);
  });
});

describe("HTTP", () => {
  it("authenticates like /api/v1: a missing or bad credential is its 401", async () => {
    const missing = await postMcp(undefined, listMessage);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Basic realm="api"');
    expect(await missing.json()).toEqual({
      error: { message: "Missing API key. Please provide a valid API key as a Basic token.", type: "authentication_error" },
    });
    const badKey = await postMcp(`Bearer wl_${"x".repeat(40)}`, listMessage);
    expect(badKey.status).toBe(401);
    expect((await badKey.json()).error.message).toBe("Invalid API key. Ensure your API key is properly encoded and valid.");
    const badToken = await postMcp("Bearer wlo_unknown", listMessage);
    expect((await badToken.json()).error.message).toBe("Invalid or expired OAuth token.");
    await expect(connect("Bearer wlo_unknown")).rejects.toThrow();
  });

  it("answers JSON-RPC as plain JSON with the API's headers, and 405 to GET and DELETE", async () => {
    const { key } = await newAccount(server);
    const response = await postMcp(basic(key), listMessage);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("x-ratelimit-limit")).toBe("500");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await response.json()).result.tools).toHaveLength(toolNames.length);
    const notJson = await mcpRequest(
      "POST",
      { authorization: basic(key), "content-type": "application/json", accept: "application/json, text/event-stream" },
      "{",
    );
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe(-32700);
    for (const method of ["GET", "DELETE", "PUT"]) {
      const refusedMethod = await mcpRequest(method, { authorization: basic(key) });
      expect(refusedMethod.status, method).toBe(405);
      expect(refusedMethod.headers.get("allow")).toBe("POST, OPTIONS");
    }
  });

  it("counts every request against the account's limit: past 500 a minute, the API's 429", async () => {
    const { key } = await newAccount(server);
    let remaining = Number.POSITIVE_INFINITY;
    // Windows are calendar minutes: a burst may straddle two, so it goes on until one runs out.
    for (let sent = 0; sent < 1002; sent++) {
      const response = await postMcp(basic(key), listMessage);
      if (response.status === 429) {
        expect(remaining).toBe(0);
        expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
        expect((await response.json()).error).toMatch(/^Rate limit exceeded: 500 requests per minute/);
        const write = await postMcp(basic(key), {
          jsonrpc: "2.0",
          id: 2,
          method: "tools/call",
          params: { name: "log_work", arguments: { content: "Over the limit" } },
        });
        expect(write.status).toBe(429);
        expect((await call(key, "GET", "/api/v1/worklog/entries")).status).toBe(429);
        return;
      }
      expect(response.status).toBe(200);
      remaining = Number(response.headers.get("x-ratelimit-remaining"));
      await response.body?.cancel();
    }
    throw new Error("1002 requests were never refused");
  });

  // Approving a grant needs a signed-in browser; on PostgreSQL a second connection stands in for it.
  it.runIf(onPostgres)("takes an OAuth access token as Bearer, with the token's scopes", async () => {
    const { email } = await server.createUser();
    const token = `wlo_${crypto.randomUUID()}`;
    const database = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await database.connect();
    try {
      await database.query(
        `INSERT INTO oauth_tokens (id, user_id, workspace_id, client_id, access_token_hash, refresh_token_hash, scopes, access_expires_at, updated_at)
         SELECT gen_random_uuid(), u.id, m.workspace_id, '90w0AXnlNgnh2XBJdexYjw', $2, $3, ARRAY['worklog:*'], now() + interval '1 hour', now()
           FROM users u JOIN memberships m ON m.user_id = u.id AND m.role = 'owner' WHERE u.email = $1`,
        [email, createHash("sha256").update(token).digest("hex"), crypto.randomUUID()],
      );
    } finally {
      await database.end();
    }
    const client = await connect(`Bearer ${token}`);
    expect((await succeeded(client, "log_work", { content: "From an agent signed in by the device flow" })).source).toBe("mcp");
    expect(await refused(client, "list_projects", {})).toBe("Insufficient scope for this OAuth token. Required: project:read. Available: worklog:*");
  });
});
