import { describe, expect, it } from "vitest";
import { accessOf, personalRow } from "../support/access";
import { personalWorkspaceId } from "@/lib/access/memberships";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createProject } from "@/lib/projects/projects";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";
import { attachCommits, createEntry, deleteEntry, getEntry } from "@/lib/worklog/entries";
import type { SuggestionQuery } from "@/lib/worklog/suggestion-schemas";
import { dismissSuggestions, listSuggestions, logSuggestion, suggestionRange, undoDismissal } from "@/lib/worklog/suggestions";

// Suggested entries (lib/worklog/suggestion-sql.ts, docs/api.md "Suggested entries") on both
// databases: the commits of a period no entry cites and none dismissed, by repository and day of
// the account's time zone, and merged pull requests.

let accounts = 0;
const newUser = (timezone = "UTC") => getDb().user.create({ data: { email: `suggest-${++accounts}@example.com`, timezone } });

const sha = (seed: string) => seed.repeat(40).slice(0, 40);
const commit = (seed: string, message: string, committedAt: string) => ({ sha: sha(seed), message, committed_at: new Date(committedAt) });
const days = (from: string, to: string): SuggestionQuery => ({ from: { kind: "day", date: from }, to: { kind: "day", date: to } });
const counters = async (userId: string) => getDb().accountCounters.findUniqueOrThrow({ where: { workspaceId: await personalWorkspaceId(userId) } });

/** An account in New York with two repositories and commits around the end of daylight saving time (2026-11-01, a day of 25 hours). */
async function newYorkAccount() {
  const user = await newUser("America/New_York");
  const project = await createProject(await accessOf(user), { name: "Acme", identifier: "ACM" });
  const app = await createRepository(await accessOf(user), { name: "acme/app", project_id: project.id });
  const docs = await createRepository(await accessOf(user), { name: "acme/docs" });
  const appCommits = await recordCommits(await accessOf(user), app.id, [
    // 23:30 on Saturday October 31 (EDT, UTC-4): already November 1 in UTC.
    commit("a1", "feat: pricing page\n\nWith annual plans.", "2026-11-01T03:30:00Z"),
    // 00:30 on Sunday November 1 (EDT), then 23:30 the same Sunday (EST, UTC-5): November 2 in UTC.
    commit("a2", "fix(footer): broken links", "2026-11-01T04:30:00Z"),
    commit("a3", "fix: typo", "2026-11-02T04:30:00Z"),
    // 00:30 on Monday November 2 (EST): outside a period ending on the 1st.
    commit("a4", "Update the README", "2026-11-02T05:30:00Z"),
  ]);
  const docsCommits = await recordCommits(await accessOf(user), docs.id, [commit("d1", "Describe the pricing", "2026-11-01T15:00:00Z")]);
  return { user, project, app, docs, appCommits, docsCommits };
}

