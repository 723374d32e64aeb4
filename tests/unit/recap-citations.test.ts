import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builtInRecapPieces } from "@/lib/recaps/built-in";
import { checkedCitations, citableSources, citedSources, withoutForeignCitations } from "@/lib/recaps/citations";
import type { RecapEntry } from "@/lib/recaps/generator";
import { oneLine, shorten } from "@/lib/recaps/inline-markdown";
import { recapTemplateIds } from "@/lib/recaps/templates";
import { renderedMarkdown } from "../support/rendered-markdown";

const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, "0")}`;
const foreign = "0190ffff-0000-7000-8000-000000000000";

describe("shortening an entry's text", () => {
  it("leaves short text alone and cuts long text at a word, with an ellipsis", () => {
    expect(shorten("Fixed the header", 20)).toBe("Fixed the header");
    expect(shorten("Fixed the header of the landing page", 20)).toBe("Fixed the header of…");
  });

  it("never cuts inside a link or a code span, and closes the emphasis it cuts", () => {
    expect(shorten("See [the long issue title](https://example.com/1) for more", 20)).toBe("See…");
    expect(shorten("Moved it into `a file with spaces.ts` and more", 25)).toBe("Moved it into…");
    expect(shorten("Shipped the **landing page and the pricing** today", 30)).toBe("Shipped the **landing page**…");
    expect(shorten("A _really important_ fix", 12)).toBe("A _really_…");
    expect(shorten("snake_case_names stay as_they_are here", 30)).toBe("snake_case_names stay…");
  });

  it("keeps a first word with markup whole, and cuts a plain one", () => {
    const link = "[a link with a long text](https://example.com)";
    expect(shorten(`${link} and more`, 10)).toBe(`${link}…`);
    expect(shorten("x".repeat(30), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("reads an entry as one line: headings with a colon, list items with semicolons, code blocks left out", () => {
    expect(oneLine("## Release\n- wrote notes\n- tagged v2\n```sh\nnpm run release\n```\nDone.")).toBe("Release: wrote notes; tagged v2; Done.");
    expect(oneLine("Shipped the **landing page**\nwith its details\n\n---\n> quoted")).toBe("Shipped the **landing page** with its details quoted");
  });
});

describe("citations", () => {
  const entries = [id(1), id(2)].map(
    (entryId): RecapEntry => ({
      id: entryId,
      content: "work",
      author: { id: id(700), name: "Ada" },
      recordedAt: new Date("2026-03-02T10:00:00Z"),
      durationSeconds: null,
      tags: [],
      project: null,
      commits: [{ id: id(9), sha: "ab".repeat(20), message: "m", url: "https://github.com/a/b/commit/abab" }],
    }),
  );
  const sources = citableSources(entries);

  it("are the links to the entries and commits, in order of first citation, not those in code", () => {
    const text = `A [x](/?entry=${id(2)}) [\`abab\`](https://github.com/a/b/commit/abab) \`[y](/?entry=${id(1)})\` [z](/?entry=${id(2)}) [w](https://example.com)`;
    expect(citedSources(text, sources)).toEqual([
      { type: "entry", id: id(2) },
      { type: "commit", id: id(9) },
    ]);
  });

  it("to an entry outside the sources lose their link and keep their text", () => {
    expect(withoutForeignCitations(`See [Monday](/?entry=${foreign}) and [Tuesday](/?entry=${id(1)}).`, sources)).toBe(
      `See Monday and [Tuesday](/?entry=${id(1)}).`,
    );
  });

  it("are checked the same however a stream cuts the text", async () => {
    const text = `## Week\n\nDid [this](/?entry=${id(1)}) and [that](/?entry=${foreign}), see \`[code](/?entry=${foreign})\` [ok\n`;
    const whole = withoutForeignCitations(text, sources);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(text.length), { maxLength: 8 }), async (cuts) => {
        const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), text.length];
        const pieces = points.slice(1).map((end, index) => text.slice(points[index], end));
        const streamed: string[] = [];
        for await (const piece of checkedCitations(
          (async function* () {
            yield* pieces;
          })(),
          sources,
        )) {
          streamed.push(piece);
        }
        expect(streamed.join("")).toBe(whole);
      }),
    );
    expect(whole).toContain("and that, see");
  });
});

