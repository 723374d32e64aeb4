import { afterEach, describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { personalWorkspaceId } from "@/lib/access/memberships";
import { getDb } from "@/lib/db/client";
import { isForeignKeyViolation } from "@/lib/db/errors";
import { newId } from "@/lib/db/ids";
import { COMMIT_BATCH_SIZE, writeCommits, type NewCommit } from "@/lib/repositories/commit-writer";
import { createRepository } from "@/lib/repositories/repositories";
import { testBackend } from "../support/databases";
import { closeSideConnections, sideConnection, untilWaiting } from "../support/side-connections";

// The one writer of commits (lib/repositories/commit-writer.ts), which the API, the import and
// forge pushes share: its order, its batches, its rule for a sha the repository has, and what its
// statements keep of the account's state. The forced race runs on PostgreSQL only: PGlite is one
// connection.

let accounts = 0;

async function newRepository() {
  const user = await getDb().user.create({ data: { email: `commit-writer-${++accounts}@example.com` } });
  const repository = await createRepository(await accessOf(user), { name: "engine" });
  return { userId: user.id, access: await accessOf(user), repositoryId: repository.id };
}

/** The n-th sha: 40 hexadecimal digits, in the order of n. */
const sha = (n: number) => n.toString(16).padStart(40, "0");
const commit = (repositoryId: string, n: number, message = `commit ${n}`): NewCommit => ({
  repositoryId,
  sha: sha(n),
  message,
  committedAt: new Date("2026-11-01T10:00:00Z"),
  authorName: null,
  authorEmail: null,
  webUrl: null,
});

const changeSeq = async (userId: string) =>
  (await getDb().accountCounters.findUniqueOrThrow({ where: { workspaceId: await personalWorkspaceId(userId) } })).changeSeq;
const storedCommits = (repositoryId: string) => getDb().commit.findMany({ where: { repositoryId }, orderBy: { id: "asc" } });

describe("writing commits", () => {
  afterEach(closeSideConnections);

  it("stores them in sha order, whatever order they are given in", async () => {
    const { access, repositoryId } = await newRepository();
    expect(
      await writeCommits(
        getDb(),
        access,
        [5, 1, 4, 2, 3].map((n) => commit(repositoryId, n)),
      ),
    ).toBe(5);
    // Ids are made in the order rows are written, each later than the one before.
    expect((await storedCommits(repositoryId)).map((stored) => stored.sha)).toEqual([1, 2, 3, 4, 5].map(sha));
  });

  it("writes a batch per statement, across a batch's boundary, and moves the account's change sequence once per statement", async () => {
    const { userId, access, repositoryId } = await newRepository();
    const before = await changeSeq(userId);
    const commits = Array.from({ length: COMMIT_BATCH_SIZE + 1 }, (_, n) => commit(repositoryId, n + 1));
    expect(await writeCommits(getDb(), access, commits)).toBe(COMMIT_BATCH_SIZE + 1);
    expect(await changeSeq(userId)).toBe(before + 2n);
    const stored = await storedCommits(repositoryId);
    expect(stored).toHaveLength(COMMIT_BATCH_SIZE + 1);
    expect(stored.at(-1)).toMatchObject({ sha: sha(COMMIT_BATCH_SIZE + 1), userId, message: `commit ${COMMIT_BATCH_SIZE + 1}` });
  });

  it("keeps a sha the repository has as it is, and the first of a sha given twice, however far apart", async () => {
    const { access, repositoryId } = await newRepository();
    await writeCommits(getDb(), access, [commit(repositoryId, 1, "stored first")]);
    const [first] = await storedCommits(repositoryId);
    const given = [
      commit(repositoryId, 1, "given again"),
      ...Array.from({ length: COMMIT_BATCH_SIZE }, (_, n) => commit(repositoryId, n + 2)),
      commit(repositoryId, 2, "given twice"),
    ];
    expect(await writeCommits(getDb(), access, given)).toBe(COMMIT_BATCH_SIZE);
    const stored = await storedCommits(repositoryId);
    expect(stored).toHaveLength(COMMIT_BATCH_SIZE + 1);
    expect(stored[0]).toEqual(first);
    expect(stored[1]).toMatchObject({ sha: sha(2), message: "commit 2" });
  });

  it("stores the same sha in each repository that is given it, and keeps ids it is given", async () => {
    const { access, repositoryId } = await newRepository();
    const other = await createRepository(access, { name: "other" });
    const id = newId();
    expect(await writeCommits(getDb(), access, [commit(repositoryId, 7), { ...commit(other.id, 7), id }])).toBe(2);
    expect((await storedCommits(other.id)).map((stored) => stored.id)).toEqual([id]);
    expect(await storedCommits(repositoryId)).toHaveLength(1);
  });

  it("leaves the account's change sequence alone when every commit was stored before", async () => {
    const { userId, access, repositoryId } = await newRepository();
    await writeCommits(getDb(), access, [commit(repositoryId, 1), commit(repositoryId, 2)]);
    const before = await changeSeq(userId);
    expect(await writeCommits(getDb(), access, [commit(repositoryId, 2), commit(repositoryId, 1)])).toBe(0);
    expect(await writeCommits(getDb(), access, [])).toBe(0);
    expect(await changeSeq(userId)).toBe(before);
  });

  it("fails as a missing reference when the repository is gone", async () => {
    const { access } = await newRepository();
    const error = await writeCommits(getDb(), access, [commit(newId(), 1)]).catch((caught: unknown) => caught);
    expect(isForeignKeyViolation(error)).toBe(true);
  });

  it.runIf(testBackend() === "postgres")("lets two writers of the same commits, given in opposite orders, queue rather than deadlock", async () => {
    const { userId, access, repositoryId } = await newRepository();
    const [holder, observer] = [await sideConnection(), await sideConnection()];
    await holder.query("BEGIN");
    await holder.query(
      "INSERT INTO commits (id, workspace_id, user_id, repository_id, sha, message, committed_at, updated_at) VALUES ($1, (SELECT workspace_id FROM memberships WHERE user_id = $2::uuid AND role = 'owner'), $2, $3, $4, 'held', now(), now())",
      [newId(), userId, repositoryId, sha(3)],
    );
    const write = (order: number[]) =>
      getDb().$transaction((transaction) =>
        writeCommits(
          transaction,
          access,
          order.map((n) => commit(repositoryId, n)),
        ),
      );
    const first = write([1, 3, 2]);
    await untilWaiting(observer, 1);
    const second = write([2, 3, 1]);
    await untilWaiting(observer, 2);
    await holder.query("ROLLBACK");
    const stored = await Promise.all([first, second]);
    expect(stored[0] + stored[1]).toBe(3);
    expect((await storedCommits(repositoryId)).map((row) => row.sha).sort()).toEqual([1, 2, 3].map(sha));
  });
});
