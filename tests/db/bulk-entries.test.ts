import { describe, expect, it } from "vitest";
import { accessOf, personalRow } from "../support/access";
import { entrySnapshot } from "../support/entry-snapshot";
import { personalWorkspaceId } from "@/lib/access/memberships";
import { accountTotal } from "@/lib/db/account-counters";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createProject, deleteProject } from "@/lib/projects/projects";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";
import { bulkEditEntries, restoreEntries } from "@/lib/worklog/bulk";
import { attachCommits, createEntry, getEntry } from "@/lib/worklog/entries";

// Bulk changes of entries and their Undo (lib/worklog/bulk.ts), on both databases.

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `bulk-${++accounts}@example.com` } });

async function account() {
  const user = await newUser();
  const project = await createProject(await accessOf(user), { name: "Alpha", identifier: "AL" });
  const repository = await createRepository(await accessOf(user), { name: "api" });
  const [commit] = await recordCommits(await accessOf(user), repository.id, [
    { sha: "a".repeat(40), message: "first", committed_at: new Date("2026-11-01T10:00:00Z") },
  ]);
  const entries = [];
  for (const [index, tags] of [["perf"], ["ops", "perf"], []].entries()) {
    entries.push(
      await createEntry(
        await accessOf(user),
        {
          content: `Work ${index}`,
          recorded_at: new Date(`2026-11-1${index}T09:00:00Z`),
          duration_seconds: 600,
          tags,
          project_id: index === 0 ? project.id : null,
        },
        "api",
      ),
    );
  }
  await attachCommits(await accessOf(user), entries[0]!.id, { commit_ids: [commit!.id] });
  const access = await accessOf(user);
  return { user, project, commit: commit!, entries: await Promise.all(entries.map((entry) => getEntry(access, entry.id))) };
}

const changeSeq = async (userId: string) =>
  (await getDb().accountCounters.findUniqueOrThrow({ where: { workspaceId: await personalWorkspaceId(userId) } })).changeSeq;

describe("bulk changes", () => {
  it("add a tag only where it lacks, and Undo gives back each entry's own tags", async () => {
    const { user, entries } = await account();
    const ids = entries.map((entry) => entry.id);
    const { entries: changed, before } = await bulkEditEntries(await accessOf(user), { ids, action: { type: "add_tag", tag: "perf" } });
    expect(changed.map((entry) => entry.tags)).toEqual([["perf"], ["ops", "perf"], ["perf"]]);
    // Untouched entries keep their updated_at: only the third was written.
    expect(changed.map((entry, index) => entry.updatedAt.getTime() === entries[index]!.updatedAt.getTime())).toEqual([true, true, false]);
    expect(before).toEqual(entries);

    const restored = await restoreEntries(await accessOf(user), before.map(entrySnapshot));
    expect(restored.map((entry) => entry.tags)).toEqual([["perf"], ["ops", "perf"], []]);
  });

  it("write one webhook event per entry changed, none for an entry left as it was", async () => {
    const { user, entries } = await account();
    await getDb().webhookEndpoint.create({
      data: { ...(await personalRow(user)), url: "https://93.184.215.14/hook", events: ["entry.*"], secret: "whsec_dGVzdA==", updatedAt: new Date() },
    });
    const ids = entries.map((entry) => entry.id);
    await bulkEditEntries(await accessOf(user), { ids, action: { type: "remove_tag", tag: "perf" } });
    await bulkEditEntries(await accessOf(user), { ids: ids.slice(1), action: { type: "delete" } });
    const events = await getDb().webhookEvent.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((event) => [event.type, event.resourceId])).toEqual([
      ["entry.updated", ids[0]],
      ["entry.updated", ids[1]],
      ["entry.deleted", ids[1]],
      ["entry.deleted", ids[2]],
    ]);
  });

  it("move to a project and back with Undo, each to its own", async () => {
    const { user, project, entries } = await account();
    const ids = entries.map((entry) => entry.id);
    const other = await createProject(await accessOf(user), { name: "Beta", identifier: "BE" });
    const { entries: moved, before } = await bulkEditEntries(await accessOf(user), { ids, action: { type: "move_to_project", project_id: other.id } });
    expect(moved.map((entry) => entry.project?.name)).toEqual(["Beta", "Beta", "Beta"]);
    const restored = await restoreEntries(await accessOf(user), before.map(entrySnapshot));
    expect(restored.map((entry) => entry.projectId)).toEqual([project.id, null, null]);
  });

  it("delete all, counted and tombstoned, and Undo puts them back under their ids with their commits", async () => {
    const { user, commit, entries } = await account();
    const ids = entries.map((entry) => entry.id);
    const sequence = await changeSeq(user.id);
    const { entries: deleted, before } = await bulkEditEntries(await accessOf(user), { ids, action: { type: "delete" } });
    expect(deleted).toEqual(entries);
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(0);
    expect(await changeSeq(user.id)).toBeGreaterThan(sequence);
    expect((await getDb().deletedItem.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } })).map((item) => item.id)).toEqual([...ids].sort());

    const restored = await restoreEntries(await accessOf(user), before.map(entrySnapshot));
    expect(restored.map((entry) => [entry.id, entry.content, entry.tags, entry.projectId, entry.commits])).toEqual(
      entries.map((entry) => [entry.id, entry.content, entry.tags, entry.projectId, entry.commits]),
    );
    expect(restored[0]!.commits).toEqual([{ commitId: commit.id }]);
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(3);
    expect(await getDb().deletedItem.count({ where: { userId: user.id } })).toBe(0);
    // Undo again finds them back: it gives their tags and project back, nothing more.
    expect((await restoreEntries(await accessOf(user), before.map(entrySnapshot))).map((entry) => entry.id)).toEqual(ids);
  });

  it("change nothing when one id is another account's, and Undo refuses what it cannot put back", async () => {
    const { user, project, entries } = await account();
    const stranger = await account();
    const ids = [...entries.map((entry) => entry.id), stranger.entries[0]!.id];
    for (const action of [{ type: "delete" } as const, { type: "add_tag", tag: "x" } as const]) {
      await expect(bulkEditEntries(await accessOf(user), { ids, action })).rejects.toMatchObject({ kind: "not_found" });
    }
    const access = await accessOf(user);
    expect(await Promise.all(entries.map((entry) => getEntry(access, entry.id)))).toEqual(entries);
    expect(await getEntry(await accessOf(stranger.user), stranger.entries[0]!.id)).toEqual(stranger.entries[0]);
    await expect(
      bulkEditEntries(await accessOf(user), { ids: [entries[0]!.id], action: { type: "move_to_project", project_id: stranger.project.id } }),
    ).rejects.toBeInstanceOf(AppError);

    // Another account's entry cannot be "put back" by naming it.
    await expect(restoreEntries(await accessOf(user), [entrySnapshot(stranger.entries[0]!)])).rejects.toMatchObject({ kind: "validation" });
    await expect(restoreEntries(await accessOf(user), [{ ...entrySnapshot(stranger.entries[0]!), project_id: null }])).rejects.toMatchObject({
      kind: "not_found",
    });
    // A deleted entry whose project is gone meanwhile: nothing is put back.
    const { before } = await bulkEditEntries(await accessOf(user), { ids: entries.map((entry) => entry.id), action: { type: "delete" } });
    await deleteProject(await accessOf(user), project.id);
    await expect(restoreEntries(await accessOf(user), before.map(entrySnapshot))).rejects.toMatchObject({ kind: "validation" });
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(0);
  });
});
