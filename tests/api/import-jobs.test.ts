import { beforeAll, describe, expect, it } from "vitest";
import { newKey } from "../support/accounts";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";

// A large import runs as a job (docs/api.md, "Export and import"): 202 with the import, which
// GET /api/v1/import/{id} shows until it has succeeded or failed.

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

type ImportResource = {
  id: string;
  status: string;
  processed: number;
  total: number;
  result: { created: Record<string, number>; skipped: Record<string, number> } | null;
  error: string | null;
};

const post = (key: string, body: unknown, query = "", headers: Record<string, string> = {}) =>
  server.request(`/api/v1/import${query}`, { key, method: "POST", body, headers });

async function settled(key: string, id: string): Promise<ImportResource> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await server.request(`/api/v1/import/${id}`, { key });
    expect(response.status).toBe(200);
    const resource = (await response.json()) as ImportResource;
    if (resource.status === "succeeded" || resource.status === "failed") return resource;
    expect(resource.processed).toBeLessThanOrEqual(resource.total);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

const jrnlEntries = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    date: "2026-11-20",
    time: `${String(index % 24).padStart(2, "0")}:00`,
    title: `Entry ${index}`,
    body: "",
    tags: ["@bulk"],
  }));

async function entryCount(key: string, query = ""): Promise<number> {
  const response = await server.request(`/api/v1/worklog/entries${query}`, { key });
  return (await response.json()).meta.total_count;
}

/** The entries a filter matches, counted page by page: a filtered total stops at 1 000 (docs/api.md, "Pagination"). */
async function matchingEntryCount(key: string, filter: string): Promise<number> {
  let count = 0;
  for (let after = ""; ; ) {
    const page = await (await server.request(`/api/v1/worklog/entries?${filter}&limit=100${after}`, { key })).json();
    count += page.meta.result_count;
    if (!page.meta.has_more) return count;
    after = `&starting_after=${page.meta.end_cursor}`;
  }
}

describe("large imports as jobs", () => {
  it("answers a jrnl document of 6 000 entries with 202 and the import, which runs to its end; importing again creates nothing", async () => {
    const key = await newKey(server);
    const document = { entries: jrnlEntries(6_000) };
    const response = await post(key, document, "?format=jrnl");
    expect(response.status).toBe(202);
    const accepted = (await response.json()) as ImportResource;
    expect(accepted).toMatchObject({ status: expect.stringMatching(/^(queued|running|succeeded)$/), total: 6_000, error: null });
    expect(response.headers.get("location")).toBe(`/api/v1/import/${accepted.id}`);

    const done = await settled(key, accepted.id);
    expect(done).toEqual({
      id: accepted.id,
      status: "succeeded",
      processed: 6_000,
      total: 6_000,
      result: { created: { projects: 0, repositories: 0, commits: 0, entries: 6_000 }, skipped: { projects: 0, repositories: 0, commits: 0, entries: 0 } },
      error: null,
    });
    expect(await entryCount(key)).toBe(6_000);

    const again = (await (await post(key, document, "?format=jrnl")).json()) as ImportResource;
    expect((await settled(key, again.id)).result).toEqual({
      created: { projects: 0, repositories: 0, commits: 0, entries: 0 },
      skipped: { projects: 0, repositories: 0, commits: 0, entries: 6_000 },
    });
    expect(await entryCount(key)).toBe(6_000);
  });

  it("imports a large Worklog export with its references kept across batches", async () => {
    const key = await newKey(server);
    const projectId = crypto.randomUUID();
    const repositoryId = crypto.randomUUID();
    const commits = ["a", "b"].map((seed, index) => ({
      id: crypto.randomUUID(),
      repository_id: repositoryId,
      sha: seed.repeat(40),
      message: `Commit ${index}`,
      committed_at: "2026-11-20T10:00:00.000Z",
    }));
    const entries = Array.from({ length: 5_500 }, (_, index) => ({
      id: crypto.randomUUID(),
      content: `Work ${index}`,
      recorded_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      project_id: index % 2 === 0 ? projectId : null,
      commit_ids: index === 0 || index === 5_499 ? commits.map((commit) => commit.id) : [],
    }));
    const document = {
      format: "worklog-export",
      version: 1,
      projects: [{ id: projectId, name: "Bulk", identifier: "BLK" }],
      repositories: [{ id: repositoryId, name: "bulk", project_id: projectId }],
      commits,
      entries,
    };
    const response = await post(key, document);
    expect(response.status).toBe(202);
    const done = await settled(key, ((await response.json()) as ImportResource).id);
    expect(done).toMatchObject({ status: "succeeded", processed: 5_504, total: 5_504 });
    expect(done.result?.created).toEqual({ projects: 1, repositories: 1, commits: 2, entries: 5_500 });

    const projects = await (await server.request("/api/v1/projects", { key })).json();
    expect(await matchingEntryCount(key, `project_id=${projects.projects[0].id}`)).toBe(2_750);
    const repositories = await (await server.request("/api/v1/repositories", { key })).json();
    expect(repositories.repositories[0].project_id).toBe(projects.projects[0].id);
    for (const content of ["Work 0", "Work 5499"]) {
      const found = await (await server.request(`/api/v1/worklog/entries?q=${encodeURIComponent(`"${content}"`)}`, { key })).json();
      expect(found.entries.find((entry: { content: string }) => entry.content === content).commit_ids).toHaveLength(2);
    }
  });

  it("shows an import to its own account only, and replays the 202 of an Idempotency-Key with the same import", async () => {
    const key = await newKey(server);
    const document = { entries: jrnlEntries(5_001) };
    const first = await post(key, document, "?format=jrnl", { "idempotency-key": "bulk-1" });
    expect(first.status).toBe(202);
    const { id } = (await first.json()) as ImportResource;
    const replayed = await post(key, document, "?format=jrnl", { "idempotency-key": "bulk-1" });
    expect(replayed.status).toBe(202);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(((await replayed.json()) as ImportResource).id).toBe(id);

    const stranger = await newKey(server);
    expect((await server.request(`/api/v1/import/${id}`, { key: stranger })).status).toBe(404);
    expect((await server.request(`/api/v1/import/${crypto.randomUUID()}`, { key })).status).toBe(404);
    expect((await settled(key, id)).result?.created.entries).toBe(5_001);
    expect(await entryCount(key)).toBe(5_001);
  });
});
