import { describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { getDb } from "@/lib/db/client";
import { commitActivity, recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12));
const commits = (prefix: string, days: number[]) =>
  days.map((day, index) => ({ sha: `${prefix}${index}`.padEnd(40, "0"), message: `commit ${index}`, committed_at: at(day) }));

describe("commitActivity", () => {
  it("counts each repository's commits and finds its latest by commit time, for the account's repositories only", async () => {
    const user = await getDb().user.create({ data: { email: "activity@example.com" } });
    const stranger = await getDb().user.create({ data: { email: "activity-stranger@example.com" } });
    const engine = await createRepository(await accessOf(user), { name: "engine" });
    const docs = await createRepository(await accessOf(user), { name: "docs" });
    const empty = await createRepository(await accessOf(user), { name: "empty" });
    const theirs = await createRepository(await accessOf(stranger), { name: "theirs" });
    // Sent out of order: the latest is the latest committed, not the last sent.
    await recordCommits(await accessOf(user), engine.id, commits("a", [3, 20, 7]));
    await recordCommits(await accessOf(user), docs.id, commits("b", [1]));
    await recordCommits(await accessOf(stranger), theirs.id, commits("c", [25, 26]));

    const activity = await commitActivity(await accessOf(user), [engine.id, docs.id, empty.id, theirs.id]);
    expect(Object.fromEntries(activity)).toEqual({
      [engine.id]: { commitCount: 3, lastCommittedAt: at(20) },
      [docs.id]: { commitCount: 1, lastCommittedAt: at(1) },
    });
    expect(await commitActivity(await accessOf(user), [])).toEqual(new Map());
  });
});
