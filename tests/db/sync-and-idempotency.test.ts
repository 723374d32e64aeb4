import { describe, expect, it } from "vitest";
import type { Access } from "@/lib/access/context";
import { accessOf } from "../support/access";
import { claimKey, settleKey, type Claim } from "@/lib/api/idempotency";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { deleteProject, updateProject, createProject } from "@/lib/projects/projects";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository, deleteRepository } from "@/lib/repositories/repositories";
import { attachCommits, createEntry, detachCommit, getEntry } from "@/lib/worklog/entries";

// What incremental sync relies on (docs/api.md, "Incremental sync"): every change of what an
// entry, project or repository answers moves its updated_at, whoever makes it; and the
// Idempotency-Key store (lib/api/idempotency.ts), whose 5xx case the HTTP tests cannot reach.

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `sync-${++accounts}@example.com` } });

/** Moves the account's rows' updated_at an hour back, so that a change shows as a later one. */
async function ageRows(userId: string) {
  for (const table of ["projects", "repositories", "worklog_entries"]) {
    await queryRows(`UPDATE ${table} SET updated_at = updated_at - interval '1 hour' WHERE user_id = $1::uuid`, [userId]);
  }
}

const updatedAt = async (table: string, id: string) =>
  (await queryRows<{ updated_at: Date }>(`SELECT updated_at FROM ${table} WHERE id = $1::uuid`, [id]))[0]!.updated_at.getTime();

async function account() {
  const user = await newUser();
  const project = await createProject(await accessOf(user), { name: "Alpha", identifier: "AL" });
  const repository = await createRepository(await accessOf(user), { name: "api", project_id: project.id });
  const [commit] = await recordCommits(await accessOf(user), repository.id, [
    { sha: "a".repeat(40), message: "first", committed_at: new Date("2026-11-01T10:00:00Z") },
  ]);
  const entry = await createEntry(await accessOf(user), { content: "Shipped", project_id: project.id }, "api");
  return { user, project, repository, commit: commit!, entry };
}

describe("updated_at", () => {
  it("moves on when commits are attached to or detached from an entry", async () => {
    const { user, commit, entry } = await account();
    await ageRows(user.id);
    const aged = await updatedAt("worklog_entries", entry.id);
    await attachCommits(await accessOf(user), entry.id, { commit_ids: [commit.id] });
    const attached = await updatedAt("worklog_entries", entry.id);
    expect(attached).toBeGreaterThan(aged);
    await ageRows(user.id);
    await detachCommit(await accessOf(user), entry.id, commit.id);
    expect(await updatedAt("worklog_entries", entry.id)).toBeGreaterThan(attached - 3_600_000);
  });

  it("moves on for the entries whose commits go with a deleted repository", async () => {
    const { user, repository, commit, entry } = await account();
    await attachCommits(await accessOf(user), entry.id, { commit_ids: [commit.id] });
    await ageRows(user.id);
    const aged = await updatedAt("worklog_entries", entry.id);
    await deleteRepository(await accessOf(user), repository.id);
    expect((await getEntry(await accessOf(user), entry.id)).commits).toEqual([]);
    expect(await updatedAt("worklog_entries", entry.id)).toBeGreaterThan(aged);
  });

  it("moves on for the entries and repositories a deleted project leaves, and for the entries of a renamed project", async () => {
    const { user, project, repository, entry } = await account();
    const other = await createEntry(await accessOf(user), { content: "No project" }, "api");
    await ageRows(user.id);
    const [entryAged, otherAged] = [await updatedAt("worklog_entries", entry.id), await updatedAt("worklog_entries", other.id)];
    await updateProject(await accessOf(user), project.id, { description: "Only the description" });
    expect(await updatedAt("worklog_entries", entry.id)).toBe(entryAged);
    await updateProject(await accessOf(user), project.id, { name: "Alpha site" });
    const renamed = await updatedAt("worklog_entries", entry.id);
    expect(renamed).toBeGreaterThan(entryAged);
    await ageRows(user.id);
    const repositoryAged = await updatedAt("repositories", repository.id);
    await deleteProject(await accessOf(user), project.id);
    expect(await updatedAt("worklog_entries", entry.id)).toBeGreaterThan(renamed - 3_600_000);
    expect(await updatedAt("repositories", repository.id)).toBeGreaterThan(repositoryAged);
    expect(await updatedAt("worklog_entries", other.id)).toBe(otherAged - 3_600_000);
  });
});

/** Claims the key, failing the test unless the claim is granted. */
async function claimed(access: Access, key: string, fingerprint: string): Promise<Claim> {
  const state = await claimKey(access, key, fingerprint);
  expect(state).toMatchObject({ kind: "claimed" });
  return state as Claim;
}

describe("the Idempotency-Key store", () => {
  it("claims a key once, keeps a 4xx answer, and frees the key after a 5xx so that a retry runs again", async () => {
    const access = await accessOf(await newUser());
    const first = await claimed(access, "k1", "POST /a x");
    expect(await claimKey(access, "k1", "POST /a x")).toEqual({ kind: "running" });
    expect(await claimKey(access, "k1", "POST /a y")).toEqual({ kind: "other_request" });
    await settleKey(access, "k1", first, 503, '{"error":{}}');
    const retry = await claimed(access, "k1", "POST /a y");
    await settleKey(access, "k1", retry, 422, '{"errors":[]}');
    expect(await claimKey(access, "k1", "POST /a y")).toEqual({ kind: "answered", status: 422, body: '{"errors":[]}' });
  });

  it("keeps keys per account, and frees a key after 7 days or a claim that never answered after 10 minutes", async () => {
    const [first, second] = [await newUser(), await newUser()];
    const claim = await claimed(await accessOf(first), "shared", "POST /a x");
    await claimed(await accessOf(second), "shared", "POST /b y");
    await settleKey(await accessOf(first), "shared", claim, 201, "{}");
    await queryRows("UPDATE idempotency_keys SET created_at = created_at - interval '6 days 23 hours 59 minutes' WHERE user_id = $1::uuid", [first.id]);
    expect(await claimKey(await accessOf(first), "shared", "POST /a x")).toEqual({ kind: "answered", status: 201, body: "{}" });
    await queryRows("UPDATE idempotency_keys SET created_at = created_at - interval '2 minutes' WHERE user_id = $1::uuid", [first.id]);
    await claimed(await accessOf(first), "shared", "POST /a z");
    await queryRows("UPDATE idempotency_keys SET created_at = created_at - interval '11 minutes' WHERE user_id = $1::uuid", [second.id]);
    await claimed(await accessOf(second), "shared", "POST /b y");
  });
});