describe("listSuggestions", () => {
  it("groups the commits no entry cites by repository and day of the account's time zone, newest day first", async () => {
    const { user, project, app, docs, appCommits, docsCommits } = await newYorkAccount();
    const suggestions = await listSuggestions(await accessOf(user), days("2026-10-31", "2026-11-01"));
    expect(suggestions.map(({ id, day, title, recorded_at }) => ({ id, day, title, recorded_at }))).toEqual([
      { id: `commits:${app.id}:2026-11-01`, day: "2026-11-01", title: "2 commits on acme/app not logged yet", recorded_at: "2026-11-02T04:30:00.000Z" },
      { id: `commits:${docs.id}:2026-11-01`, day: "2026-11-01", title: "1 commit on acme/docs not logged yet", recorded_at: "2026-11-01T15:00:00.000Z" },
      { id: `commits:${app.id}:2026-10-31`, day: "2026-10-31", title: "1 commit on acme/app not logged yet", recorded_at: "2026-11-01T03:30:00.000Z" },
    ]);
    const [sunday, docsSunday, saturday] = suggestions;
    expect(sunday).toMatchObject({
      kind: "commits",
      repository: { id: app.id, name: "acme/app", project_id: project.id },
      content: `- Fixes: **footer:** broken links (\`${sha("a2").slice(0, 7)}\`); typo (\`${sha("a3").slice(0, 7)}\`)`,
      pull_request: null,
    });
    expect(sunday!.commits).toEqual(
      [appCommits[1]!, appCommits[2]!].map((each) => ({
        id: each.id,
        sha: each.sha,
        short_sha: each.sha.slice(0, 7),
        subject: each.message,
        committed_at: each.committedAt.toISOString(),
        web_url: null,
      })),
    );
    expect(docsSunday).toMatchObject({ repository: { id: docs.id, project_id: null }, commits: [{ id: docsCommits[0]!.id }] });
    expect(saturday).toMatchObject({
      content: `- Features: pricing page (\`${sha("a1").slice(0, 7)}\`)`,
      commits: [{ id: appCommits[0]!.id, subject: "feat: pricing page" }],
    });
  });

  it("reads a timestamp bound as an instant, and defaults to the last 14 days of the account's zone", async () => {
    const { user, app } = await newYorkAccount();
    const fromInstant = await listSuggestions(await accessOf(user), {
      from: { kind: "timestamp", instant: new Date("2026-11-02T00:00:00Z") },
      to: { kind: "day", date: "2026-11-02" },
    });
    expect(fromInstant.map((suggestion) => [suggestion.id, suggestion.commits.length])).toEqual([
      [`commits:${app.id}:2026-11-02`, 1],
      [`commits:${app.id}:2026-11-01`, 1],
    ]);
    const now = new Date("2026-11-20T03:00:00Z"); // still the 19th in New York
    expect(suggestionRange(user, {}, now)).toEqual({ start: new Date("2026-11-06T05:00:00Z"), end: new Date("2026-11-20T04:59:59.999Z") });
    expect(suggestionRange(user, { to: { kind: "day", date: "2026-11-01" } }, now)).toEqual({
      start: new Date("2026-10-19T04:00:00Z"),
      end: new Date("2026-11-02T04:59:59.999Z"),
    });
    expect(() => suggestionRange(user, days("2026-08-02", "2026-11-01"))).not.toThrow(); // 92 days
    expect(() => suggestionRange(user, days("2026-08-01", "2026-11-01"))).toThrow(new AppError("invalid_request", "from and to must span at most 92 days"));
    expect(() => suggestionRange(user, days("2026-11-02", "2026-11-01"))).toThrow(new AppError("invalid_request", "from must not be after to"));
  });

  it("leaves out the commits an entry cites, and suggests them again once the entry is deleted", async () => {
    const { user, app, appCommits } = await newYorkAccount();
    const entry = await createEntry(await accessOf(user), { content: "Fixed the footer", commit_ids: [appCommits[1]!.id] }, "api");
    const [sunday] = await listSuggestions(await accessOf(user), days("2026-11-01", "2026-11-01"));
    expect(sunday).toMatchObject({ id: `commits:${app.id}:2026-11-01`, title: "1 commit on acme/app not logged yet", commits: [{ id: appCommits[2]!.id }] });
    await attachCommits(await accessOf(user), entry.id, { commit_ids: [appCommits[2]!.id] });
    expect((await listSuggestions(await accessOf(user), days("2026-11-01", "2026-11-01"))).map((suggestion) => suggestion.repository?.name)).toEqual([
      "acme/docs",
    ]);
    await deleteEntry(await accessOf(user), entry.id);
    expect((await listSuggestions(await accessOf(user), days("2026-11-01", "2026-11-01")))[0]!.commits).toHaveLength(2);
  });

  it("leaves out dismissed commits, all or none of a request, and suggests them again after an undo", async () => {
    const { user, appCommits, docsCommits } = await newYorkAccount();
    const stranger = await newYorkAccount();
    const period = days("2026-11-01", "2026-11-01");
    const before = await counters(user.id);

    // Another account's commit among the ids: not found, and nothing dismissed.
    await expect(dismissSuggestions(await accessOf(user), { commit_ids: [appCommits[1]!.id, stranger.appCommits[1]!.id] })).rejects.toThrow(
      AppError.notFound(),
    );
    expect((await listSuggestions(await accessOf(user), period)).flatMap((suggestion) => suggestion.commits)).toHaveLength(3);
    expect((await counters(user.id)).changeSeq).toBe(before.changeSeq);

    const ids = [appCommits[1]!.id, appCommits[2]!.id, appCommits[1]!.id];
    expect(await dismissSuggestions(await accessOf(user), { commit_ids: ids })).toEqual({ dismissed: { commits: 2, pull_requests: 0, calendar_events: 0 } });
    expect(await dismissSuggestions(await accessOf(user), { commit_ids: ids })).toEqual({ dismissed: { commits: 2, pull_requests: 0, calendar_events: 0 } });
    expect((await listSuggestions(await accessOf(user), period)).map((suggestion) => suggestion.commits.map((each) => each.id))).toEqual([
      [docsCommits[0]!.id],
    ]);
    // A dismissal is a change of the account: the ETag of its reads moves on.
    const dismissed = await counters(user.id);
    expect(dismissed.changeSeq).toBeGreaterThan(before.changeSeq);
    expect((await listSuggestions(await accessOf(stranger.user), period)).flatMap((suggestion) => suggestion.commits)).toHaveLength(3);

    await undoDismissal(await accessOf(user), { commit_ids: [appCommits[1]!.id, stranger.appCommits[2]!.id] });
    // The latest work first: the docs' commit of 10:00, then the app's of 00:30.
    expect((await listSuggestions(await accessOf(user), period)).flatMap((suggestion) => suggestion.commits.map((each) => each.id))).toEqual([
      docsCommits[0]!.id,
      appCommits[1]!.id,
    ]);
    expect((await counters(user.id)).changeSeq).toBeGreaterThan(dismissed.changeSeq);
  });
});

