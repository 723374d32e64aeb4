import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newKey } from "../support/accounts";

// Incremental sync (docs/api.md, "Incremental sync"): `updated_since` on the lists and
// GET /api/v1/deleted, and the promise that replaying both keeps a local copy exact.

let server: TestServer;

beforeAll(async () => {
  // The random histories below send hundreds of requests from one account.
  server = await sharedServer("unlimited");
});

type Item = { id: string; url: string; updated_at: string } & Record<string, unknown>;
type Meta = { result_count: number; total_count: number; start_cursor: string | null; end_cursor: string | null; has_more: boolean };
type Tombstone = { type: "entry" | "project" | "repository"; id: string; deleted_at: string };

const syncedScopes = ["worklog:*", "project:*", "repo:*"];

async function call<T>(
  key: string,
  method: string,
  path: string,
  body?: unknown,
  status = method === "POST" ? 201 : 200,
  { invalid = false } = {},
): Promise<T> {
  const response = await server.request(path, { key, method, body, invalid });
  const answer = await response.json();
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(status);
  return answer as T;
}

/** Every item of a list, page by page (`limit` per page), and the total each page announced. */
async function everyPage<T>(key: string, path: string, listKey: string, limit = 100): Promise<{ items: T[]; totals: number[] }> {
  const items: T[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  for (;;) {
    const separator = path.includes("?") ? "&" : "?";
    const page: Record<string, unknown> & { meta: Meta } = await call(
      key,
      "GET",
      `${path}${separator}limit=${limit}${cursor ? `&starting_after=${cursor}` : ""}`,
    );
    items.push(...(page[listKey] as T[]));
    totals.push(page.meta.total_count);
    if (!page.meta.has_more) return { items, totals };
    cursor = page.meta.end_cursor;
  }
}

/** The server's overlap: a sync since T reads the changes from T less 60 seconds. */
const OVERLAP_MS = 60_000;
/** The `updated_since` that reads exactly the changes at or after `instant`. */
const sinceFor = (instant: string) => new Date(Date.parse(instant) + OVERLAP_MS).toISOString();

const lists = [
  { path: "/api/v1/worklog/entries", key: "entries" },
  { path: "/api/v1/projects", key: "projects" },
  { path: "/api/v1/repositories", key: "repositories" },
] as const;

describe("updated_since", () => {
  it("lists the changed entries, projects and repositories in the lists' order, with filters, pagination and their total", async () => {
    const key = await newKey(server, { scopes: syncedScopes });
    const [alpha, beta] = [
      await call<Item>(key, "POST", "/api/v1/projects", { name: "Alpha" }),
      await call<Item>(key, "POST", "/api/v1/projects", { name: "Beta" }),
    ];
    const repositories = [];
    for (const [index, project] of [alpha, beta, alpha, null].entries()) {
      repositories.push(await call<Item>(key, "POST", "/api/v1/repositories", { name: `repo-${index}`, project_id: project?.id ?? null }));
    }
    const entries = [];
    for (let day = 1; day <= 8; day++) {
      entries.push(
        await call<Item>(key, "POST", "/api/v1/worklog/entries", {
          content: `day ${day}`,
          recorded_at: `2026-11-${String(day).padStart(2, "0")}T09:00:00Z`,
          tags: day % 2 === 0 ? ["even"] : ["odd"],
          project_id: day <= 4 ? alpha.id : null,
        }),
      );
    }
    // The changes: three entries edited, one project renamed (its entries change with it), one repository moved.
    const changed = [
      await call<Item>(key, "PUT", entries[5]!.url, { content: "day 6, edited" }),
      await call<Item>(key, "PUT", entries[6]!.url, { tags: ["even"] }),
      await call<Item>(key, "PUT", entries[7]!.url, { duration_seconds: 60 }),
      await call<Item>(key, "PUT", beta.url, { name: "Beta site" }),
      await call<Item>(key, "PUT", repositories[3]!.url, { project_id: beta.id }),
    ];
    const cutoff = changed.map((item) => item.updated_at).sort()[0]!;
    const since = sinceFor(cutoff);

    for (const list of lists) {
      const full = (await everyPage<Item>(key, list.path, list.key)).items;
      const expected = full.filter((item) => item.updated_at >= cutoff);
      expect(expected.length).toBeLessThan(full.length);
      const { items, totals } = await everyPage<Item>(key, `${list.path}?updated_since=${encodeURIComponent(since)}`, list.key, 2);
      expect(items).toEqual(expected);
      expect(new Set(totals)).toEqual(new Set([expected.length]));
    }
    expect((await everyPage<Item>(key, `/api/v1/worklog/entries?updated_since=${since}`, "entries")).items.map((entry) => entry.content)).toEqual([
      "day 8",
      "day 7",
      "day 6, edited",
    ]);

    const evenChanged = await everyPage<Item>(key, `/api/v1/worklog/entries?tags=even&updated_since=${since}`, "entries", 1);
    expect(evenChanged.items.map((entry) => entry.content)).toEqual(["day 8", "day 7", "day 6, edited"]);
    expect(evenChanged.totals).toEqual([3, 3, 3]);
    const betaRepositories = await everyPage<Item>(key, `/api/v1/repositories?project_id=${beta.id}&updated_since=${since}`, "repositories");
    expect(betaRepositories.items.map((repository) => repository.name)).toEqual(["repo-3"]);
    // A time in the future, less the overlap, still after every change: nothing.
    const later = new Date(Date.now() + 2 * OVERLAP_MS).toISOString();
    for (const list of lists) expect((await everyPage<Item>(key, `${list.path}?updated_since=${later}`, list.key)).items).toEqual([]);
  });

  it("is a 400 when it is not an RFC 3339 timestamp, on every list", async () => {
    const key = await newKey(server, { scopes: syncedScopes });
    for (const list of lists) {
      for (const value of ["2026-11-20", "yesterday", "2026-11-20T25:00:00Z"]) {
        expect(await call(key, "GET", `${list.path}?updated_since=${value}`, undefined, 400, { invalid: true })).toEqual({
          error: { message: "updated_since must be an RFC 3339 timestamp", type: "invalid_request_error" },
        });
      }
    }
  });
});

describe("GET /api/v1/deleted", () => {
  it("lists the account's deletions of entries, projects and repositories, newest first, by type and since, page by page", async () => {
    const key = await newKey(server, { scopes: syncedScopes });
    const otherKey = await newKey(server, { scopes: syncedScopes });
    const project = await call<Item>(key, "POST", "/api/v1/projects", { name: "Gone" });
    const repository = await call<Item>(key, "POST", "/api/v1/repositories", { name: "gone" });
    await call(key, "POST", `${repository.url}/commits`, { commits: [{ sha: "c".repeat(40), message: "m", committed_at: "2026-11-01T00:00:00Z" }] });
    const entries = [];
    for (let index = 0; index < 3; index++) entries.push(await call<Item>(key, "POST", "/api/v1/worklog/entries", { content: `entry ${index}` }));
    const deletions = [entries[0]!, project, entries[1]!, repository, entries[2]!];
    for (const item of deletions) await call(key, "DELETE", item.url);
    const otherEntry = await call<Item>(otherKey, "POST", "/api/v1/worklog/entries", { content: "theirs" });
    await call(otherKey, "DELETE", otherEntry.url);

    const all = await everyPage<Tombstone>(key, "/api/v1/deleted", "deleted", 2);
    expect(all.items).toHaveLength(5);
    expect(all.totals).toEqual([5, 5, 5]);
    // Newest first: the deletions in reverse, the repository's commit not listed.
    expect(all.items.map(({ type, id }) => ({ type, id }))).toEqual(
      deletions
        .reverse()
        .map((item) => ({ type: item.url.includes("/entries/") ? "entry" : item.url.includes("/projects/") ? "project" : "repository", id: item.id })),
    );
    const times = all.items.map((tombstone) => tombstone.deleted_at);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await everyPage<Tombstone>(key, "/api/v1/deleted?type=entry", "deleted")).items.map((tombstone) => tombstone.id)).toEqual([
      entries[2]!.id,
      entries[1]!.id,
      entries[0]!.id,
    ]);
    expect((await everyPage<Tombstone>(key, "/api/v1/deleted?type=project", "deleted")).items).toEqual([expect.objectContaining({ id: project.id })]);

    const sinceSecond = sinceFor(all.items[1]!.deleted_at);
    const recent = await everyPage<Tombstone>(key, `/api/v1/deleted?since=${encodeURIComponent(sinceSecond)}`, "deleted");
    expect(recent.items).toEqual(all.items.filter((tombstone) => tombstone.deleted_at >= all.items[1]!.deleted_at));
    expect(recent.totals).toEqual([recent.items.length]);

    // A page backwards from the last tombstone, and another account's tombstone as a cursor.
    const before = await call<{ deleted: Tombstone[] }>(key, "GET", `/api/v1/deleted?limit=2&ending_before=${all.items[4]!.id}`);
    expect(before.deleted).toEqual(all.items.slice(2, 4));
    expect(await call(key, "GET", `/api/v1/deleted?starting_after=${otherEntry.id}`, undefined, 400)).toEqual({
      error: { message: "starting_after names no item of this list: it is not the id of a deletion of this account", type: "invalid_request_error" },
    });
    expect((await everyPage<Tombstone>(otherKey, "/api/v1/deleted", "deleted")).items).toEqual([expect.objectContaining({ id: otherEntry.id, type: "entry" })]);
  });

  it("refuses a bad since or type with a 400, a since older than 30 days with a 410, and kinds the key cannot read with a 403", async () => {
    const key = await newKey(server, { scopes: syncedScopes });
    const badRequest = (message: string) => ({ error: { message, type: "invalid_request_error" } });
    expect(await call(key, "GET", "/api/v1/deleted?since=last-week", undefined, 400, { invalid: true })).toEqual(
      badRequest("since must be an RFC 3339 timestamp"),
    );
    expect(await call(key, "GET", "/api/v1/deleted?type=commit", undefined, 400, { invalid: true })).toEqual(
      badRequest("type must be one of entry, project, repository"),
    );
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    expect(await call(key, "GET", `/api/v1/deleted?since=${old}`, undefined, 410)).toEqual(
      badRequest("since is more than 30 days ago, longer than deletions are kept: read the full lists again instead of the changes"),
    );
    const recent = new Date(Date.now() - 29 * 24 * 3600 * 1000).toISOString();
    expect(await call(key, "GET", `/api/v1/deleted?since=${recent}`)).toMatchObject({ deleted: [], meta: { total_count: 0 } });

    const worklogOnly = await newKey(server, { scopes: ["worklog:read"] });
    expect(await call(worklogOnly, "GET", "/api/v1/deleted?type=entry")).toMatchObject({ deleted: [] });
    expect(await call(worklogOnly, "GET", "/api/v1/deleted", undefined, 403)).toMatchObject({ details: { required_scope: "project:read" } });
    expect(await call(worklogOnly, "GET", "/api/v1/deleted?type=repository", undefined, 403)).toMatchObject({ details: { required_scope: "repo:read" } });
  });
});

