import { beforeAll, describe, expect, it } from "vitest";
import type { Access } from "@/lib/access/context";
import { exportQuerySchema } from "@/lib/data/export-query";
import { exportResponse } from "@/lib/data/export";
import { getDb, type EntriesVisibleTo, type User, type WorkspaceRole } from "@/lib/db/client";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";
import { repositoryTotals } from "@/lib/repositories/repository-totals";
import { buildReport } from "@/lib/reports/report";
import { reportQuerySchema } from "@/lib/reports/schemas";
import { listDeletedAsJson } from "@/lib/sync/deleted";
import { bulkEditEntries, restoreEntries } from "@/lib/worklog/bulk";
import { createEntry, deleteEntry, getEntry, listEntries, restoreEntry, updateEntry } from "@/lib/worklog/entries";
import { listSuggestions } from "@/lib/worklog/suggestions";
import { accessIn, accessOf } from "../support/access";

// Who reads and writes a workspace's entries (lib/access/context.ts, readableEntries and
// writableEntries): with entries_visible_to = admins a member or viewer reads their own entries
// only, the owner and admins read all; only an entry's author changes it, whatever the setting.

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `visibility-${++accounts}@example.com` } });
const day = (date: string) => new Date(`${date}T12:00:00.000Z`);

/** An owner's workspace, set to `visibleTo`, with a member of `role` added (by hand until invitations exist). */
async function sharedWorkspace(visibleTo: EntriesVisibleTo, role: WorkspaceRole = "member") {
  const [owner, member] = [await newUser(), await newUser()];
  const ownerAccess = await accessOf(owner);
  const workspaceId = ownerAccess.workspace.id;
  await getDb().workspace.update({ where: { id: workspaceId }, data: { entriesVisibleTo: visibleTo } });
  await getDb().membership.create({ data: { workspaceId, userId: member.id, role } });
  return { owner, member, of: (user: User) => accessIn(user, workspaceId) };
}

const contents = async (access: Access, q?: string) => (await listEntries(access, { page: { limit: 25 }, q })).rows.map((row) => row.content).sort();

async function exportedContents(access: Access): Promise<string[]> {
  const document = JSON.parse(await exportResponse(access, exportQuerySchema.parse({ format: "json" })).text());
  return document.entries.map((entry: { content: string }) => entry.content).sort();
}

describe("a workspace that shows entries to admins only", () => {
  let owner: Access;
  let member: Access;
  let ownersEntry: string;
  let membersEntry: string;
  beforeAll(async () => {
    const workspace = await sharedWorkspace("admins");
    owner = await workspace.of(workspace.owner);
    member = await workspace.of(workspace.member);
    ownersEntry = (
      await createEntry(owner, { content: "Owner planned the launch", recorded_at: day("2026-11-02"), duration_seconds: 3600, tags: ["launch"] }, "api")
    ).id;
    membersEntry = (
      await createEntry(member, { content: "Member fixed the launch page", recorded_at: day("2026-11-03"), duration_seconds: 600, tags: ["launch"] }, "api")
    ).id;
  });

  it("lists and counts to a member their own entries only, and every entry to the owner", async () => {
    expect(await contents(member)).toEqual(["Member fixed the launch page"]);
    expect((await listEntries(member, { page: { limit: 25 } })).meta.total_count).toBe(1);
    expect(await contents(owner)).toEqual(["Member fixed the launch page", "Owner planned the launch"]);
    expect((await listEntries(owner, { page: { limit: 25 } })).meta.total_count).toBe(2);
    await expect(getEntry(member, ownersEntry)).rejects.toMatchObject({ kind: "not_found" });
    expect((await getEntry(owner, membersEntry)).content).toBe("Member fixed the launch page");
  });

  it("lists and counts to a member filtering by a tag their own tagged entries only (the tags' rows hold each entry's author)", async () => {
    const tagged = async (access: Access) => {
      const { rows, meta } = await listEntries(access, { page: { limit: 25 }, tags: ["launch"] });
      return { ids: rows.map((row) => row.id), total: meta.total_count };
    };
    expect(await tagged(member)).toEqual({ ids: [membersEntry], total: 1 });
    expect(await tagged(owner)).toEqual({ ids: [membersEntry, ownersEntry], total: 2 });
  });

  it("finds in a member's search their own entries only", async () => {
    expect(await contents(member, "launch")).toEqual(["Member fixed the launch page"]);
    expect(await contents(owner, "launch")).toEqual(["Member fixed the launch page", "Owner planned the launch"]);
  });

  it("adds up in a member's report their own time only", async () => {
    const query = reportQuerySchema.parse({ from: "2026-11-01", to: "2026-11-07", group_by: "day" });
    expect((await buildReport(member, query)).totals).toMatchObject({ trackedSeconds: 600, entries: 1 });
    expect((await buildReport(owner, query)).totals).toMatchObject({ trackedSeconds: 4200, entries: 2 });
  });

  it("exports to a member their own entries only", async () => {
    expect(await exportedContents(member)).toEqual(["Member fixed the launch page"]);
    expect(await exportedContents(owner)).toEqual(["Member fixed the launch page", "Owner planned the launch"]);
  });

  it("syncs to a member the entries and deletions of their own entries only", async () => {
    const since = new Date(Date.now() - 60_000);
    const changed = await listEntries(member, { page: { limit: 25 }, updated_since: since });
    expect(changed.rows.map((row) => row.id)).toEqual([membersEntry]);
    const gone = [await createEntry(owner, { content: "Owner's draft" }, "api"), await createEntry(member, { content: "Member's draft" }, "api")];
    await deleteEntry(owner, gone[0]!.id);
    await deleteEntry(member, gone[1]!.id);
    const deletedIds = async (access: Access) => (await listDeletedAsJson(access, { page: { limit: 25 }, type: "entry" })).rows.map((row) => row.id);
    expect(await deletedIds(member)).toEqual([gone[1]!.id]);
    expect((await deletedIds(owner)).sort()).toEqual(gone.map((entry) => entry.id).sort());
  });
});

