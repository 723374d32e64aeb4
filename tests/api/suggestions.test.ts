// docs/api.md, "Suggested entries": GET /worklog/suggestions, POST /worklog/suggestions/dismiss,
// entries created with commit_ids, and the MCP tool suggest_entries.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRequests, invalidValue, notFoundBody, sha, newAccount } from "../support/accounts";
import type { TestServer } from "../support/server";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";
import { connectMcp } from "../support/mcp-client";

let server: TestServer;
const { call, created } = accountRequests(() => server);
const clients: Client[] = [];

beforeAll(async () => {
  server = await sharedServer();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

const short = (seed: string) => sha(seed).slice(0, 7);
const invalidRequest = (message: string) => ({ error: { message, type: "invalid_request_error" } });
const suggestionsPath = (query = "") => `/api/v1/worklog/suggestions${query}`;
const dismissPath = "/api/v1/worklog/suggestions/dismiss";
const aroundDaylightSavingEnd = "?from=2026-10-31&to=2026-11-01";

/**
 * An account in New York with a repository of its project and commits around the end of daylight
 * saving time (Sunday 2026-11-01, a day of 25 hours), one of them on the next day.
 */
async function newYorkAccount() {
  const { email, key } = await newAccount(server);
  expect((await call(key, "PUT", "/api/v1/user", { timezone: "America/New_York" })).status).toBe(200);
  const project = await created(key, "/api/v1/projects", { name: "Acme" });
  const repository = await created(key, `/api/v1/projects/${project.id}/repositories`, { name: "acme/app" });
  const recorded = await call(key, "POST", `/api/v1/repositories/${repository.id}/commits`, {
    commits: [
      // 23:30 on Saturday October 31 (EDT): November 1 in UTC.
      { sha: sha("a1"), message: "feat: pricing page", committed_at: "2026-10-31T23:30:00-04:00" },
      // 00:30 on Sunday (EDT), then 23:30 on Sunday (EST), November 2 in UTC.
      { sha: sha("b2"), message: "fix(footer): broken links\n\nThey pointed nowhere.", committed_at: "2026-11-01T00:30:00-04:00" },
      { sha: sha("c3"), message: "fix: typo", committed_at: "2026-11-01T23:30:00-05:00" },
      { sha: sha("d4"), message: "Update the README", committed_at: "2026-11-02T00:30:00-05:00" },
    ],
  });
  expect(recorded.status).toBe(201);
  const commits = recorded.body.commits as { id: string; sha: string; committed_at: string }[];
  return { email, key, project, repository, commits };
}

const commitOf = (commit: { id: string; sha: string; committed_at: string }, subject: string) => ({
  id: commit.id,
  sha: commit.sha,
  short_sha: commit.sha.slice(0, 7),
  subject,
  committed_at: commit.committed_at,
  web_url: null,
});

describe("GET /worklog/suggestions", () => {
  it("groups the commits no entry cites by repository and day of the account's time zone, newest day first", async () => {
    const { key, project, repository, commits } = await newYorkAccount();
    const response = await call(key, "GET", suggestionsPath(aroundDaylightSavingEnd));
    expect(response.status).toBe(200);
    const repositorySummary = { id: repository.id, name: "acme/app", project_id: project.id };
    expect(response.body).toEqual({
      suggestions: [
        {
          id: `commits:${repository.id}:2026-11-01`,
          kind: "commits",
          day: "2026-11-01",
          repository: repositorySummary,
          title: "2 commits on acme/app not logged yet",
          content: `- Fixes: **footer:** broken links (\`${short("b2")}\`); typo (\`${short("c3")}\`)`,
          recorded_at: "2026-11-02T04:30:00.000Z",
          commits: [commitOf(commits[1]!, "fix(footer): broken links"), commitOf(commits[2]!, "fix: typo")],
          commit_count: 2,
          pull_request: null,
          calendar_event: null,
        },
        {
          id: `commits:${repository.id}:2026-10-31`,
          kind: "commits",
          day: "2026-10-31",
          repository: repositorySummary,
          title: "1 commit on acme/app not logged yet",
          content: `- Features: pricing page (\`${short("a1")}\`)`,
          recorded_at: "2026-11-01T03:30:00.000Z",
          commits: [commitOf(commits[0]!, "feat: pricing page")],
          commit_count: 1,
          pull_request: null,
          calendar_event: null,
        },
      ],
    });
  });

  it("covers the last 14 days of the account's time zone by default", async () => {
    const { key, repository } = await newYorkAccount();
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const recorded = await call(key, "POST", `/api/v1/repositories/${repository.id}/commits`, {
      commits: [
        { sha: sha("e5"), message: "Recent work", committed_at: hourAgo },
        { sha: sha("f6"), message: "Old work", committed_at: monthAgo },
      ],
    });
    const { body } = await call(key, "GET", suggestionsPath());
    const suggested = body.suggestions.flatMap((suggestion: { commits: { id: string }[] }) => suggestion.commits.map((commit) => commit.id));
    expect(suggested).toContain(recorded.body.commits[0].id);
    expect(suggested).not.toContain(recorded.body.commits[1].id);
  });

  it("drops the commits an entry is created with, and refuses another account's commit ids", async () => {
    const { key, project, commits } = await newYorkAccount();
    const stranger = await newYorkAccount();
    const [saturday] = (await call(key, "GET", suggestionsPath(aroundDaylightSavingEnd))).body.suggestions.slice(-1);

    const refused = await call(key, "POST", "/api/v1/worklog/entries", { content: "x", commit_ids: [commits[0]!.id, stranger.commits[0]!.id] });
    expect(refused).toEqual({ status: 422, body: invalidValue("/commit_ids/1") });
    expect((await call(key, "GET", "/api/v1/worklog/entries")).body.entries).toEqual([]);

    const logged = await call(key, "POST", "/api/v1/worklog/entries", {
      content: saturday.content,
      recorded_at: saturday.recorded_at,
      project_id: saturday.repository.project_id,
      commit_ids: saturday.commits.map((commit: { id: string }) => commit.id),
    });
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({
      content: saturday.content,
      recorded_at: saturday.recorded_at,
      project_id: project.id,
      commit_ids: [commits[0]!.id],
      source: "api",
    });
    const after = (await call(key, "GET", suggestionsPath(aroundDaylightSavingEnd))).body.suggestions;
    expect(after.map((suggestion: { day: string }) => suggestion.day)).toEqual(["2026-11-01"]);
  });

  it("carries the oldest 100 commits of a repository's day, commit_count saying how many it has; once they are logged or dismissed, the next ones", async () => {
    const { key } = await newAccount(server);
    const repository = await created(key, "/api/v1/repositories", { name: "acme/busy" });
    const recorded = await call(key, "POST", `/api/v1/repositories/${repository.id}/commits`, {
      commits: Array.from({ length: 250 }, (_, index) => ({
        sha: index.toString(16).padStart(4, "0").padEnd(40, "a"),
        message: index === 0 ? `feat: ${"x".repeat(5000)}\n\nAnd a body.` : `Commit ${index}`,
        committed_at: new Date(Date.UTC(2026, 10, 20, 8) + index * 60_000).toISOString(),
      })),
    });
    expect(recorded.status).toBe(201);
    const oldestFirst = [...(recorded.body.commits as { id: string; sha: string; committed_at: string }[])].sort((a, b) =>
      a.committed_at.localeCompare(b.committed_at),
    );
    const read = async () => (await call(key, "GET", suggestionsPath("?from=2026-11-20&to=2026-11-20"))).body.suggestions;

    const [first, ...none] = await read();
    expect(none).toEqual([]);
    expect(first).toMatchObject({
      id: `commits:${repository.id}:2026-11-20`,
      title: "250 commits on acme/busy not logged yet",
      commit_count: 250,
      recorded_at: oldestFirst[99]!.committed_at,
    });
    expect(first.commits.map((commit: { id: string }) => commit.id)).toEqual(oldestFirst.slice(0, 100).map((commit) => commit.id));
    expect(first.commits[0].subject).toBe(`feat: ${"x".repeat(293)}…`);
    expect(first.content).toContain(`(\`${oldestFirst[99]!.sha.slice(0, 7)}\`)`);
    expect(first.content).not.toContain(oldestFirst[100]!.sha.slice(0, 7));
    expect(JSON.stringify(first).length).toBeLessThan(40_000);

    // Logged as the contract says, with the suggestion's commit_ids: the next 100 follow.
    const logged = await call(key, "POST", "/api/v1/worklog/entries", {
      content: first.content,
      recorded_at: first.recorded_at,
      commit_ids: first.commits.map((commit: { id: string }) => commit.id),
    });
    expect(logged.status).toBe(201);
    expect(logged.body.commit_ids).toHaveLength(100);
    const [second] = await read();
    expect(second).toMatchObject({ id: first.id, title: "150 commits on acme/busy not logged yet", commit_count: 150 });
    expect(second.commits.map((commit: { id: string }) => commit.id)).toEqual(oldestFirst.slice(100, 200).map((commit) => commit.id));

    // Dismissed: the last 50.
    expect(await call(key, "POST", dismissPath, { commit_ids: second.commits.map((commit: { id: string }) => commit.id) })).toEqual({
      status: 200,
      body: { dismissed: { commits: 100, pull_requests: 0, calendar_events: 0 } },
    });
    const [third] = await read();
    expect(third).toMatchObject({ title: "50 commits on acme/busy not logged yet", commit_count: 50, recorded_at: oldestFirst[249]!.committed_at });
    expect(third.commits.map((commit: { id: string }) => commit.id)).toEqual(oldestFirst.slice(200).map((commit) => commit.id));
  });

  it("refuses dates it cannot read, a reversed period and one longer than 92 days with 400", async () => {
    const { key } = await newYorkAccount();
    const answers = await Promise.all(
      // The first two are no dates of the OpenAPI document: sent wrong on purpose.
      ["?from=yesterday", "?to=2026-02-30", "?from=2026-11-02&to=2026-11-01", "?from=2026-08-01&to=2026-11-01"].map((query, index) =>
        call(key, "GET", suggestionsPath(query), undefined, { invalid: index < 2 }),
      ),
    );
    expect(answers).toEqual([
      { status: 400, body: invalidRequest("from must be a date (YYYY-MM-DD) or an RFC 3339 timestamp") },
      { status: 400, body: invalidRequest("to must be a date (YYYY-MM-DD) or an RFC 3339 timestamp") },
      { status: 400, body: invalidRequest("from must not be after to") },
      { status: 400, body: invalidRequest("from and to must span at most 92 days") },
    ]);
    expect((await call(key, "GET", suggestionsPath("?from=2026-08-02&to=2026-11-01"))).status).toBe(200);
  });

  it("needs both worklog:read and repo:read", async () => {
    const { email } = await newYorkAccount();
    // As the key stores them: by resource, in a fixed order.
    for (const scopes of [["worklog:*"], ["project:*", "repo:read"]]) {
      const key = await server.createKey(email, scopes);
      expect(await call(key, "GET", suggestionsPath())).toEqual({
        status: 403,
        body: {
          error: {
            message: `Insufficient scope for this API key. Required: worklog:read repo:read. Available: ${scopes.join(", ")}`,
            type: "authorization_error",
          },
          details: { required_scope: "worklog:read repo:read", granted_scopes: scopes },
        },
      });
    }
    expect((await call(await server.createKey(email, ["worklog:read", "repo:read"]), "GET", suggestionsPath())).status).toBe(200);
  });
});

describe("POST /worklog/suggestions/dismiss", () => {
  it("dismisses commits, once however often it is sent, and moves the account's ETag on", async () => {
    const { key, commits } = await newYorkAccount();
    const read = () => server.request(suggestionsPath(aroundDaylightSavingEnd), { key });
    const etag = (await read()).headers.get("etag")!;
    expect((await server.request(suggestionsPath(aroundDaylightSavingEnd), { key, headers: { "if-none-match": etag } })).status).toBe(304);

    const ids = [commits[1]!.id, commits[2]!.id, commits[1]!.id.toUpperCase()];
    expect(await call(key, "POST", dismissPath, { commit_ids: ids })).toEqual({
      status: 200,
      body: { dismissed: { commits: 2, pull_requests: 0, calendar_events: 0 } },
    });
    expect(await call(key, "POST", dismissPath, { commit_ids: ids, pull_request_ids: [] })).toEqual({
      status: 200,
      body: { dismissed: { commits: 2, pull_requests: 0, calendar_events: 0 } },
    });

    const after = await read();
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((await after.json()).suggestions.map((suggestion: { day: string }) => suggestion.day)).toEqual(["2026-10-31"]);
  });

  it("answers 404 when an id is not the account's, and dismisses none of them", async () => {
    const { key, commits } = await newYorkAccount();
    const stranger = await newYorkAccount();
    const before = (await call(key, "GET", suggestionsPath(aroundDaylightSavingEnd))).body;
    const strangers = (await call(stranger.key, "GET", suggestionsPath(aroundDaylightSavingEnd))).body;
    expect(await call(key, "POST", dismissPath, { commit_ids: [commits[1]!.id, stranger.commits[1]!.id] })).toEqual({ status: 404, body: notFoundBody });
    expect(await call(key, "POST", dismissPath, { commit_ids: [commits[1]!.id], pull_request_ids: [randomUUID()] })).toEqual({
      status: 404,
      body: notFoundBody,
    });
    expect((await call(key, "GET", suggestionsPath(aroundDaylightSavingEnd))).body).toEqual(before);
    expect((await call(stranger.key, "GET", suggestionsPath(aroundDaylightSavingEnd))).body).toEqual(strangers);
  });

  it("refuses a body without ids, or with ids that are not UUIDs or too many, with 422", async () => {
    const { key, commits } = await newYorkAccount();
    const before = (await call(key, "GET", suggestionsPath(aroundDaylightSavingEnd))).body;
    expect(await call(key, "POST", dismissPath, {})).toEqual({ status: 422, body: invalidValue("") });
    expect(await call(key, "POST", dismissPath, { commit_ids: [], pull_request_ids: [] })).toEqual({ status: 422, body: invalidValue("") });
    expect(await call(key, "POST", dismissPath, { commit_ids: [commits[0]!.id, "x"] }, { invalid: true })).toEqual({
      status: 422,
      body: invalidValue("/commit_ids/1"),
    });
    expect(await call(key, "POST", dismissPath, { pull_request_ids: "x" }, { invalid: true })).toEqual({
      status: 422,
      body: invalidValue("/pull_request_ids"),
    });
    const tooMany = Array.from({ length: 1001 }, () => commits[0]!.id);
    expect(await call(key, "POST", dismissPath, { commit_ids: tooMany }, { invalid: true })).toEqual({ status: 422, body: invalidValue("/commit_ids") });
    expect((await call(key, "GET", suggestionsPath(aroundDaylightSavingEnd))).body).toEqual(before);
  });

  it("needs worklog:write", async () => {
    const { email, commits } = await newYorkAccount();
    const reader = await server.createKey(email, ["worklog:read", "repo:*"]);
    expect(await call(reader, "POST", dismissPath, { commit_ids: [commits[0]!.id] })).toEqual({
      status: 403,
      body: {
        error: { message: "Insufficient scope for this API key. Required: worklog:write. Available: repo:*, worklog:read", type: "authorization_error" },
        details: { required_scope: "worklog:write", granted_scopes: ["repo:*", "worklog:read"] },
      },
    });
  });
});

describe("the MCP tool suggest_entries", () => {
  const clientAddress = uniqueClientAddress();

  async function connect(key: string): Promise<Client> {
    const client = await connectMcp(server.url, { authorization: `Bearer ${key}`, "x-forwarded-for": clientAddress });
    clients.push(client);
    return client;
  }

  const callTool = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;

  it("answers what the API answers, and says how to log a suggestion with log_work", async () => {
    const { key, commits } = await newYorkAccount();
    const client = await connect(key);
    const result = await callTool(client, "suggest_entries", { from: "2026-10-31", to: "2026-11-01" });
    expect(result.isError).toBeFalsy();
    const api = (await call(key, "GET", suggestionsPath(aroundDaylightSavingEnd))).body;
    expect(result.structuredContent).toEqual(api);
    expect(text(result)).toContain(`2 suggestions, newest day first. In Worklog: ${server.url}/`);
    expect(text(result)).toContain(`commit_ids ${commits[1]!.id},${commits[2]!.id}`);

    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === "suggest_entries")).toMatchObject({
      annotations: { readOnlyHint: true },
      description: expect.stringContaining("commit_ids"),
    });

    // An agent logs the day's suggestion as the description says: it drops out.
    const [sunday] = api.suggestions;
    const logged = await callTool(client, "log_work", {
      content: sunday.content,
      recorded_at: sunday.recorded_at,
      project: sunday.repository.project_id,
      commit_ids: sunday.commits.map((commit: { id: string }) => commit.id),
    });
    expect(logged.structuredContent).toMatchObject({ source: "mcp", commit_ids: [commits[1]!.id, commits[2]!.id].sort() });
    const after = await callTool(client, "suggest_entries", { from: "2026-10-31", to: "2026-11-01" });
    expect((after.structuredContent as { suggestions: { day: string }[] }).suggestions.map((suggestion) => suggestion.day)).toEqual(["2026-10-31"]);
  });

  it("refuses what the API refuses: its scopes and its periods", async () => {
    const { email, key } = await newYorkAccount();
    const client = await connect(key);
    expect(await callTool(client, "suggest_entries", { from: "2026-01-01", to: "2026-11-01" })).toMatchObject({
      isError: true,
      content: [{ text: "from and to must span at most 92 days" }],
    });
    expect(await callTool(client, "suggest_entries", { to: "soon" })).toMatchObject({
      isError: true,
      content: [{ text: "to must be a date (YYYY-MM-DD) or an RFC 3339 timestamp" }],
    });
    const worklogOnly = await connect(await server.createKey(email, ["worklog:*"]));
    expect(await callTool(worklogOnly, "suggest_entries", {})).toMatchObject({
      isError: true,
      content: [{ text: "Insufficient scope for this API key. Required: worklog:read repo:read. Available: worklog:*" }],
    });
  });
});