/** The account as a local copy keeps it: its entries, projects and repositories by id. */
type Copy = Record<(typeof lists)[number]["key"], Map<string, Item>>;
const listOfType = { entry: "entries", project: "projects", repository: "repositories" } as const;

/**
 * One sync as README.md's recipe does it: the deletions since the last sync, then the lists'
 * changes; the new sync time is the `date` of its first response, truncated to the second.
 */
async function sync(key: string, copy: Copy, last: string | undefined): Promise<string> {
  const first = await server.request(`/api/v1/deleted?limit=100${last ? `&since=${last}` : ""}`, { key });
  const date = new Date(first.headers.get("date")!).toISOString();
  const firstPage = await first.json();
  let tombstones: Tombstone[] = firstPage.deleted;
  if (firstPage.meta.has_more) tombstones = (await everyPage<Tombstone>(key, `/api/v1/deleted${last ? `?since=${last}` : ""}`, "deleted")).items;
  for (const list of lists) {
    const { items } = await everyPage<Item>(key, `${list.path}${last ? `?updated_since=${last}` : ""}`, list.key);
    if (!last) copy[list.key].clear();
    for (const tombstone of tombstones) if (listOfType[tombstone.type] === list.key) copy[list.key].delete(tombstone.id);
    for (const item of items) copy[list.key].set(item.id, item);
  }
  return date;
}