const words = fc.constantFrom("fixed", "the", "login", "bug", "**bold words**", "_emphasis_", "snake_case", "2 * 3", "(see", "notes)", "[draft", "done.");
const codeSpans = fc.constantFrom("`npm test`", "`a b c`", "``code with ` tick``", "`[x](/?entry=1)`");
const links = fc.constantFrom(
  "[the PR](https://github.com/a/b/pull/1)",
  "[a `code` link](https://example.com/a_b)",
  "<https://example.com/x>",
  "[nested [brackets]](https://example.com)",
);
const inlineText = fc
  .array(fc.oneof({ weight: 4, arbitrary: words }, { weight: 1, arbitrary: codeSpans }, { weight: 1, arbitrary: links }), { minLength: 1, maxLength: 40 })
  .map((parts) => parts.join(" "));

describe("properties", () => {
  it("shortening keeps every link and code span whole: what renders of the short text renders the same in the whole", () => {
    fc.assert(
      fc.property(inlineText, fc.integer({ min: 5, max: 200 }), (text, max) => {
        const whole = renderedMarkdown(text);
        const short = renderedMarkdown(shorten(text, max));
        for (const link of short.links) expect(whole.links).toContainEqual(link);
        for (const code of short.codes) expect(whole.codes).toContain(code);
        expect(short.links.length + short.codes.length).toBeLessThanOrEqual(whole.links.length + whole.codes.length);
        // What a reader sees of the short text begins what they see of the whole: no markup broken into view.
        expect(whole.text.startsWith(short.text.replace(/…$/, "").trimEnd())).toBe(true);
      }),
    );
  });

  const entryArbitrary = fc.record({
    content: fc.oneof(
      inlineText,
      fc.constantFrom(
        "Triaged issues.",
        "triaged issues",
        "## Notes\n- one\n- two",
        `Linked [Monday](/?entry=${foreign})`,
        "Blocked by review",
        "Merged PR #3",
      ),
    ),
    day: fc.integer({ min: 1, max: 9 }),
    author: fc.constantFrom({ id: id(700), name: "Ada" }, { id: id(701), name: "Grace" }),
    durationSeconds: fc.option(fc.integer({ min: 60, max: 36_000 }), { nil: null }),
    tags: fc.subarray(["blocked", "shipped", "release", "frontend"]),
    project: fc.option(fc.constantFrom({ id: id(500), name: "Website" }, { id: id(501), name: "API" }), { nil: null }),
    commits: fc.subarray([
      { id: id(900), sha: "ab".repeat(20), message: "With a page", url: `https://github.com/a/b/commit/${"ab".repeat(20)}` },
      { id: id(901), sha: "cd".repeat(20), message: "Without a page", url: null },
    ]),
  });

  it("every source is cited in the content, every citation in the content is a source, for every template", () => {
    fc.assert(
      fc.property(fc.array(entryArbitrary, { minLength: 1, maxLength: 25 }), fc.constantFrom(...recapTemplateIds), (generated, template) => {
        const entries: RecapEntry[] = generated
          .map(({ day, ...entry }, index) => ({
            ...entry,
            id: id(index + 1),
            recordedAt: new Date(`2026-03-0${day}T${String(8 + (index % 10)).padStart(2, "0")}:00:00Z`),
          }))
          .sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime() || (a.id < b.id ? 1 : -1));
        const input = {
          template,
          entries,
          filters: { from: "2026-03-01T00:00:00.000Z", to: "2026-03-09T23:59:59.999Z", project_ids: [], tags: [], exclude_tags: [] },
          timeZone: "UTC",
        };
        const content = [...builtInRecapPieces(input)].join("");
        const sources = citedSources(content, citableSources(entries));

        const commitIds = new Map(entries.flatMap((entry) => entry.commits).flatMap((commit) => (commit.url ? [[commit.url, commit.id] as const] : [])));
        const rendered = renderedMarkdown(content).links.flatMap(({ href }) => {
          const entryId = /^\/\?entry=(.+)$/.exec(href)?.[1];
          return entryId ? [entryId] : commitIds.has(href) ? [commitIds.get(href)!] : [];
        });
        expect(new Set(rendered)).toEqual(new Set(sources.map((source) => source.id)));
        const known = new Set([...entries.map((entry) => entry.id), ...commitIds.values()]);
        for (const source of sources) expect(known).toContain(source.id);
      }),
      { numRuns: 60 },
    );
  });
});
