import type { RecapCommit, RecapEntry } from "./generator";
import { inlineSpans, type InlineSpan } from "./inline-markdown";
import type { RecapSource } from "./responses";

/**
 * How a recap cites what it says (docs/api.md, "Recaps"): a markdown link to an entry, relative
 * (`/?entry=<id>`, which the web app opens), or to a commit's page on its host. A commit without
 * a known page is cited through its entry.
 */
export const entryHref = (id: string) => `/?entry=${id}`;

const entryHrefPattern = /^\/\?entry=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** What a recap may cite: its entries, and its commits by the URL of their page. */
export type CitableSources = { entryIds: ReadonlySet<string>; commitIdsByUrl: ReadonlyMap<string, string> };

export function citableSources(entries: RecapEntry[]): CitableSources {
  const commits = entries.flatMap((entry) => entry.commits).filter((commit): commit is RecapCommit & { url: string } => commit.url !== null);
  return { entryIds: new Set(entries.map((entry) => entry.id)), commitIdsByUrl: new Map(commits.map((commit) => [commit.url, commit.id])) };
}

/**
 * What a link cites: one of the sources; `foreign` for a link to an entry that is not among them
 * (the recap must not cite it); null for any other link, which cites nothing.
 */
function citationOf(span: InlineSpan, sources: CitableSources): RecapSource | "foreign" | null {
  if (span.kind !== "link" || span.target === undefined) return null;
  const entryId = entryHrefPattern.exec(span.target)?.[1]?.toLowerCase();
  if (entryId !== undefined) return sources.entryIds.has(entryId) ? { type: "entry", id: entryId } : "foreign";
  const commitId = sources.commitIdsByUrl.get(span.target);
  return commitId === undefined ? null : { type: "commit", id: commitId };
}

/** The sources `markdown` cites, in order of first citation. */
export function citedSources(markdown: string, sources: CitableSources): RecapSource[] {
  const cited = new Map<string, RecapSource>();
  for (const span of inlineSpans(markdown)) {
    const citation = citationOf(span, sources);
    if (citation && citation !== "foreign" && !cited.has(citation.id)) cited.set(citation.id, citation);
  }
  return [...cited.values()];
}

/** `markdown` with every link to an entry outside `sources` replaced by the link's own text. */
export function withoutForeignCitations(markdown: string, sources: CitableSources): string {
  let result = "";
  let from = 0;
  for (const span of inlineSpans(markdown)) {
    if (citationOf(span, sources) !== "foreign") continue;
    result += markdown.slice(from, span.start) + (span.text ?? "");
    from = span.end;
  }
  return result + markdown.slice(from);
}

/** A link or code span that begins in `text` but may not have ended yet: from its `[` or backtick, on the last line. */
function unfinishedFrom(text: string): number {
  const lineStart = text.lastIndexOf("\n") + 1;
  const spans = inlineSpans(text);
  for (let index = lineStart; index < text.length; index++) {
    if (text[index] !== "[" && text[index] !== "`") continue;
    if (spans.some((span) => index >= span.start && index < span.end)) continue;
    if (text[index - 1] === "\\") continue;
    return index;
  }
  return text.length;
}

/** Past this, held text is let go as it is: a bracket that opens no link must not stall the stream. */
const MAX_HELD_CHARACTERS = 2000;

/**
 * Text as it streams, with `withoutForeignCitations` applied: what could still become a link
 * (or a code span, inside which nothing is a link) is held back until it is complete.
 */
export async function* checkedCitations(deltas: AsyncIterable<string>, sources: CitableSources): AsyncGenerator<string> {
  let held = "";
  for await (const delta of deltas) {
    held += delta;
    const safe = held.length > MAX_HELD_CHARACTERS ? held.length : unfinishedFrom(held);
    if (safe === 0) continue;
    yield withoutForeignCitations(held.slice(0, safe), sources);
    held = held.slice(safe);
  }
  if (held) yield withoutForeignCitations(held, sources);
}
