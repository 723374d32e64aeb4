// POST /api/v1/worklog/entries/bulk (docs/api.md, "Bulk changes"): one action on many entries,
// all of them or none.
import { beforeAll, describe, expect, it } from "vitest";
import { accountRequests, invalidValue, notFoundBody, newAccount } from "../support/accounts";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

const bulkPath = "/api/v1/worklog/entries/bulk";
const { call, created } = accountRequests(() => server);

type Entry = { id: string; tags: string[]; project_id: string | null; project: { name: string } | null; updated_at: string; [field: string]: unknown };

async function entries(key: string, count: number, fields: Record<string, unknown> = {}): Promise<Entry[]> {
  const made: Entry[] = [];
  for (let index = 0; index < count; index++)
    made.push((await created(key, "/api/v1/worklog/entries", { content: `work ${index}`, ...fields })) as unknown as Entry);
  return made;
}

/** The account's entries, as a full list answers them. */
const allEntries = async (key: string) => (await call(key, "GET", "/api/v1/worklog/entries?limit=100")).body.entries as Entry[];

describe("bulk changes of entries", () => {
  it("add and remove a tag, move to a project and back, and delete, answering the entries in the order of ids", async () => {
    const { key } = await newAccount(server);
    const project = await created(key, "/api/v1/projects", { name: "Website" });
    const [first, second, untouched] = await entries(key, 3, { tags: ["ops"] });
    const ids = [second!.id, first!.id];

    const tagged = await call(key, "POST", bulkPath, { ids, action: { type: "add_tag", tag: " Release " } });
    expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
    expect(tagged.body.entries.map((entry: Entry) => [entry.id, entry.tags])).toEqual([
      [second!.id, ["ops", "release"]],
      [first!.id, ["ops", "release"]],
    ]);
    // Adding it again writes nothing: the entries are answered as they are.
    const again = await call(key, "POST", bulkPath, { ids, action: { type: "add_tag", tag: "release" } });
    expect(again.body.entries).toEqual(tagged.body.entries);

    const untagged = await call(key, "POST", bulkPath, { ids: [first!.id], action: { type: "remove_tag", tag: "ops" } });
    expect(untagged.body.entries.map((entry: Entry) => entry.tags)).toEqual([["release"]]);

    const moved = await call(key, "POST", bulkPath, { ids, action: { type: "move_to_project", project_id: project.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.entries.map((entry: Entry) => [entry.project_id, entry.project?.name])).toEqual([
      [project.id, "Website"],
      [project.id, "Website"],
    ]);
    const unmoved = await call(key, "POST", bulkPath, { ids, action: { type: "move_to_project", project_id: null } });
    expect(unmoved.body.entries.map((entry: Entry) => entry.project)).toEqual([null, null]);

    const listed = await allEntries(key);
    const deleted = await call(key, "POST", bulkPath, { ids, action: { type: "delete" } });
    expect(deleted.status).toBe(200);
    // Deleted entries are answered as they were.
    expect(deleted.body.entries).toEqual(ids.map((id) => listed.find((entry) => entry.id === id)));
    expect((await allEntries(key)).map((entry) => entry.id)).toEqual([untouched!.id]);
    const tombstones = (await call(key, "GET", "/api/v1/deleted?type=entry")).body.deleted.map((item: { id: string }) => item.id);
    expect(tombstones.sort()).toEqual([...ids].sort());
  });

  it("changes nothing at all when an id is unknown or another account's: a 404", async () => {
    const { key } = await newAccount(server);
    const other = await newAccount(server);
    const mine = await entries(key, 2);
    const [theirs] = await entries(other.key, 1);
    const before = await allEntries(key);
    const theirsBefore = await allEntries(other.key);
    for (const action of [{ type: "add_tag", tag: "x" }, { type: "remove_tag", tag: "x" }, { type: "move_to_project", project_id: null }, { type: "delete" }]) {
      for (const stranger of [theirs!.id, "01900000-0000-7000-8000-0000000000aa"]) {
        const refused = await call(key, "POST", bulkPath, { ids: [...mine.map((entry) => entry.id), stranger], action });
        expect(refused.status, JSON.stringify(refused.body)).toBe(404);
        expect(refused.body).toEqual(notFoundBody);
      }
    }
    expect(await allEntries(key)).toEqual(before);
    expect(await allEntries(other.key)).toEqual(theirsBefore);
    expect((await call(key, "GET", "/api/v1/deleted")).body.deleted).toEqual([]);
  });

  it("refuses bad bodies with a 422 and changes nothing", async () => {
    const { key } = await newAccount(server);
    const other = await newAccount(server);
    const theirProject = await created(other.key, "/api/v1/projects", { name: "Theirs" });
    const [entry] = await entries(key, 1, { tags: Array.from({ length: 20 }, (_, index) => `t${index}`) });
    const id = entry!.id;
    const before = await allEntries(key);
    const tooMany = Array.from({ length: 501 }, (_, index) => `01900000-0000-7000-8000-${index.toString(16).padStart(12, "0")}`);
    const cases: [unknown, string][] = [
      [{ ids: [], action: { type: "delete" } }, "/ids"],
      [{ ids: tooMany, action: { type: "delete" } }, "/ids"],
      [{ ids: [id, id.toUpperCase()], action: { type: "delete" } }, "/ids"],
      [{ ids: ["not-a-uuid"], action: { type: "delete" } }, "/ids/0"],
      [{ ids: [id], action: { type: "rename" } }, "/action/type"],
      [{ ids: [id] }, "/action"],
      [{ ids: [id], action: { type: "add_tag", tag: "two words" } }, "/action/tag"],
      [{ ids: [id], action: { type: "add_tag" } }, "/action/tag"],
      [{ ids: [id], action: { type: "move_to_project" } }, "/action/project_id"],
    ];
    for (const [body, pointer] of cases) {
      const refused = await call(key, "POST", bulkPath, body, { invalid: true });
      expect(refused.status, JSON.stringify(body).slice(0, 200)).toBe(422);
      expect(refused.body.errors.map((error: { source: { pointer: string } }) => error.source.pointer)).toContain(pointer);
    }
    // Another account's project is no project of this one, as for an update of one entry.
    expect(await call(key, "POST", bulkPath, { ids: [id], action: { type: "move_to_project", project_id: theirProject.id } })).toEqual({
      status: 422,
      body: invalidValue("/project_id"),
    });
    // An entry with 20 tags takes no other.
    const full = await call(key, "POST", bulkPath, { ids: [id], action: { type: "add_tag", tag: "one-more" } });
    expect(full.status).toBe(422);
    expect(full.body.errors[0].source.pointer).toBe("/action/tag");
    expect(await allEntries(key)).toEqual(before);
  });

  it("takes 500 entries at once", async () => {
    const { key } = await newAccount(server);
    const document = {
      entries: Array.from({ length: 500 }, (_, index) => ({
        date: "2026-01-02",
        time: `0${index % 10}:00`,
        title: `e${index}`,
        body: "",
        tags: [],
        starred: false,
      })),
      tags: {},
    };
    expect((await call(key, "POST", "/api/v1/import?format=jrnl", document)).status).toBe(200);
    const ids: string[] = [];
    for (let after: string | undefined; ids.length < 500; ) {
      const page = (await call(key, "GET", `/api/v1/worklog/entries?limit=100${after ? `&starting_after=${after}` : ""}`)).body;
      ids.push(...page.entries.map((entry: Entry) => entry.id));
      after = page.meta.end_cursor;
    }
    const tagged = await call(key, "POST", bulkPath, { ids, action: { type: "add_tag", tag: "imported" } });
    expect(tagged.status).toBe(200);
    expect(tagged.body.entries.every((entry: Entry) => entry.tags.includes("imported"))).toBe(true);
    expect((await call(key, "GET", "/api/v1/worklog/entries?tags=imported&limit=1")).body.meta.total_count).toBe(500);
  });

  it("needs worklog:write", async () => {
    const { email, key } = await newAccount(server);
    const [entry] = await entries(key, 1);
    const reader = await server.createKey(email, ["worklog:read"]);
    const refused = await call(reader, "POST", bulkPath, { ids: [entry!.id], action: { type: "delete" } });
    expect(refused.status).toBe(403);
    expect(refused.body.details).toEqual({ required_scope: "worklog:write", granted_scopes: ["worklog:read"] });
    expect((await allEntries(key)).length).toBe(1);
  });
});
