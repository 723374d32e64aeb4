import { describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import type { Principal } from "@/lib/auth/authenticate";
import { getDb } from "@/lib/db/client";
import { directCallOf } from "@/lib/mcp/direct-call";
import { answerMcpRequest, answerThroughSdk } from "@/lib/mcp/server";
import { createProject } from "@/lib/projects/projects";
import { createEntry } from "@/lib/worklog/entries";

// A single tools/call is answered without the SDK's transport and server (lib/mcp/direct-call.ts):
// the same requests through both paths must get the same answers, byte for byte, and every
// request the direct path does not take is the SDK's to answer.

const callAccept = "application/json, text/event-stream";

async function caller(scopes: string[]) {
  const user = await getDb().user.create({ data: { email: `${crypto.randomUUID()}@example.com`, timezone: "Europe/Paris" } });
  const project = await createProject(await accessOf(user), { name: "Website", identifier: "WEB" });
  for (let index = 0; index < 4; index++) {
    await createEntry(
      await accessOf(user),
      {
        content: `entry ${index}: "quoted" \\ and émoji 🙂`,
        tags: ["perf"],
        project_id: index % 2 ? project.id : undefined,
        recorded_at: new Date(Date.UTC(2026, 10, 20, index)),
      },
      "api",
    );
  }
  const { role, workspace } = await accessOf(user);
  const principal: Principal = { kind: "api_key", credentialId: crypto.randomUUID(), scopes, user, membership: { role, workspace }, changeSeq: "1" };
  return { principal, origin: "https://worklog.example", requestId: crypto.randomUUID() };
}

type Sent = { message: unknown; headers?: Record<string, string> };

function request({ message, headers = {} }: Sent) {
  return new Request("https://worklog.example/api/mcp", {
    method: "POST",
    headers: { accept: callAccept, "content-type": "application/json", ...headers },
    body: JSON.stringify(message),
  });
}

const call = (name: string, args?: unknown, extra: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id: 7,
  method: "tools/call",
  params: { name, ...(args !== undefined && { arguments: args }), ...extra },
});

/** What a client sees of an answer: status, headers and body bytes. */
async function seen(response: Response) {
  return { status: response.status, headers: [...response.headers], body: Buffer.from(await response.arrayBuffer()).toString("base64") };
}

async function bothPaths(who: Awaited<ReturnType<typeof caller>>, sent: Sent) {
  const direct = await seen(await answerMcpRequest(who, request(sent), sent.message, { stream: false }));
  const sdk = await seen(await answerThroughSdk(who, request(sent), sent.message, { stream: false }));
  return { direct, sdk, taken: directCallOf(request(sent), sent.message) !== undefined };
}

describe("a tools/call answered directly", () => {
  it("answers what the SDK answers, byte for byte, results and refusals alike", async () => {
    const who = await caller(["worklog:*", "project:read"]);
    const direct: Sent[] = [
      { message: call("search_worklog", {}) },
      { message: call("search_worklog") },
      { message: { ...call("search_worklog", { q: "quoted", limit: 2 }), id: "string id" } },
      { message: call("search_worklog", { tags: "perf", limit: 1 }), headers: { "mcp-protocol-version": "2025-06-18" } },
      { message: call("search_worklog", { limit: 1000 }) },
      { message: call("search_worklog", { project_id: "not a uuid" }) },
      { message: call("list_projects", {}), headers: { "content-type": "Application/JSON; charset=utf-8" } },
      { message: call("log_work", { content: "" }) },
      { message: call("list_repositories", {}) },
    ];
    for (const sent of direct) {
      const { direct, sdk, taken } = await bothPaths(who, sent);
      expect(taken, JSON.stringify(sent)).toBe(true);
      expect(direct, JSON.stringify(sent)).toEqual(sdk);
    }
    const refused = JSON.parse(Buffer.from((await bothPaths(who, { message: call("list_repositories", {}) })).direct.body, "base64").toString());
    expect(refused.result).toMatchObject({ isError: true });
  });

  it("leaves every other request to the SDK, which answers it as before", async () => {
    const who = await caller(["worklog:*"]);
    const throughSdk: Sent[] = [
      { message: call("no_such_tool", {}) },
      { message: call("search_worklog", {}), headers: { accept: "application/json" } },
      { message: call("search_worklog", {}), headers: { "content-type": "text/plain; a=application/json" } },
      { message: call("search_worklog", {}), headers: { "mcp-protocol-version": "1999-01-01" } },
      { message: call("search_worklog", "not an object") },
      { message: call("search_worklog", {}, { task: { ttl: 1000 } }) },
      { message: call("search_worklog", {}, { _meta: { "io.modelcontextprotocol/related-task": { taskId: "t" } } }) },
      { message: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
      { message: { jsonrpc: "2.0", method: "notifications/initialized" } },
      { message: { jsonrpc: "1.0", id: 1, method: "tools/call", params: { name: "search_worklog" } } },
      { message: { ...call("search_worklog", {}), id: null } },
    ];
    for (const sent of throughSdk) {
      const { direct, sdk, taken } = await bothPaths(who, sent);
      if (JSON.stringify(sent.message).includes("no_such_tool")) expect(taken).toBe(true);
      else expect(taken, JSON.stringify(sent)).toBe(false);
      expect(direct, JSON.stringify(sent)).toEqual(sdk);
    }
  });

  it("answers a client that left with a 499 nobody reads, as through the SDK", async () => {
    const who = await caller(["worklog:*"]);
    const gone = new AbortController();
    gone.abort();
    const left = new Request(request({ message: call("search_worklog", {}) }), { signal: gone.signal });
    expect((await answerMcpRequest(who, left, call("search_worklog", {}), { stream: false })).status).toBe(499);
    expect(
      (
        await answerThroughSdk(who, new Request(request({ message: call("search_worklog", {}) }), { signal: gone.signal }), call("search_worklog", {}), {
          stream: false,
        })
      ).status,
    ).toBe(499);
  });
});