describe("pull request suggestions", () => {
  async function pullRequest(userId: string, repositoryId: string, number: number, mergedAt: string, mergeSha: string | null) {
    return getDb().pullRequestSuggestion.create({
      data: {
        ...(await personalRow({ id: userId })),
        repositoryId,
        number,
        title: `Pull ${number}`,
        webUrl: `https://github.com/acme/app/pull/${number}`,
        mergedAt: new Date(mergedAt),
        mergeSha,
      },
    });
  }

  it("are suggested with their merge commit, which leaves the commits' suggestion, until dismissed or cited", async () => {
    const { user, app, appCommits } = await newYorkAccount();
    const before = await counters(user.id);
    const merged = await pullRequest(user.id, app.id, 12, "2026-11-02T04:31:00Z", sha("a3"));
    const unstored = await pullRequest(user.id, app.id, 13, "2026-11-01T12:00:00Z", sha("ff"));
    expect((await counters(user.id)).changeSeq).toBeGreaterThan(before.changeSeq);
    const period = days("2026-11-01", "2026-11-01");

    const suggestions = await listSuggestions(await accessOf(user), period);
    const pull = suggestions.find((suggestion) => suggestion.id === merged.id);
    expect(pull).toEqual({
      id: merged.id,
      kind: "pull_request",
      day: "2026-11-01",
      repository: { id: app.id, name: "acme/app", project_id: app.projectId },
      title: "Merged pull request #12: Pull 12",
      content: `Merged pull request [#12](https://github.com/acme/app/pull/12): Pull 12 (\`${sha("a3").slice(0, 7)}\`)`,
      recorded_at: "2026-11-02T04:31:00.000Z",
      commits: [expect.objectContaining({ id: appCommits[2]!.id, subject: "fix: typo" })],
      commit_count: 1,
      pull_request: { id: merged.id, number: 12, title: "Pull 12", web_url: "https://github.com/acme/app/pull/12" },
      calendar_event: null,
    });
    expect(suggestions.find((suggestion) => suggestion.id === unstored.id)).toMatchObject({
      commits: [],
      commit_count: 0,
      recorded_at: "2026-11-01T12:00:00.000Z",
    });
    // The merge commit belongs to its pull request's suggestion only.
    expect(suggestions.find((suggestion) => suggestion.id === `commits:${app.id}:2026-11-01`)!.commits.map((each) => each.id)).toEqual([appCommits[1]!.id]);

    // Logging the pull request's suggestion cites its merge commit and dismisses it.
    const entry = await logSuggestion(await accessOf(user), { content: pull!.content, commit_ids: [appCommits[2]!.id], pull_request_id: merged.id }, "web");
    expect(entry.commits).toEqual([{ commitId: appCommits[2]!.id }]);
    expect((await getDb().pullRequestSuggestion.findUniqueOrThrow({ where: { id: merged.id } })).dismissedAt).not.toBeNull();
    const after = (await listSuggestions(await accessOf(user), period)).map((suggestion) => suggestion.id);
    expect(after).not.toContain(merged.id);
    expect(after).toContain(unstored.id);

    // Dismissed, a pull request's merge commit is suggested no more either; undone, both are back.
    await getDb().worklogEntry.delete({ where: { id: entry.id } });
    expect((await listSuggestions(await accessOf(user), period)).map((suggestion) => suggestion.id)).not.toContain(merged.id);
    expect((await listSuggestions(await accessOf(user), period)).flatMap((suggestion) => suggestion.commits.map((each) => each.id))).not.toContain(
      appCommits[2]!.id,
    );
    await undoDismissal(await accessOf(user), { pull_request_ids: [merged.id] });
    expect((await listSuggestions(await accessOf(user), period)).find((suggestion) => suggestion.id === merged.id)!.commits).toHaveLength(1);

    // Citing the merge commit is enough to log it.
    await createEntry(await accessOf(user), { content: "Fixed a typo", commit_ids: [appCommits[2]!.id] }, "api");
    expect((await listSuggestions(await accessOf(user), period)).map((suggestion) => suggestion.id)).not.toContain(merged.id);
  });

  it("are dismissed with commits in one request, or not at all when one is another account's", async () => {
    const { user, app, appCommits } = await newYorkAccount();
    const stranger = await newYorkAccount();
    const ours = await pullRequest(user.id, app.id, 1, "2026-11-01T12:00:00Z", null);
    const theirs = await pullRequest(stranger.user.id, stranger.app.id, 1, "2026-11-01T12:00:00Z", null);
    await expect(dismissSuggestions(await accessOf(user), { commit_ids: [appCommits[1]!.id], pull_request_ids: [ours.id, theirs.id] })).rejects.toThrow(
      AppError.notFound(),
    );
    expect(await getDb().dismissedCommit.count({ where: { userId: user.id } })).toBe(0);
    expect((await getDb().pullRequestSuggestion.findUniqueOrThrow({ where: { id: ours.id } })).dismissedAt).toBeNull();

    expect(await dismissSuggestions(await accessOf(user), { commit_ids: [appCommits[1]!.id], pull_request_ids: [ours.id] })).toEqual({
      dismissed: { commits: 1, pull_requests: 1, calendar_events: 0 },
    });
    const { dismissedAt } = await getDb().pullRequestSuggestion.findUniqueOrThrow({ where: { id: ours.id } });
    expect(await dismissSuggestions(await accessOf(user), { pull_request_ids: [ours.id] })).toEqual({
      dismissed: { commits: 0, pull_requests: 1, calendar_events: 0 },
    });
    expect((await getDb().pullRequestSuggestion.findUniqueOrThrow({ where: { id: ours.id } })).dismissedAt).toEqual(dismissedAt);
    expect((await listSuggestions(await accessOf(user), days("2026-11-01", "2026-11-01"))).map((suggestion) => suggestion.id)).not.toContain(ours.id);
  });
});

