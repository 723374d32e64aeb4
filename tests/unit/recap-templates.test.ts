import { describe, expect, it } from "vitest";
import { builtInRecapPieces } from "@/lib/recaps/built-in";
import { citableSources, citedSources } from "@/lib/recaps/citations";
import type { RecapCommit, RecapEntry, RecapInput } from "@/lib/recaps/generator";
import { recapTemplateIds, type RecapTemplate } from "@/lib/recaps/templates";
import { renderedMarkdown } from "../support/rendered-markdown";

const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, "0")}`;
const foreignEntryId = "0190ffff-0000-7000-8000-000000000000";

const commits = {
  pricing: {
    id: id(101),
    sha: "a1".repeat(20),
    message: "Add the pricing page\n\nWith its table.",
    url: `https://github.com/acme/website/commit/${"a1".repeat(20)}`,
  },
  pricingTests: { id: id(102), sha: "b2".repeat(20), message: "Test every plan", url: null },
  flaky: { id: id(103), sha: "c3".repeat(20), message: "Wait for the session cookie in the login test", url: null },
  limits: { id: id(104), sha: "d4".repeat(20), message: "Rate-limit the public API", url: `https://gitlab.com/acme/api/-/commit/${"d4".repeat(20)}` },
} satisfies Record<string, RecapCommit>;

const projects = { oss: { id: id(201), name: "OSS" }, website: { id: id(202), name: "Website" }, api: { id: id(203), name: "API" } };

const authors = { ada: { id: id(301), name: "Ada" }, grace: { id: id(302), name: "Grace" }, linus: { id: id(303), name: "Linus" } };

/** Ada wrote the even entries, Grace the odd ones; Linus, a member too, wrote none. */
const entry = (n: number, recordedAt: string, content: string, more: Partial<RecapEntry> = {}): RecapEntry => ({
  id: id(n),
  author: n % 2 === 0 ? authors.ada : authors.grace,
  content,
  recordedAt: new Date(recordedAt),
  durationSeconds: null,
  tags: [],
  project: null,
  commits: [],
  ...more,
});

/**
 * A week of work in Paris: the same triage four times (one written differently), a long entry
 * with a link and a code span, entries without a project, blockers (a tag, and "blocked by"),
 * commits with and without a page, a fenced code block, a link to an entry outside the recap.
 */
const entries: RecapEntry[] = [
  entry(1, "2026-03-02T08:30:00Z", "Triaged issues in the OSS repo, closed 6 stale ones.", { durationSeconds: 1800, tags: ["triage"], project: projects.oss }),
  entry(
    2,
    "2026-03-02T14:00:00Z",
    "Shipped the **new pricing page** with [PR #42](https://github.com/acme/website/pull/42) merged after review; moved the price table into `components/pricing-table.tsx` and added tests for every plan, including the yearly discount and the currency switch that finance asked for.",
    { durationSeconds: 12600, tags: ["shipped", "frontend"], project: projects.website, commits: [commits.pricing, commits.pricingTests] },
  ),
  entry(3, "2026-03-03T08:30:00Z", "Triaged issues in the OSS repo, closed 6 stale ones.", { durationSeconds: 1800, tags: ["triage"], project: projects.oss }),
  entry(4, "2026-03-03T15:00:00Z", "Merged PR #17: rate limits for the public API", {
    durationSeconds: 5400,
    tags: ["backend"],
    project: projects.api,
    commits: [commits.limits],
  }),
  entry(5, "2026-03-04T08:30:00Z", "triaged issues in the   OSS repo, closed 6 stale ones", { durationSeconds: 1800, tags: ["triage"], project: projects.oss }),
  entry(6, "2026-03-04T16:00:00Z", `Followed up on [the notes of Monday](/?entry=${foreignEntryId}) with the design team`, { project: projects.api }),
  entry(7, "2026-03-05T08:30:00Z", "Triaged issues in the OSS repo, closed 6 stale ones.", { durationSeconds: 1800, tags: ["triage"], project: projects.oss }),
  entry(8, "2026-03-05T10:00:00Z", "Planning meeting about the priorities of the second quarter", { durationSeconds: 2700 }),
  entry(9, "2026-03-05T13:00:00Z", "Waiting for the API keys of the payment provider", { tags: ["blocked"], project: projects.website }),
  entry(10, "2026-03-06T09:00:00Z", "Fixed the flaky login test", {
    durationSeconds: 3600,
    tags: ["testing"],
    project: projects.api,
    commits: [commits.flaky],
  }),
  entry(11, "2026-03-06T11:00:00Z", "Blocked by the migration of the staging database: the search cannot be deployed", { project: projects.api }),
  entry(12, "2026-03-06T15:00:00Z", "## Release notes\n- Wrote the changelog for `v2.3`\n```sh\nnpm run release\n```\n", {
    tags: ["release"],
    project: projects.website,
  }),
].reverse();

const inputOf = (template: RecapTemplate): RecapInput => ({
  template,
  entries,
  filters: { from: "2026-03-01T23:00:00.000Z", to: "2026-03-06T22:59:59.999Z", project_ids: [], tags: [], exclude_tags: [] },
  timeZone: "Europe/Paris",
  members: [authors.linus, authors.grace, authors.ada],
});