describe("a workspace's commits, under entries shown to admins only", () => {
  let owner: Access;
  let member: Access;
  let repositoryId: string;
  let commitIds: string[];
  beforeAll(async () => {
    const workspace = await sharedWorkspace("admins");
    owner = await workspace.of(workspace.owner);
    member = await workspace.of(workspace.member);
    repositoryId = (await createRepository(owner, { name: "acme/launch" })).id;
    const commits = await recordCommits(owner, repositoryId, [
      { sha: "a".repeat(40), message: "Owner's commit", committed_at: day("2026-11-02") },
      { sha: "b".repeat(40), message: "Member's commit", committed_at: day("2026-11-02") },
      { sha: "c".repeat(40), message: "Nobody's commit", committed_at: day("2026-11-02") },
    ]);
    commitIds = commits.map((commit) => commit.id);
    await createEntry(owner, { content: "Owner logged a commit", recorded_at: day("2026-11-02"), commit_ids: [commitIds[0]!] }, "api");
    await createEntry(member, { content: "Member logged a commit", recorded_at: day("2026-11-02"), commit_ids: [commitIds[1]!] }, "api");
  });

  it("suggests to everyone only the commits no entry of the workspace cites, even one the member cannot read", async () => {
    const query = { from: { kind: "day", date: "2026-11-01" }, to: { kind: "day", date: "2026-11-07" } } as const;
    const suggested = async (access: Access) => (await listSuggestions(access, query)).flatMap((suggestion) => suggestion.commits.map((commit) => commit.id));
    expect(await suggested(member)).toEqual([commitIds[2]]);
    expect(await suggested(owner)).toEqual([commitIds[2]]);
  });

  it("counts on the repository's page the entries each reader may read", async () => {
    const since = day("2026-11-01");
    expect(await repositoryTotals(member, repositoryId, since)).toMatchObject({ commitCount: 3, entryCount: 1 });
    expect(await repositoryTotals(owner, repositoryId, since)).toMatchObject({ commitCount: 3, entryCount: 2 });
  });
});

