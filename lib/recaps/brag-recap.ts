import { bulletLine, bulletList, mergedBullets, type Bullet } from "./bullets";
import { citableSources, type CitableSources } from "./citations";
import { headline, periodOf, plural, totalDuration, type RecapEntry, type RecapInput } from "./generator";
import { inlineSpans, oneLine } from "./inline-markdown";

const OUTCOME_TAGS = new Set(["shipped", "ship", "release", "released", "launch", "launched", "milestone"]);
const mergedPullRequest = /\bmerged\b[\s\S]*?(?:\bPRs?\b|\bpull requests?\b|\bMRs?\b|\bmerge requests?\b|#\d+|\/pull\/\d+|\/merge_requests\/\d+)/i;
const bareUrl = /\bhttps?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/g;
const FALLBACK_BULLETS = 5;

/** The web links of an entry's text: its markdown links and autolinks, and its bare URLs, each once. */
function linksOf(text: string): { text: string; url: string }[] {
  const spans = inlineSpans(text).filter((span) => span.kind === "link" && /^https?:\/\//i.test(span.target ?? ""));
  const outside = spans.reduceRight((rest, span) => rest.slice(0, span.start) + " ".repeat(span.end - span.start) + rest.slice(span.end), text);
  const links = [
    ...spans.map((span) => ({ text: span.text ?? span.target!, url: span.target! })),
    ...[...outside.matchAll(bareUrl)].map(([url]) => ({ text: url, url })),
  ];
  return [...new Map(links.map((link) => [link.url, link])).values()];
}

/** An outcome worth telling in a review: an entry with a link, a merged pull request, or a tag such as `shipped` or `release`. */
const isOutcome = (entry: RecapEntry) =>
  entry.tags.some((tag) => OUTCOME_TAGS.has(tag)) || mergedPullRequest.test(entry.content) || linksOf(oneLine(entry.content)).length > 0;

/** The links of a bullet's entries that its shortened text lost, after its citations. */
function lostLinks(bullet: Bullet): string {
  const links = new Map(bullet.entries.flatMap((entry) => linksOf(oneLine(entry.content))).map((link) => [link.url, link]));
  const lost = [...links.values()].filter((link) => !bullet.text.includes(link.url));
  return lost.length > 0 ? ` · ${lost.map((link) => (link.text === link.url ? `<${link.url}>` : `[${link.text}](<${link.url}>)`)).join(", ")}` : "";
}

const withProject = (bullet: Bullet): Bullet => {
  const project = bullet.entries[0]!.project;
  return project ? { ...bullet, text: `**${project.name}**: ${bullet.text}` } : bullet;
};

function* outcomes(bullets: Bullet[], timeZone: string): Generator<string> {
  for (const bullet of bullets) yield bulletLine(withProject(bullet), timeZone, { after: lostLinks(bullet) });
}

/**
 * The `brag` template: the outcomes worth telling in a review, newest first, with their links
 * and commits. Without any, where the time went.
 */
export function* bragRecap(input: RecapInput): Generator<string> {
  const { entries, timeZone } = input;
  const sources: CitableSources = citableSources(entries);
  const found = entries.filter(isOutcome);
  yield `# Brag document ${periodOf(input)}\n\n`;
  yield `${headline(input)}\n\n`;
  if (found.length > 0) {
    yield `## Outcomes\n\n${plural(found.length, "entry", "entries")} worth telling, newest first.\n\n`;
    yield* outcomes(mergedBullets(found, sources), timeZone);
    return;
  }
  yield "No outcome stands out yet: no entry has a link, a merged pull request or a tag such as `shipped` or `release`.\n\n";
  yield "## Where the time went\n\n";
  const longest = mergedBullets(entries, sources).sort((a, b) => totalDuration(b.entries) - totalDuration(a.entries));
  yield* bulletList(longest.map(withProject), FALLBACK_BULLETS, timeZone);
}
