// The `team_standup` recap (docs/api.md, "Recaps"): a team of three in one workspace, two of whom
// wrote entries on Thursday 5 and Friday 6 March 2026 and one nothing; the days are passed
// explicitly, so nothing depends on the clock.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type User } from "@/lib/db/client";
import { generateRecapNow } from "@/lib/recaps/generation";
import { createRecap, getRecap, listRecaps } from "@/lib/recaps/recaps";
import type { RecapSource } from "@/lib/recaps/responses";
import { createWorkspace, memberWorkspaceId } from "@/lib/workspaces/workspace-creation";
import { addMember } from "@/lib/workspaces/members";
import { accessIn } from "../support/access";

type Team = { alice: User; bob: User; carol: User; workspaceId: string; authorOf: Map<string, string>; commitId: string };

let team: Team;
let teams = 0;

/** Alice (the owner) and Bob write; Carol, a member, wrote only two weeks before. */
async function newTeam(): Promise<Team> {
  const db = getDb();
  const run = ++teams;
  const user = (name: string) => db.user.create({ data: { email: `${name.toLowerCase()}-${run}-${Date.now()}@example.com`, name, plan: "pro" } });
  const [carol, alice, bob] = [await user("Carol"), await user("Alice"), await user("Bob")];
  const slug = await createWorkspace(alice.id, alice.email, `Standup team ${run}`);
  const workspaceId = await memberWorkspaceId(slug, alice.id);
  await db.$transaction(async (tx) => {
    await addMember(tx, workspaceId, bob.id, "member");
    await addMember(tx, workspaceId, carol.id, "member");
  });
  const authorOf = new Map<string, string>();
  const write = async (author: User, recordedAt: string, content: string, tags: string[] = []) => {
    const entry = await db.worklogEntry.create({ data: { workspaceId, userId: author.id, content, recordedAt: new Date(recordedAt), tags } });
    authorOf.set(entry.id, author.id);
    return entry;
  };
  const reviewed = await write(alice, "2026-03-05T10:00:00Z", "Reviewed the invitations page");
  await write(alice, "2026-03-06T09:00:00Z", "Wrote the team standup template");
  await write(alice, "2026-03-06T11:00:00Z", "Waiting for the design of the members page", ["blocked"]);
  await write(bob, "2026-03-05T15:00:00Z", "Fixed the flaky login test");
  await write(bob, "2026-03-06T10:00:00Z", "Blocked: the staging database is down\nAsked ops for help");
  await write(bob, "2026-03-06T14:00:00Z", "Paired on the invitation emails");
  await write(carol, "2026-02-20T10:00:00Z", "Planned the quarter");
  const repository = await db.repository.create({
    data: { workspaceId, userId: alice.id, name: `web-${run}`, remoteUrl: "https://github.com/acme/web.git" },
  });
  const commit = await db.commit.create({
    data: {
      workspaceId,
      userId: alice.id,
      repositoryId: repository.id,
      sha: "ab".repeat(20),
      message: "Invitations page",
      committedAt: new Date("2026-03-05T09:00:00Z"),
    },
  });
  await db.worklogEntryCommit.create({ data: { entryId: reviewed.id, commitId: commit.id } });
  return { alice, bob, carol, workspaceId, authorOf, commitId: commit.id };
}

/** The completed team standup of `user` in the team's workspace, `from` and `to` given as days. */
async function teamStandupOf(user: User, to: string, from?: string) {
  const access = await accessIn(user, team.workspaceId);
  const { recap } = await createRecap(access, {
    template: "team_standup",
    ...(from && { from: { kind: "day", date: from } }),
    to: { kind: "day", date: to },
  });
  if (recap.status === "processing") await generateRecapNow(recap.id, async () => {}, new AbortController().signal);
  const done = await getRecap(access, recap.id);
  expect(done).toMatchObject({ status: "completed", template: "team_standup" });
  return { ...done, content: done.content!, sources: done.sources as RecapSource[] };
}

/** The text under each `## ` heading, by heading. */
function sectionsOf(content: string): Map<string, string> {
  const parts = content.split(/^## /m).slice(1);
  return new Map(parts.map((part) => [part.slice(0, part.indexOf("\n")), part.slice(part.indexOf("\n") + 1)]));
}

const citedEntries = (text: string) => [...text.matchAll(/\]\(\/\?entry=([0-9a-f-]{36})\)/g)].map((match) => match[1]!);

beforeAll(async () => {
  team = await newTeam();
});