describe("a cursor under entries shown to admins only", () => {
  it("names for a member only an entry, or an entry's tombstone, they may read", async () => {
    const workspace = await sharedWorkspace("admins");
    const [owner, member] = [await workspace.of(workspace.owner), await workspace.of(workspace.member)];
    const ownersEntry = await createEntry(owner, { content: "Owner's entry", recorded_at: day("2026-11-02") }, "api");
    const membersEntry = await createEntry(member, { content: "Member's entry", recorded_at: day("2026-11-03") }, "api");
    const after = (access: Access, id: string) => listEntries(access, { page: { limit: 25, startingAfter: id } });
    await expect(after(member, ownersEntry.id)).rejects.toMatchObject({ kind: "invalid_request" });
    expect((await after(owner, membersEntry.id)).rows.map((row) => row.id)).toEqual([ownersEntry.id]);
    expect((await after(member, membersEntry.id)).rows).toEqual([]);

    await deleteEntry(owner, ownersEntry.id);
    await deleteEntry(member, membersEntry.id);
    await expect(after(member, ownersEntry.id)).rejects.toMatchObject({ kind: "invalid_request" });
    expect((await after(owner, ownersEntry.id)).rows).toEqual([]);
    const deletedAfter = (access: Access, id: string) => listDeletedAsJson(access, { page: { limit: 25, startingAfter: id }, type: "entry" });
    await expect(deletedAfter(member, ownersEntry.id)).rejects.toMatchObject({ kind: "invalid_request" });
    expect((await deletedAfter(owner, membersEntry.id)).rows.map((row) => row.id)).toEqual([ownersEntry.id]);
  });
});

describe("an entry's author", () => {
  const notTheAuthor = { kind: "authorization", message: "Only its author can change this entry." };

  it("alone changes, deletes and puts back the entry: anyone else who reads it is refused with a 403", async () => {
    const workspace = await sharedWorkspace("members", "admin");
    const [owner, admin] = [await workspace.of(workspace.owner), await workspace.of(workspace.member)];
    const entry = await createEntry(owner, { content: "Owner's entry", recorded_at: day("2026-11-02") }, "api");
    const adminsEntry = await createEntry(admin, { content: "Admin's entry", recorded_at: day("2026-11-02") }, "api");
    expect((await getEntry(admin, entry.id)).content).toBe("Owner's entry");
    await expect(updateEntry(admin, entry.id, { content: "Changed by the admin" })).rejects.toMatchObject(notTheAuthor);
    await expect(deleteEntry(admin, entry.id)).rejects.toMatchObject(notTheAuthor);
    await expect(bulkEditEntries(admin, { ids: [adminsEntry.id, entry.id], action: { type: "add_tag", tag: "admin" } })).rejects.toMatchObject(notTheAuthor);
    await expect(bulkEditEntries(admin, { ids: [adminsEntry.id, entry.id], action: { type: "delete" } })).rejects.toMatchObject(notTheAuthor);
    expect(await getEntry(owner, entry.id)).toEqual(entry);
    expect((await getEntry(admin, adminsEntry.id)).tags).toEqual([]);

    await deleteEntry(owner, entry.id);
    const restore = { id: entry.id, content: entry.content, recorded_at: entry.recordedAt, tags: [], commit_ids: [], source: "api" as const };
    await expect(restoreEntry(admin, restore)).rejects.toMatchObject(notTheAuthor);
    await expect(restoreEntries(admin, [restore])).rejects.toMatchObject(notTheAuthor);
    const restored = await restoreEntry(owner, restore);
    expect(restored).toMatchObject({ id: entry.id, userId: workspace.owner.id });
  });

  it("is the only one who knows of an entry others may not read: a change of it is a 404", async () => {
    const workspace = await sharedWorkspace("admins");
    const [owner, member] = [await workspace.of(workspace.owner), await workspace.of(workspace.member)];
    const entry = await createEntry(owner, { content: "Owner's hidden entry", recorded_at: day("2026-11-02") }, "api");
    await expect(updateEntry(member, entry.id, { content: "Changed by the member" })).rejects.toMatchObject({ kind: "not_found" });
    await expect(deleteEntry(member, entry.id)).rejects.toMatchObject({ kind: "not_found" });
    await expect(bulkEditEntries(member, { ids: [entry.id], action: { type: "delete" } })).rejects.toMatchObject({ kind: "not_found" });
    await deleteEntry(owner, entry.id);
    const restore = { id: entry.id, content: entry.content, recorded_at: entry.recordedAt, tags: [], commit_ids: [], source: "api" as const };
    await expect(restoreEntry(member, restore)).rejects.toMatchObject({ kind: "not_found" });
    await expect(restoreEntries(member, [restore])).rejects.toMatchObject({ kind: "not_found" });
  });
});
