// What the benchmarks' servers are given before they are measured: accounts, with a project and
// a key, through the API; and the write that row (d) of `npm run bench` measures.
import type { PrivateServer } from "../tests/support/server";
import { basicAuthorization, type LoadTarget } from "./wrk";

export const READ_WRITE_SCOPES = ["user:read", "project:*", "worklog:*"];

/** An account with a project and a key of `scopes`; its id and password, and the project's id. */
export async function createAccount(server: PrivateServer, email: string, scopes = READ_WRITE_SCOPES) {
  const { password } = await server.createUser({ email });
  const key = await server.createKey(email, scopes);
  const project = (await (await server.request("/api/v1/projects", { key, method: "POST", body: { name: "Bench" } })).json()) as { id: string };
  const user = (await (await server.request("/api/v1/user", { key })).json()) as { id: string };
  return { key, password, userId: user.id, projectId: project.id };
}

const entryBody = JSON.stringify({ content: "Measured the write path", tags: ["perf"], duration_seconds: 60 });

/** (d): POST /api/v1/worklog/entries, one small entry each, every answer a 201. */
export const entryCreateTarget = (server: PrivateServer, key: string): LoadTarget => ({
  url: `${server.url}/api/v1/worklog/entries`,
  method: "POST",
  headers: { authorization: basicAuthorization(key), "content-type": "application/json" },
  body: entryBody,
  expectedStatus: 201,
});
