import { describe, expect, it } from "vitest";
import type { Access } from "@/lib/access/context";
import { accessOf } from "../support/access";
import { getDb } from "@/lib/db/client";
import { createProject, listProjectSummaries } from "@/lib/projects/projects";
import { commitSummaries, recentCommits, recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";
import { attachCommits, createEntry, entriesByCommit } from "@/lib/worklog/entries";
import type { EntryListFilters } from "@/lib/worklog/schemas";
import { dailyTotals, dayTotals } from "@/lib/worklog/tracked-time";

async function newUser(email: string, timezone = "UTC") {
  return getDb().user.create({ data: { email, timezone } });
}

const sha = (digit: string) => digit.repeat(40);

async function commitsOf(access: Access, repositoryId: string, specs: { sha: string; at: string }[]) {
  return recordCommits(
    access,
    repositoryId,
    specs.map((spec) => ({ sha: spec.sha, message: `commit ${spec.sha.slice(0, 1)}`, committed_at: new Date(spec.at) })),
  );
}

describe("summaries for the web app", () => {
  it("count each project's repositories and entries and the time tracked since a moment", async () => {
    const user = await newUser("counts@example.com");
    const stranger = await newUser("counts-stranger@example.com");
    const website = await createProject(await accessOf(user), { name: "Website" });
    const empty = await createProject(await accessOf(user), { name: "Empty" });
    const theirs = await createProject(await accessOf(stranger), { name: "Theirs" });
    await createRepository(await accessOf(user), { name: "site", project_id: website.id });
    await createRepository(await accessOf(user), { name: "loose" });
    await createEntry(
      await accessOf(user),
      { content: "old", recorded_at: new Date("2026-11-15T12:00:00Z"), duration_seconds: 500, project_id: website.id },
      "api",
    );
    await createEntry(
      await accessOf(user),
      { content: "new", recorded_at: new Date("2026-11-16T00:00:00Z"), duration_seconds: 3600, project_id: website.id },
      "api",
    );
    await createEntry(await accessOf(user), { content: "untimed", recorded_at: new Date("2026-11-17T00:00:00Z"), project_id: website.id }, "api");
    await createEntry(await accessOf(user), { content: "no project", recorded_at: new Date("2026-11-17T00:00:00Z"), duration_seconds: 60 }, "api");
    await createEntry(
      await accessOf(stranger),
      { content: "theirs", recorded_at: new Date("2026-11-17T00:00:00Z"), duration_seconds: 60, project_id: theirs.id },
      "api",
    );

    const summaries = await listProjectSummaries(await accessOf(user), new Date("2026-11-16T00:00:00Z"));
    expect(summaries.map(({ name, repositoryCount, entryCount, secondsSince }) => ({ name, repositoryCount, entryCount, secondsSince }))).toEqual([
      { name: "Empty", repositoryCount: 0, entryCount: 0, secondsSince: 0 },
      { name: "Website", repositoryCount: 1, entryCount: 3, secondsSince: 3600 },
    ]);
    expect(summaries[0]!.id).toBe(empty.id);
  });

  it("total the seconds per day of the account's time zone and per project", async () => {
    const user = await newUser("daily@example.com", "Europe/Paris");
    const project = await createProject(await accessOf(user), { name: "Chart" });
    const access = await accessOf(user);
    const entry = (at: string, seconds: number | null, projectId: string | null = project.id) =>
      createEntry(access, { content: "x", recorded_at: new Date(at), duration_seconds: seconds, project_id: projectId }, "api");
    await entry("2026-11-15T22:59:59Z", 100); // Sunday 23:59:59 in Paris: outside the week
    await entry("2026-11-15T23:00:00Z", 60); // Monday 00:00 in Paris
    await entry("2026-11-16T12:00:00Z", 30);
    await entry("2026-11-16T13:00:00Z", 45, null);
    await entry("2026-11-16T14:00:00Z", null);
    await entry("2026-11-22T22:59:59Z", 7); // Sunday 23:59:59 in Paris
    await entry("2026-11-22T23:00:00Z", 9); // the next Monday

    const days = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"];
    expect(await dailyTotals(await accessOf(user), days)).toEqual([
      { day: "2026-11-16", projectId: project.id, seconds: 90 },
      { day: "2026-11-16", projectId: null, seconds: 45 },
      { day: "2026-11-22", projectId: project.id, seconds: 7 },
    ]);
    expect(await dailyTotals(await accessOf(user), [])).toEqual([]);
  });

  it("total each day's time over the entries the list's filters select, search and source included", async () => {
    const user = await newUser("day-totals@example.com");
    const access = await accessOf(user);
    const entry = (content: string, seconds: number, tags: string[], source: "api" | "mcp") =>
      createEntry(access, { content, recorded_at: new Date("2026-11-18T10:00:00Z"), duration_seconds: seconds, tags }, source);
    await entry("Deployed the release", 600, ["ops"], "api");
    await entry("Reviewed the deploy script", 60, [], "mcp");
    await entry("Lunch talk", 3000, ["ops"], "mcp");
    const totals = (filters: EntryListFilters) => dayTotals(access, ["2026-11-18"], filters);
    expect(await totals({})).toEqual([{ day: "2026-11-18", seconds: 3660 }]);
    expect(await totals({ q: "deploy" })).toEqual([{ day: "2026-11-18", seconds: 660 }]);
    expect(await totals({ source: ["mcp"] })).toEqual([{ day: "2026-11-18", seconds: 3060 }]);
    expect(await totals({ q: "deploy", source: ["mcp"], tags: [] })).toEqual([{ day: "2026-11-18", seconds: 60 }]);
    expect(await totals({ tags: ["ops"], source: ["api"] })).toEqual([{ day: "2026-11-18", seconds: 600 }]);
  });

  it("list the commits one may attach, summarise commits, and find the entries each commit is attached to", async () => {
    const user = await newUser("commits@example.com");
    const stranger = await newUser("commits-stranger@example.com");
    const project = await createProject(await accessOf(user), { name: "Attach" });
    const inProject = await createRepository(await accessOf(user), { name: "app", project_id: project.id });
    const elsewhere = await createRepository(await accessOf(user), { name: "other" });
    const [older, newer] = await commitsOf(await accessOf(user), inProject.id, [
      { sha: sha("a"), at: "2026-11-01T00:00:00Z" },
      { sha: sha("b"), at: "2026-11-02T00:00:00Z" },
    ]);
    const [outside] = await commitsOf(await accessOf(user), elsewhere.id, [{ sha: sha("c"), at: "2026-11-03T00:00:00Z" }]);
    const strangerRepository = await createRepository(await accessOf(stranger), { name: "app" });
    const [foreign] = await commitsOf(await accessOf(stranger), strangerRepository.id, [{ sha: sha("d"), at: "2026-11-04T00:00:00Z" }]);

    expect((await recentCommits(await accessOf(user), project.id)).map((commit) => commit.sha)).toEqual([sha("b"), sha("a")]);
    expect((await recentCommits(await accessOf(user), null)).map((commit) => commit.sha)).toEqual([sha("c"), sha("b"), sha("a")]);
    expect((await recentCommits(await accessOf(user), null, 1)).map((commit) => commit.sha)).toEqual([sha("c")]);

    const summaries = await commitSummaries(await accessOf(user), [older!.id, outside!.id, foreign!.id]);
    expect(summaries).toEqual([
      { id: outside!.id, sha: sha("c"), message: "commit c", committedAt: new Date("2026-11-03T00:00:00Z"), repository: { id: elsewhere.id, name: "other" } },
      { id: older!.id, sha: sha("a"), message: "commit a", committedAt: new Date("2026-11-01T00:00:00Z"), repository: { id: inProject.id, name: "app" } },
    ]);

    const first = await createEntry(await accessOf(user), { content: "first", recorded_at: new Date("2026-11-05T00:00:00Z") }, "api");
    const second = await createEntry(await accessOf(user), { content: "second", recorded_at: new Date("2026-11-06T00:00:00Z") }, "api");
    await attachCommits(await accessOf(user), first.id, { commit_ids: [older!.id, newer!.id] });
    await attachCommits(await accessOf(user), second.id, { commit_ids: [older!.id] });
    const strangerEntry = await createEntry(await accessOf(stranger), { content: "theirs" }, "api");
    await attachCommits(await accessOf(stranger), strangerEntry.id, { commit_ids: [foreign!.id] });

    const attached = await entriesByCommit(await accessOf(user), [older!.id, newer!.id, outside!.id, foreign!.id]);
    expect(Object.fromEntries([...attached].map(([commitId, entries]) => [commitId, entries.map((entry) => entry.content)]))).toEqual({
      [older!.id]: ["second", "first"],
      [newer!.id]: ["first"],
    });
  });
});