describe("an entry created with commit_ids", () => {
  it("attaches them all in one transaction, or creates nothing when one is not the account's", async () => {
    const { user, project, appCommits } = await newYorkAccount();
    const stranger = await newYorkAccount();
    const entryCount = await getDb().worklogEntry.count({ where: { userId: user.id } });
    await expect(
      createEntry(await accessOf(user), { content: "x", commit_ids: [appCommits[0]!.id, stranger.appCommits[0]!.id, appCommits[0]!.id] }, "web"),
    ).rejects.toMatchObject({ kind: "validation", issues: [{ pointer: "/commit_ids/1", detail: "Invalid value" }] });
    expect(await getDb().worklogEntry.count({ where: { userId: user.id } })).toBe(entryCount);

    const created = await createEntry(
      await accessOf(user),
      { content: "Priced", project_id: project.id, commit_ids: [appCommits[1]!.id, appCommits[0]!.id, appCommits[1]!.id] },
      "web",
    );
    expect(created.commits).toEqual([appCommits[0]!.id, appCommits[1]!.id].sort().map((commitId) => ({ commitId })));
    expect(created).toEqual(await getEntry(await accessOf(user), created.id));
    expect(created).toMatchObject({ source: "web", project: { id: project.id, identifier: "ACM" } });
  });
});