const recapOf = (template: RecapTemplate) => [...builtInRecapPieces(inputOf(template))].join("");

describe("the built-in recap templates", () => {
  for (const template of recapTemplateIds) {
    it(`write the ${template} template as its snapshot`, async () => {
      await expect(recapOf(template)).toMatchFileSnapshot(`./__snapshots__/recap-templates/${template}.md`);
    });

    it(`cite in the ${template} template only the recap's entries and commits, each source being a rendered link`, () => {
      const content = recapOf(template);
      const sources = citedSources(content, citableSources(entries));
      const known = new Map<string, string>([
        ...entries.map((item) => [item.id, "entry"] as const),
        ...Object.values(commits).map((commit) => [commit.id, "commit"] as const),
      ]);
      for (const source of sources) expect(known.get(source.id)).toBe(source.type);

      const { links } = renderedMarkdown(content);
      const commitIdsByUrl = new Map(Object.values(commits).flatMap((commit) => (commit.url ? [[commit.url, commit.id] as const] : [])));
      const renderedCitations = links.flatMap(({ href }) => {
        const entryId = /^\/\?entry=(.+)$/.exec(href)?.[1];
        if (entryId) return [entryId];
        return commitIdsByUrl.has(href) ? [commitIdsByUrl.get(href)!] : [];
      });
      expect([...new Set(renderedCitations)]).toEqual(sources.map((source) => source.id));
      expect(content).not.toContain(foreignEntryId);
    });
  }

  it("split a team standup per member by name, each citing their own entries, and name who wrote nothing", () => {
    const text = recapOf("team_standup");
    expect([...text.matchAll(/^## (.+)$/gm)].map(([, name]) => name)).toEqual(["Ada", "Grace", "Linus"]);
    const grace = text.slice(text.indexOf("## Grace"), text.indexOf("## Linus"));
    expect(grace.slice(grace.indexOf("**Blockers**"))).toMatch(/Blocked by the migration[\s\S]*Waiting for the API keys/);
    for (const [, entryId] of grace.matchAll(/\(\/\?entry=([^)]+)\)/g)) expect(entries.find((item) => item.id === entryId)!.author.name).toBe("Grace");
    expect(text).toContain("## Linus\n\nNothing written since Thursday.\n");
    expect(text.trimEnd().endsWith("No entries since Thursday: Linus.")).toBe(true);
    expect(text).toContain("6 earlier entries of the period left out");
  });

  it("say a repeated entry once, with how many times and every day it was written", () => {
    const summary = recapOf("summary");
    expect(summary.match(/Triaged issues in the OSS repo/gi)).toHaveLength(1);
    expect(summary).toContain(
      `- Triaged issues in the OSS repo, closed 6 stale ones. ×4 ([2 Mar](/?entry=${id(1)}), [3 Mar](/?entry=${id(3)}), [4 Mar](/?entry=${id(5)}), [5 Mar](/?entry=${id(7)}))\n`,
    );
  });

  it("shorten long entries at a word before a code span the cut would split, keeping links whole", () => {
    const summary = recapOf("summary");
    const line = summary.split("\n").find((text) => text.startsWith("- Shipped the"))!;
    expect(line).toMatch(
      /^- Shipped the \*\*new pricing page\*\* with \[PR #42\]\(https:\/\/github\.com\/acme\/website\/pull\/42\) merged after review; moved the price table into… \(\[2 Mar\]/,
    );
    expect(renderedMarkdown(line).html).toContain("<strong>new pricing page</strong>");
  });

  it("split a standup into yesterday, today and blockers", () => {
    const standup = recapOf("standup");
    expect(standup).toMatch(
      /^# Standup Fri 6 Mar 2026\n\n## Yesterday: Thu 5 Mar\n\n[^#]*Planning meeting[^#]*## Today: Fri 6 Mar\n\n[^#]*Fixed the flaky login test[^#]*## Blockers\n\n/,
    );
    const blockers = standup.slice(standup.indexOf("## Blockers"));
    expect(blockers).toContain("Blocked by the migration of the staging database");
    expect(blockers).toContain("Waiting for the API keys");
    expect(standup.match(/Waiting for the API keys/g)).toHaveLength(1);
    expect(standup).not.toContain("pricing page");
  });

  it("tell the outcomes in a brag document, newest first, and where the time went when there are none", () => {
    const brag = recapOf("brag");
    const outcomes = ["Release notes", "Merged PR #17", "Shipped the"].map((text) => brag.indexOf(text));
    expect(outcomes.every((index) => index > 0)).toBe(true);
    expect(outcomes).toEqual([...outcomes].sort((a, b) => a - b));
    expect(brag).not.toContain("Triaged issues");

    const routine = [
      entry(1, "2026-03-02T08:30:00Z", "Answered support tickets", { durationSeconds: 600 }),
      entry(2, "2026-03-03T08:30:00Z", "Reviewed the roadmap", { durationSeconds: 3600 }),
    ];
    const fallback = [...builtInRecapPieces({ ...inputOf("brag"), entries: routine.reverse() })].join("");
    expect(fallback).toContain("No outcome stands out yet");
    expect(fallback.indexOf("Reviewed the roadmap")).toBeLessThan(fallback.indexOf("Answered support tickets"));
  });
});