const sortedById = (items: Iterable<Item>) => [...items].sort((a, b) => (a.id < b.id ? -1 : 1));

const operation = fc.oneof(
  fc.record({ op: fc.constant("project" as const), name: fc.constantFrom("Alpha", "Beta", "Gamma site") }),
  fc.record({ op: fc.constant("renameProject" as const), pick: fc.nat(), name: fc.constantFrom("Renamed", "Other name") }),
  fc.record({ op: fc.constant("deleteProject" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("repository" as const), pick: fc.nat(), withProject: fc.boolean() }),
  fc.record({ op: fc.constant("moveRepository" as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant("deleteRepository" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("entry" as const), pick: fc.nat(), withProject: fc.boolean() }),
  fc.record({ op: fc.constant("editEntry" as const), pick: fc.nat(), content: fc.string({ minLength: 1, maxLength: 20 }) }),
  fc.record({ op: fc.constant("deleteEntry" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("attach" as const), pick: fc.nat(), repository: fc.nat() }),
  fc.record({
    op: fc.constant("bulk" as const),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    action: fc.constantFrom("add_tag", "remove_tag", "move_to_project", "delete"),
    to: fc.nat(),
  }),
  fc.record({ op: fc.constant("sync" as const) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

describe("a local copy kept by updated_since and the deletions", () => {
  it("equals the account's full lists after any history of writes and syncs", async () => {
    const key = await newKey(server, { scopes: syncedScopes });
    let commits = 0;
    let repositoryNames = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (operations: Operation[]) => {
        const copy: Copy = { entries: new Map(), projects: new Map(), repositories: new Map() };
        let last = await sync(key, copy, undefined);
        const live = { entries: [...copy.entries.values()], projects: [...copy.projects.values()], repositories: [...copy.repositories.values()] };
        const pick = <T>(items: T[], index: number) => (items.length === 0 ? undefined : items[index % items.length]);
        const remove = (items: Item[], item: Item) => items.splice(items.indexOf(item), 1);
        for (const step of operations) {
          switch (step.op) {
            case "project":
              live.projects.push(await call<Item>(key, "POST", "/api/v1/projects", { name: step.name }));
              break;
            case "renameProject": {
              const project = pick(live.projects, step.pick);
              if (project) await call(key, "PUT", project.url, { name: step.name });
              break;
            }
            case "deleteProject": {
              const project = pick(live.projects, step.pick);
              if (!project) break;
              await call(key, "DELETE", project.url);
              remove(live.projects, project);
              break;
            }
            case "repository": {
              const project = step.withProject ? pick(live.projects, step.pick) : undefined;
              live.repositories.push(
                await call<Item>(key, "POST", "/api/v1/repositories", { name: `sync-${++repositoryNames}`, project_id: project?.id ?? null }),
              );
              break;
            }
            case "moveRepository": {
              const repository = pick(live.repositories, step.pick);
              if (repository) await call(key, "PUT", repository.url, { project_id: pick(live.projects, step.to)?.id ?? null });
              break;
            }
            case "deleteRepository": {
              const repository = pick(live.repositories, step.pick);
              if (!repository) break;
              await call(key, "DELETE", repository.url);
              remove(live.repositories, repository);
              break;
            }
            case "entry": {
              const project = step.withProject ? pick(live.projects, step.pick) : undefined;
              live.entries.push(await call<Item>(key, "POST", "/api/v1/worklog/entries", { content: "work", project_id: project?.id ?? null }));
              break;
            }
            case "editEntry": {
              const entry = pick(live.entries, step.pick);
              if (entry) await call(key, "PUT", entry.url, { content: step.content });
              break;
            }
            case "deleteEntry": {
              const entry = pick(live.entries, step.pick);
              if (!entry) break;
              await call(key, "DELETE", entry.url);
              remove(live.entries, entry);
              break;
            }
            case "attach": {
              const entry = pick(live.entries, step.pick);
              const repository = pick(live.repositories, step.repository);
              if (!entry || !repository) break;
              const sha = (++commits).toString(16).padStart(40, "0");
              const recorded = await call<{ commits: Item[] }>(key, "POST", `${repository.url}/commits`, {
                commits: [{ sha, message: "m", committed_at: "2026-11-01T00:00:00Z" }],
              });
              await call(key, "POST", `${entry.url}/commits`, { commit_ids: [recorded.commits[0]!.id] }, 200);
              break;
            }
            case "bulk": {
              const chosen = [...new Set(step.picks.map((index) => pick(live.entries, index)))].filter((entry) => entry !== undefined);
              if (chosen.length === 0) break;
              const action =
                step.action === "move_to_project"
                  ? { type: step.action, project_id: pick(live.projects, step.to)?.id ?? null }
                  : step.action === "delete"
                    ? { type: step.action }
                    : { type: step.action, tag: "bulk" };
              await call(key, "POST", "/api/v1/worklog/entries/bulk", { ids: chosen.map((entry) => entry.id), action }, 200);
              if (step.action === "delete") for (const entry of chosen) remove(live.entries, entry);
              break;
            }
            case "sync":
              last = await sync(key, copy, last);
              break;
          }
        }
        await sync(key, copy, last);
        for (const list of lists) {
          expect(sortedById(copy[list.key].values())).toEqual(sortedById((await everyPage<Item>(key, list.path, list.key)).items));
        }
      }),
      { numRuns: 15 },
    );
  });
});
