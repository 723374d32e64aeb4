import { describe, expect, it } from "vitest";
import {
  commitSubject,
  commitsTitle,
  draftCommitContent,
  draftPullRequestContent,
  draftSuggestions,
  type SuggestedRepository,
  type UnloggedCommit,
} from "@/lib/worklog/suggestion-drafts";

const sha = (seed: string) => seed.repeat(40).slice(0, 40);
const short = (seed: string) => `\`${sha(seed).slice(0, 7)}\``;
const draft = (...commits: [seed: string, message: string, webUrl?: string][]) =>
  draftCommitContent(commits.map(([seed, message, webUrl]) => ({ sha: sha(seed), message, webUrl: webUrl ?? null })));

describe("commitSubject", () => {
  it("is the message's first line, trimmed, whatever its line endings", () => {
    expect(commitSubject("  Fix the build \r\n\r\nBecause.")).toBe("Fix the build");
    expect(commitSubject("One line")).toBe("One line");
  });
});

describe("draftCommitContent", () => {
  it("groups Conventional Commits by type, in a fixed order, and keeps other subjects as they are, oldest first", () => {
    expect(
      draft(
        ["a1", "Update the README"],
        ["b2", "fix(api): handle empty bodies"],
        ["c3", "feat: pricing page"],
        ["d4", "Fix: the footer links"],
        ["e5", "wip: not a type"],
        ["a7", "constructor: not a type either"],
        ["f6", "feat(auth)!: drop passwords"],
      ),
    ).toBe(
      [
        `- Features: pricing page (${short("c3")}); **auth:** drop passwords (breaking change) (${short("f6")})`,
        `- Fixes: **api:** handle empty bodies (${short("b2")}); the footer links (${short("d4")})`,
        `- Update the README (${short("a1")})`,
        `- wip: not a type (${short("e5")})`,
        `- constructor: not a type either (${short("a7")})`,
      ].join("\n"),
    );
  });

  it("writes a subject repeated once, citing every commit that has it", () => {
    expect(draft(["a1", "fix: flaky test"], ["b2", "Bump deps"], ["c3", "fix:  Flaky test"], ["d4", "bump deps"])).toBe(
      [`- Fixes: flaky test (${short("a1")}, ${short("c3")})`, `- Bump deps (${short("b2")}, ${short("d4")})`].join("\n"),
    );
  });

  it("links a short sha to the commit's page, its destination kept whole", () => {
    expect(draft(["a1", "docs: the (new) API", "https://git.example.com/acme/app/commit/a1 (x)"])).toBe(
      `- Documentation: the (new) API ([${short("a1")}](https://git.example.com/acme/app/commit/a1%20%28x%29))`,
    );
  });

  it("fits an entry's 10 000 characters, saying how many commits it leaves out", () => {
    const commits = Array.from({ length: 600 }, (_, index) => ({
      sha: index.toString(16).padStart(40, "0"),
      message: `fix: problem number ${index} of the parser`,
      webUrl: null,
    }));
    const content = draftCommitContent(commits);
    expect([...content].length).toBeLessThanOrEqual(10_000);
    const cited = content.match(/`[0-9a-f]{7}`/g)!.length;
    expect(cited).toBeGreaterThan(100);
    expect(content.endsWith(`- … and ${600 - cited} more commits`)).toBe(true);
    expect(draftCommitContent([{ sha: sha("a1"), message: "x".repeat(20_000), webUrl: null }])).toBe(`- ${"x".repeat(299)}… (${short("a1")})`);
  });
});

describe("titles and pull requests", () => {
  it("count the commits, and name the pull request with a link and its merge commit", () => {
    expect(commitsTitle(1, "acme/app")).toBe("1 commit on acme/app not logged yet");
    expect(commitsTitle(4, "acme/app")).toBe("4 commits on acme/app not logged yet");
    expect(draftPullRequestContent({ number: 12, title: "Dark mode", webUrl: "https://github.com/acme/app/pull/12" }, { sha: sha("a1"), webUrl: null })).toBe(
      `Merged pull request [#12](https://github.com/acme/app/pull/12): Dark mode (${short("a1")})`,
    );
    expect(draftPullRequestContent({ number: 3, title: "Typo", webUrl: null })).toBe("Merged pull request #3: Typo");
  });
});

describe("draftSuggestions", () => {
  const app: SuggestedRepository = { id: "01936f21-0000-7000-8000-000000000001", name: "acme/app", projectId: null };
  const docs: SuggestedRepository = { id: "01936f21-0000-7000-8000-000000000002", name: "acme/docs", projectId: "01936f20-0000-7000-8000-000000000001" };
  let ids = 0;
  const unlogged = (repository: SuggestedRepository, committedAt: string, pullRequestId: string | null = null): UnloggedCommit => {
    const id = `01936f22-0000-7000-8000-${String(++ids).padStart(12, "0")}`;
    return { id, sha: sha(String(ids % 10)), message: `Change ${ids}`, committedAt: new Date(committedAt), webUrl: null, repository, pullRequestId };
  };

  it("groups commits by repository and day of the zone, gives merge commits to their pull requests, newest day first", () => {
    const pullId = "01936f25-0000-7000-8000-000000000001";
    const dismissedPullId = "01936f25-0000-7000-8000-000000000002";
    // Tokyo is UTC+9: 15:30 UTC is already the next day there.
    const late = unlogged(app, "2026-11-20T15:30:00Z");
    const early = unlogged(app, "2026-11-20T01:00:00Z");
    const lateToo = unlogged(app, "2026-11-20T20:00:00Z");
    const docsCommit = unlogged(docs, "2026-11-20T16:00:00Z");
    const merge = unlogged(app, "2026-11-20T21:00:00Z", pullId);
    const dismissedMerge = unlogged(app, "2026-11-20T22:00:00Z", dismissedPullId);
    const pull = { id: pullId, number: 7, title: "Search", webUrl: null, mergedAt: new Date("2026-11-20T21:00:05Z"), repository: app };

    const suggestions = draftSuggestions([early, late, docsCommit, lateToo, merge, dismissedMerge, late], [pull], "Asia/Tokyo");
    expect(suggestions.map(({ id, kind, day, recorded_at, commits }) => ({ id, kind, day, recorded_at, commits: commits.map((commit) => commit.id) }))).toEqual(
      [
        { id: pullId, kind: "pull_request", day: "2026-11-21", recorded_at: "2026-11-20T21:00:05.000Z", commits: [merge.id] },
        { id: `commits:${app.id}:2026-11-21`, kind: "commits", day: "2026-11-21", recorded_at: "2026-11-20T20:00:00.000Z", commits: [late.id, lateToo.id] },
        { id: `commits:${docs.id}:2026-11-21`, kind: "commits", day: "2026-11-21", recorded_at: "2026-11-20T16:00:00.000Z", commits: [docsCommit.id] },
        { id: `commits:${app.id}:2026-11-20`, kind: "commits", day: "2026-11-20", recorded_at: "2026-11-20T01:00:00.000Z", commits: [early.id] },
      ],
    );
    expect(suggestions[1]).toMatchObject({
      title: "2 commits on acme/app not logged yet",
      repository: { id: app.id, name: "acme/app", project_id: null },
      pull_request: null,
    });
    expect(suggestions[2]!.repository?.project_id).toBe(docs.projectId);
    expect(suggestions[0]).toMatchObject({ title: "Merged pull request #7: Search", pull_request: { id: pullId, number: 7, title: "Search", web_url: null } });
    expect(draftSuggestions([], [], "UTC")).toEqual([]);
  });
});
