// Accounts of a test server: a new account with its key (for every API test), and what the
// security tests (tests/api/security-*.test.ts) share: their requests, and an account's data of every kind.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { json } from "./responses";
import type { TestServer } from "./server";

export const allScopes = ["user:*", "workspace:*", "project:*", "repo:*", "worklog:*"];
export const notFoundBody = { error: { message: "Could not find the requested resource", type: "not_found_error" } };
export const invalidValue = (pointer: string) => ({ errors: [{ title: "Invalid value", detail: "Invalid value", source: { pointer } }] });
export const sha = (seed: string) => seed.repeat(40).slice(0, 40);

export type AccountOptions = {
  /** The key's scopes: every scope unless given. */
  scopes?: string[];
  plan?: "free" | "pro";
  /** The account's settings (timezone, week_start…), set through PUT /api/v1/user with its key. */
  settings?: Record<string, string>;
};

/** A new account of `server` (each has its own rate-limit window) and a key of it. */
export async function newAccount(
  server: Pick<TestServer, "createUser" | "createKey" | "request">,
  { scopes = allScopes, plan, settings }: AccountOptions = {},
): Promise<{ email: string; password: string; key: string }> {
  const { email, password } = await server.createUser({ plan });
  const key = await server.createKey(email, scopes);
  if (settings) await json(server.request("/api/v1/user", { key, method: "PUT", body: settings }), 200);
  return { email, password, key };
}

/** The key of a new account (newAccount). */
export async function newKey(server: Pick<TestServer, "createUser" | "createKey" | "request">, options?: AccountOptions): Promise<string> {
  return (await newAccount(server, options)).key;
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Requests to the server `current()` returns: the test file's, once its beforeAll started it. */
export function accountRequests(current: () => TestServer) {
  /** `invalid`: sent wrong on purpose (server.ts, RequestOptions). */
  async function call(key: string, method: Method, pathname: string, body?: unknown, { invalid = false }: { invalid?: boolean } = {}) {
    const response = await current().request(pathname, { key, method, body, invalid });
    return { status: response.status, body: await response.json() };
  }

  async function created(key: string, pathname: string, body: unknown): Promise<{ id: string; [field: string]: unknown }> {
    const { status, body: resource } = await call(key, "POST", pathname, body);
    expect(status, JSON.stringify(resource)).toBe(201);
    return resource;
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
    // The tests read the account as it stays: its recap must not still be being written.
    for (let attempt = 0; ; attempt++) {
      const { body } = await call(key, "GET", `/api/v1/worklog/recaps/${recap.id}`);
      if (body.status !== "processing") break;
      if (attempt > 300) throw new Error("the recap did not finish");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const hook = await created(key, "/api/v1/incoming_hooks", { provider: "github", name: "Secret hook" });
    // Disabled, to a public address given as such (no name to resolve): nothing is ever sent to it.
    const webhook = await created(key, "/api/v1/webhooks", { endpoint_url: "https://93.184.215.14/secret", events: ["entry.created"], enabled: false });
    const schedule = await created(key, "/api/v1/recap_schedules", {
      template: "standup",
      period: "yesterday",
      weekdays: [1],
      time: "09:00",
      destination: { kind: "webhook", webhook_id: webhook.id },
      enabled: false,
    });
    const invitation = await created(key, "/api/v1/workspace/invitations", { email: `invited-${randomUUID()}@example.com`, role: "member" });
    const { body: user } = await call(key, "GET", "/api/v1/user");
    return {
      member: user.id as string,
      invitation: invitation.id as string,
      project: project.id,
      repository: repository.id,
      commit: commits.commits[0].id as string,
      entry: entry.id,
      recap: recap.id,
      hook: hook.id,
      webhook: webhook.id,
      schedule: schedule.id,
    };
  }

  return { call, created, seedAccount };
}
