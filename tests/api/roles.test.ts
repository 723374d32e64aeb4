// Every /api/v1 operation × every role of a workspace (docs/api.md, "Workspaces"): a role below
// the operation's `x-required-role` gets the contract's 403 naming that role, before its input is
// read; a role at or above it never gets that 403 (a handler may still refuse more, as removing
// someone else needs an admin where leaving needs nobody).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { OpenApiDocument } from "@/lib/openapi/types";
import { connectMcp } from "../support/mcp-client";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newTeam, roles, type Role, type Team } from "../support/team";

let server: TestServer;
let team: Team;
let document: OpenApiDocument;

const rank = (role: Role) => roles.indexOf(role);
const refusal = (role: string) => ({
  error: { message: `Your role in this workspace does not allow this. Required: ${role}.`, type: "authorization_error" },
  details: { required_role: role },
});

beforeAll(async () => {
  server = await sharedServer();
  [team, document] = await Promise.all([newTeam(server, "Roles matrix"), server.request("/api/v1/openapi.json").then((response) => response.json())]);
});

type Probe = { method: string; path: string; requiredRole: Role };

function probes(): Probe[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation && typeof operation === "object" && "x-scope" in operation)
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, requiredRole: (operation as { "x-required-role": Role })["x-required-role"] })),
  );
}

// Deleting the account is no probe: a role that may call it would delete the teammate.
const destructive = new Set(["DELETE /api/v1/user"]);

async function probe({ method, path }: Probe, role: Role): Promise<{ status: number; body: unknown }> {
  // The event stream of one recap (a missing one), not of every recap: a probe must not wait on a stream.
  const pathname = path.replaceAll(/\{\w+\}/g, () => randomUUID()) + (path.endsWith("/sse") ? `?recap_id=${randomUUID()}` : "");
  const abort = new AbortController();
  const response = await server.request(pathname, {
    key: team[role].key,
    method,
    body: method === "GET" || method === "DELETE" ? undefined : {},
    invalid: true,
    signal: abort.signal,
  });
  // An event stream or a download that was let through: its status is all the probe needs.
  const text = response.status === 403 ? await response.text() : "";
  abort.abort();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe("roles on every operation", () => {
  it("declares a role on every /api/v1 operation of the document, and says it in the description", () => {
    const all = probes();
    expect(all.length).toBeGreaterThan(60);
    for (const { method, path, requiredRole } of all) {
      expect(roles, `${method} ${path}`).toContain(requiredRole);
      const operation = document.paths[path]![method.toLowerCase() as "get"]!;
      expect(operation.description, `${method} ${path}`).toContain(`Requires the ${requiredRole} role or higher.`);
    }
    const byOperation = Object.fromEntries(all.map(({ method, path, requiredRole }) => [`${method} ${path}`, requiredRole]));
    expect(byOperation).toMatchObject({
      "GET /api/v1/worklog/entries": "viewer",
      "POST /api/v1/worklog/entries": "member",
      "DELETE /api/v1/projects/{id}": "admin",
      "PUT /api/v1/projects/{id}": "member",
      "DELETE /api/v1/repositories/{id}": "admin",
      "POST /api/v1/webhooks": "admin",
      "POST /api/v1/incoming_hooks": "admin",
      "POST /api/v1/recap_schedules": "admin",
      "PUT /api/v1/user": "viewer",
      "PUT /api/v1/workspace": "admin",
      "GET /api/v1/workspace/invitations": "admin",
    });
  });

  it("refuses a role below the declared one with the contract's 403, and lets every other role through", async () => {
    const cases = probes().flatMap((operation) => roles.map((role) => ({ operation, role })));
    const problems: string[] = [];
    const batchSize = 8;
    for (let start = 0; start < cases.length; start += batchSize) {
      await Promise.all(
        cases.slice(start, start + batchSize).map(async ({ operation, role }) => {
          const label = `${operation.method} ${operation.path} as ${role}`;
          const below = rank(role) < rank(operation.requiredRole);
          if (!below && destructive.has(`${operation.method} ${operation.path}`)) return;
          const { status, body } = await probe(operation, role);
          if (below) {
            if (status !== 403 || JSON.stringify(body) !== JSON.stringify(refusal(operation.requiredRole)))
              problems.push(`${label}: ${status} ${JSON.stringify(body)}`);
          } else if (status === 403 && JSON.stringify(body) === JSON.stringify(refusal(operation.requiredRole))) {
            problems.push(`${label}: refused ${JSON.stringify(body)}`);
          }
        }),
      );
    }
    expect(problems).toEqual([]);
  });
});

describe("roles on MCP tools", () => {
  it("refuses a tool whose operation needs a higher role, and runs it for a role that has it", async () => {
    const viewer = await connectMcp(server.url, { authorization: `Bearer ${team.viewer.key}` });
    const refused = await viewer.callTool({ name: "log_work", arguments: { content: "Not mine to write" } });
    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([{ type: "text", text: "Your role in this workspace does not allow this. Required: member." }]);
    const members = await viewer.callTool({ name: "list_members", arguments: {} });
    expect(members.isError).toBeFalsy();
    expect((members.structuredContent as { members: unknown[] }).members).toHaveLength(4);
    await viewer.close();

    const member = await connectMcp(server.url, { authorization: `Bearer ${team.member.key}` });
    const logged = await member.callTool({ name: "log_work", arguments: { content: "Mine to write" } });
    expect(logged.isError).toBeFalsy();
    await member.close();
  });
});