describe("the team standup", () => {
  it("has a section per member by name, yesterday, today and blockers each cited with its member's entries, and names the silent member", async () => {
    // A period of Friday alone reaches back to Thursday, the last working day before it.
    const { content, sources, filters } = await teamStandupOf(team.alice, "2026-03-06", "2026-03-06");
    expect(filters).toMatchObject({ from: "2026-03-05T00:00:00.000Z", to: "2026-03-06T23:59:59.999Z" });
    expect(content.startsWith("# Team standup Fri 6 Mar 2026\n")).toBe(true);
    const sections = sectionsOf(content);
    expect([...sections.keys()]).toEqual(["Alice", "Bob", "Carol"]);

    const alice = sections.get("Alice")!;
    expect(alice).toMatch(
      /\*\*Yesterday \(Thu 5 Mar\)\*\*\n\n- Reviewed the invitations page \(\[5 Mar\]\(\/\?entry=[0-9a-f-]+\); commit \[`abababa`\]\(https:\/\/github\.com\/acme\/web\/commit\/(ab){20}\)\)\n/,
    );
    expect(alice).toMatch(/\*\*Today \(Fri 6 Mar\)\*\*\n\n- Wrote the team standup template \(\[6 Mar\]/);
    expect(alice.slice(alice.indexOf("**Blockers**"))).toContain("- Waiting for the design of the members page");
    const bob = sections.get("Bob")!;
    expect(bob.slice(bob.indexOf("**Yesterday"), bob.indexOf("**Today"))).toContain("- Fixed the flaky login test");
    expect(bob.slice(bob.indexOf("**Today"), bob.indexOf("**Blockers"))).toContain("- Paired on the invitation emails");
    expect(bob.slice(bob.indexOf("**Blockers**"))).toContain("- Blocked: the staging database is down Asked ops for help");
    // A blocker is said once, under Blockers only.
    expect(content.match(/staging database is down/g)).toHaveLength(1);
    expect(sections.get("Carol")).toContain("Nothing written since Thursday.");
    expect(content).not.toContain("Planned the quarter");
    expect(content.trimEnd().endsWith("No entries since Thursday: Carol.")).toBe(true);

    // Every statement cites entries, and only its member's.
    const members = new Map([
      ["Alice", team.alice.id],
      ["Bob", team.bob.id],
    ]);
    for (const [name, memberId] of members) {
      const statements = sections
        .get(name)!
        .split("\n")
        .filter((line) => line.startsWith("- "));
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) {
        const cited = citedEntries(statement);
        expect(cited.length, statement).toBeGreaterThan(0);
        for (const entryId of cited) expect(team.authorOf.get(entryId), statement).toBe(memberId);
      }
    }
    const cited = citedEntries(content);
    expect(new Set(cited).size).toBe(cited.length);
    expect(sources).toEqual([{ type: "entry", id: cited[0] }, { type: "commit", id: team.commitId }, ...cited.slice(1).map((id) => ({ type: "entry", id }))]);
    expect(cited).toHaveLength(6);
  });

  it("writes the same text for the same entries", async () => {
    const first = await teamStandupOf(team.alice, "2026-03-06", "2026-03-05");
    await getDb().recap.delete({ where: { id: first.id } });
    const second = await teamStandupOf(team.alice, "2026-03-06", "2026-03-05");
    expect(second.id).not.toBe(first.id);
    expect(second.content).toBe(first.content);
  });

  it("reaches back to the last working day by default: on a Monday, Friday to Sunday are yesterday", async () => {
    const { content, filters } = await teamStandupOf(team.bob, "2026-03-09");
    expect(filters).toMatchObject({ from: "2026-03-06T00:00:00.000Z", to: "2026-03-09T23:59:59.999Z" });
    expect(content).toContain("**Yesterday (Fri 6 Mar – Sun 8 Mar)**");
    expect(content).toContain("- Paired on the invitation emails");
    expect(content).not.toContain("Fixed the flaky login test");
    expect(content.trimEnd().endsWith("No entries since Friday: Carol.")).toBe(true);
  });

  it("shows a member of a workspace that shows entries to admins only their own section alone", async () => {
    await getDb().workspace.update({ where: { id: team.workspaceId }, data: { entriesVisibleTo: "admins" } });
    try {
      const asBob = await teamStandupOf(team.bob, "2026-03-06", "2026-03-05");
      expect([...sectionsOf(asBob.content).keys()]).toEqual(["Bob"]);
      expect(asBob.content).not.toMatch(/Alice|Carol|invitations page/);
      for (const entryId of citedEntries(asBob.content)) expect(team.authorOf.get(entryId)).toBe(team.bob.id);
      expect(asBob.content.trimEnd().endsWith("Everyone wrote something since Thursday.")).toBe(true);

      const asCarol = await teamStandupOf(team.carol, "2026-03-06", "2026-02-20");
      expect([...sectionsOf(asCarol.content).keys()]).toEqual(["Carol"]);
      expect(asCarol.content).toContain("No entries since Thursday: Carol.");
      expect(asCarol.content).toContain("1 earlier entry of the period left out");

      // The owner, an admin, still reads everyone's.
      const asAlice = await teamStandupOf(team.alice, "2026-03-06", "2026-03-04");
      expect([...sectionsOf(asAlice.content).keys()]).toEqual(["Alice", "Bob", "Carol"]);

      // …in a recap a member can neither open nor list, nor be handed as theirs for the same filters.
      const bobsAccess = await accessIn(team.bob, team.workspaceId);
      await expect(getRecap(bobsAccess, asAlice.id)).rejects.toMatchObject({ kind: "not_found" });
      expect((await listRecaps(bobsAccess)).map((recap) => recap.id)).not.toContain(asAlice.id);
      const bobsOwn = await teamStandupOf(team.bob, "2026-03-06", "2026-03-04");
      expect(bobsOwn.id).not.toBe(asAlice.id);
      expect([...sectionsOf(bobsOwn.content).keys()]).toEqual(["Bob"]);
    } finally {
      await getDb().workspace.update({ where: { id: team.workspaceId }, data: { entriesVisibleTo: "members" } });
    }
  });
});
