import { afterEach, describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";
import { testBackend } from "../support/databases";
import { closeSideConnections, sideConnection, untilWaiting } from "../support/side-connections";

// Batches of the same commits posted at once (a hook and a sync of one repository): the insert
// skips the shas stored meanwhile, and waits for a batch that is storing one of them. Two
// batches that stored some shas each and then waited for each other's would wait for ever, a
// deadlock, which PostgreSQL breaks after a second by failing one. A side connection storing one
// sha of both batches holds them until both wait, then rolls back. A repository deleted while a
// batch is stored in it is a 404. PostgreSQL only: PGlite is one connection.

const sha = (digit: string) => digit.repeat(40);
const commit = (digit: string) => ({ sha: sha(digit), message: `commit ${digit}`, committed_at: new Date("2026-11-01T10:00:00Z") });

describe.runIf(testBackend() === "postgres")("batches of the same commits at once, in a forced order", () => {
  afterEach(closeSideConnections);

  it("store every commit once, whatever order the batches list them in", async () => {
    const user = await getDb().user.create({ data: { email: "record-commits-race@example.com" } });
    const repository = await createRepository(await accessOf(user), { name: "engine" });
    const [holder, observer] = [await sideConnection(), await sideConnection()];
    await holder.query("BEGIN");
    await holder.query(
      "INSERT INTO commits (id, workspace_id, user_id, repository_id, sha, message, committed_at, updated_at) VALUES ($1, (SELECT workspace_id FROM memberships WHERE user_id = $2::uuid AND role = 'owner'), $2, $3, $4, 'held', now(), now())",
      [newId(), user.id, repository.id, sha("c")],
    );
    const first = recordCommits(await accessOf(user), repository.id, [commit("a"), commit("c"), commit("b")]);
    await untilWaiting(observer, 1);
    const second = recordCommits(await accessOf(user), repository.id, [commit("b"), commit("c"), commit("a")]);
    await untilWaiting(observer, 2);
    await holder.query("ROLLBACK");
    const [firstStored, secondStored] = await Promise.all([first, second]);
    expect(firstStored.map((stored) => stored.sha)).toEqual([sha("a"), sha("c"), sha("b")]);
    expect(secondStored.map((stored) => stored.sha)).toEqual([sha("b"), sha("c"), sha("a")]);
    expect(new Set([...firstStored, ...secondStored].map((stored) => stored.id)).size).toBe(3);
    expect(await getDb().commit.count({ where: { repositoryId: repository.id } })).toBe(3);
  });

  it("answer a 404 when the repository is deleted between the ownership check and the insert", async () => {
    const user = await getDb().user.create({ data: { email: "record-commits-deleted@example.com" } });
    const repository = await createRepository(await accessOf(user), { name: "engine" });
    const [holder, observer] = [await sideConnection(), await sideConnection()];
    await holder.query("BEGIN");
    await holder.query("DELETE FROM repositories WHERE id = $1", [repository.id]);
    const recording = recordCommits(await accessOf(user), repository.id, [commit("a")]).catch((error: unknown) => error);
    await untilWaiting(observer, 1);
    await holder.query("COMMIT");
    expect(await recording).toMatchObject({ kind: "not_found" });
  });
});
