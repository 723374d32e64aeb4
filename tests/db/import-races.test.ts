import { afterEach, describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { importDocument } from "@/lib/data/import";
import { accountTotal } from "@/lib/db/account-counters";
import { getDb, type User } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { createProject, deleteProject } from "@/lib/projects/projects";
import { testBackend } from "../support/databases";
import { closeSideConnections, sideConnection, untilWaiting } from "../support/side-connections";

// An import (lib/data/import.ts) is one transaction that holds the account's counters row from
// its start, and a write of the same account ends its statement on that row, after it has
// written its rows. A write that started during the import has written its row and waits for
// the counters; an import that then waited for that row (a project of the same identifier, one it
// references being deleted) would wait in a circle, a deadlock, which PostgreSQL breaks after a
// second by failing one of the two. A side connection holds the counters row until the import and
// then the other write wait for it. PostgreSQL only: PGlite is one connection.

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `import-race-${++accounts}@example.com` } });

const projectId = newId();

/** A document of one project (`AL`), a repository of it, and an entry of it. */
const document = () => ({
  format: "worklog-export",
  version: 1,
  projects: [{ id: projectId, name: "Alpha", identifier: "AL" }],
  repositories: [{ id: newId(), name: "alpha", project_id: projectId }],
  commits: [],
  entries: [{ id: newId(), content: "Imported", recorded_at: "2026-11-21T09:30:00.000Z", project_id: projectId }],
});

const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

/** Runs the import, then `write`, each held at the account's counters row until both wait there; then lets them go. */
async function importBeside<T>(user: User, write: () => Promise<T>) {
  const [holder, observer] = [await sideConnection(), await sideConnection()];
  await holder.query("BEGIN");
  await holder.query(
    "SELECT FROM account_counters WHERE workspace_id = (SELECT workspace_id FROM memberships WHERE user_id = $1::uuid AND role = 'owner') FOR UPDATE",
    [user.id],
  );
  const importing = settled(importDocument(await accessOf(user), "worklog-export", document(), "api"));
  await untilWaiting(observer, 1);
  const writing = settled(write());
  await untilWaiting(observer, 2);
  await holder.query("COMMIT");
  return { imported: await importing, written: await writing };
}

async function accountProjects(userId: string) {
  return getDb().project.findMany({ where: { userId }, select: { id: true, identifier: true, _count: { select: { repositories: true, entries: true } } } });
}

describe.runIf(testBackend() === "postgres")("an import and another write of the account at once, in a forced order", () => {
  afterEach(closeSideConnections);

  it("imports beside a project created meanwhile with the document's identifier, and both answer", async () => {
    const user = await newUser();
    const access = await accessOf(user);
    const { imported, written } = await importBeside(user, () => createProject(access, { name: "Alpha", identifier: "AL" }));
    expect("error" in imported ? String(imported.error) : "imported").toBe("imported");
    // The import went first or second: either it found the created project, or the create found its own.
    if ("error" in written) expect(written.error).toMatchObject({ kind: "validation" } satisfies Partial<AppError>);
    const projects = await accountProjects(user.id);
    expect(projects).toEqual([{ id: expect.any(String), identifier: "AL", _count: { repositories: 1, entries: 1 } }]);
    expect(await accountTotal(await accessOf(user), "projectCount")).toBe(1);
  });

  it("imports beside the deletion of the project it would add to, and both answer", async () => {
    const user = await newUser();
    const existing = await createProject(await accessOf(user), { name: "Alpha", identifier: "AL" });
    const access = await accessOf(user);
    const { imported, written } = await importBeside(user, () => deleteProject(access, existing.id));
    expect("error" in imported ? String(imported.error) : "imported").toBe("imported");
    expect("error" in written ? String(written.error) : "deleted").toBe("deleted");
    // The deletion went first: the import made the project again, with the repository and entry.
    const projects = await accountProjects(user.id);
    expect(projects).toEqual([{ id: expect.not.stringMatching(existing.id), identifier: "AL", _count: { repositories: 1, entries: 1 } }]);
    expect(await accountTotal(await accessOf(user), "projectCount")).toBe(1);
  });
});
