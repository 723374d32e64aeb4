import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";

let server: TestServer;
let key: string;
const ids: Record<string, string> = {};

const fieldNames = [
  "name", "description", "identifier", "project_id", "local_path", "remote_url", "default_branch",
  "content", "recorded_at", "duration_seconds", "tags", "commit_ids", "commits", "email", "timezone",
  "from", "to", "project_ids", "exclude_tags", "pull_request_ids", "ids", "action",
];

/** Bodies that look like ours (known field names, random values) and bodies that are anything at all. */
const bodies = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
  fc.record({ commits: fc.array(fc.dictionary(fc.constantFrom("sha", "message", "committed_at", "author_name"), fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 }) }),
  fc.record({
    ids: fc.array(fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })), { maxLength: 3 }),
    action: fc.record({ type: fc.constantFrom("add_tag", "remove_tag", "move_to_project", "delete", "rename"), tag: fc.jsonValue({ maxDepth: 1 }), project_id: fc.jsonValue({ maxDepth: 1 }) }, { requiredKeys: ["type"] }),
  }),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 50 }),
);

const allowed = new Set([200, 201, 400, 404, 413, 422]);

beforeAll(async () => {
  // Thousands of requests from one account: the rate limit is not what is tested here.
  server = await sharedServer("unlimited");
  const { email } = await server.createUser();
  key = await server.createKey(email, ["user:*", "project:*", "repo:*", "worklog:*"]);
  const post = async (path: string, body: unknown) => (await (await server.request(path, { key, method: "POST", body })).json()).id as string;
  ids.project = await post("/api/v1/projects", { name: "Fuzzed" });
  ids.repository = await post("/api/v1/repositories", { name: "fuzzed" });
  ids.entry = await post("/api/v1/worklog/entries", { content: "fuzzed" });
});


/** Everything a write could have changed, read through the API. */
async function snapshot(): Promise<string> {
  const paths = [
    "/api/v1/user",
    "/api/v1/projects?limit=100",
    "/api/v1/repositories?limit=100",
    "/api/v1/worklog/entries?limit=100",
    `/api/v1/repositories/${ids.repository}/commits?limit=100`,
  ];
  const bodies = await Promise.all(paths.map(async (path) => (await server.request(path, { key })).text()));
  return bodies.join("\n");
}

const endpoints: [string, string][] = [
  ["POST", "/api/v1/projects"],
  ["PUT", "/api/v1/projects/{project}"],
  ["POST", "/api/v1/repositories"],
  ["POST", "/api/v1/projects/{project}/repositories"],
  ["PUT", "/api/v1/repositories/{repository}"],
  ["POST", "/api/v1/repositories/{repository}/commits"],
  ["POST", "/api/v1/worklog/entries"],
  ["PUT", "/api/v1/worklog/entries/{entry}"],
  ["POST", "/api/v1/worklog/entries/{entry}/commits"],
  ["PUT", "/api/v1/user"],
  ["POST", "/api/v1/worklog/recaps"],
  ["POST", "/api/v1/worklog/suggestions/dismiss"],
  ["POST", "/api/v1/worklog/entries/bulk"],
];

const resolve = (pattern: string) => pattern.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);

describe("random input to every create and update endpoint", () => {
  it.each(endpoints)("%s %s answers a contract status and changes nothing on a 4xx", async (method, path) => {
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const before = await snapshot();
        // Random bodies, mostly wrong on purpose; the answer is still checked against the document.
        const response = await server.request(resolve(path), { key, method, body, invalid: true });
        expect(allowed, `${response.status} for ${JSON.stringify(body)}`).toContain(response.status);
        if (response.status >= 400) expect(await snapshot()).toBe(before);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
    );
  });
});
