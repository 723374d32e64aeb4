import { beforeAll, describe, expect, it } from "vitest";
import type { Access } from "@/lib/access/context";
import { exportQuerySchema } from "@/lib/data/export-query";
import { exportResponse } from "@/lib/data/export";
import { getDb, type EntriesVisibleTo, type User, type WorkspaceRole } from "@/lib/db/client";
import { buildReport } from "@/lib/reports/report";
import { reportQuerySchema } from "@/lib/reports/schemas";
import { listDeletedAsJson } from "@/lib/sync/deleted";
import { bulkEditEntries } from "@/lib/worklog/bulk";
import { createEntry, deleteEntry, getEntry, listEntries, restoreEntry, updateEntry } from "@/lib/worklog/entries";
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
    ownersEntry = (await createEntry(owner, { content: "Owner planned the launch", recorded_at: day("2026-11-02"), duration_seconds: 3600 }, "api")).id;
    membersEntry = (await createEntry(member, { content: "Member fixed the launch page", recorded_at: day("2026-11-03"), duration_seconds: 600 }, "api")).id;
  });

  it("lists and counts to a member their own entries only, and every entry to the owner", async () => {
    expect(await contents(member)).toEqual(["Member fixed the launch page"]);
    expect((await listEntries(member, { page: { limit: 25 } })).meta.total_count).toBe(1);
    expect(await contents(owner)).toEqual(["Member fixed the launch page", "Owner planned the launch"]);
    expect((await listEntries(owner, { page: { limit: 25 } })).meta.total_count).toBe(2);
    await expect(getEntry(member, ownersEntry)).rejects.toMatchObject({ kind: "not_found" });
    expect((await getEntry(owner, membersEntry)).content).toBe("Member fixed the launch page");
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

describe("an entry's author", () => {
  it("alone changes, deletes and puts back the entry, even where every member reads it", async () => {
    const workspace = await sharedWorkspace("members", "admin");
    const [owner, admin] = [await workspace.of(workspace.owner), await workspace.of(workspace.member)];
    const entry = await createEntry(owner, { content: "Owner's entry", recorded_at: day("2026-11-02") }, "api");
    expect((await getEntry(admin, entry.id)).content).toBe("Owner's entry");
    await expect(updateEntry(admin, entry.id, { content: "Changed by the admin" })).rejects.toMatchObject({ kind: "not_found" });
    await expect(deleteEntry(admin, entry.id)).rejects.toMatchObject({ kind: "not_found" });
    await expect(bulkEditEntries(admin, { ids: [entry.id], action: { type: "add_tag", tag: "admin" } })).rejects.toMatchObject({ kind: "not_found" });
    await expect(bulkEditEntries(admin, { ids: [entry.id], action: { type: "delete" } })).rejects.toMatchObject({ kind: "not_found" });
    expect(await getEntry(owner, entry.id)).toEqual(entry);

    await deleteEntry(owner, entry.id);
    const restore = { id: entry.id, content: entry.content, recorded_at: entry.recordedAt, tags: [], commit_ids: [], source: "api" as const };
    await expect(restoreEntry(admin, restore)).rejects.toMatchObject({ kind: "not_found" });
    const restored = await restoreEntry(owner, restore);
    expect(restored).toMatchObject({ id: entry.id, userId: workspace.owner.id });
  });
});
