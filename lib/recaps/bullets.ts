import { calendarDay } from "@/lib/time";
import { entryHref, withoutForeignCitations, type CitableSources } from "./citations";
import type { RecapCommit, RecapEntry } from "./generator";
import { oneLine, sameTextKey, shorten } from "./inline-markdown";
import { formatDate } from "@/lib/formatting/time-words";

/** How long an entry's text may be in a bullet before it is shortened. */
const BULLET_MAX_CHARACTERS = 160;

/** One statement of a recap: entries of the same text, the newest first. */
export type Bullet = { text: string; entries: RecapEntry[] };

/** An entry's text as a bullet quotes it: one line, links to entries outside the recap unlinked, shortened. */
function quotedText(entry: RecapEntry, sources: CitableSources): string {
  const line = withoutForeignCitations(oneLine(entry.content), sources);
  return line ? shorten(line, BULLET_MAX_CHARACTERS) : "(no text)";
}

/**
 * `entries` (newest first) as bullets: entries that read the same once quoted (case, markup,
 * spacing and final punctuation aside) merge into the bullet of the newest.
 */
export function mergedBullets(entries: RecapEntry[], sources: CitableSources): Bullet[] {
  const bullets = new Map<string, Bullet>();
  for (const entry of entries) {
    const text = quotedText(entry, sources);
    const key = sameTextKey(text);
    const bullet = bullets.get(key);
    if (bullet) bullet.entries.push(entry);
    else bullets.set(key, { text, entries: [entry] });
  }
  return [...bullets.values()];
}

/** A citation of an entry: its day, linked to it. */
export function entryCitation(entry: RecapEntry, timeZone: string): string {
  return `[${formatDate(calendarDay(entry.recordedAt, timeZone), { withYear: false })}](${entryHref(entry.id)})`;
}

const shortSha = (commit: RecapCommit) => commit.sha.slice(0, 7);

/** A commit as a recap names it: its short sha, linked to its page when the host is known. */
export function commitReference(commit: RecapCommit): string {
  return commit.url ? `[\`${shortSha(commit)}\`](${commit.url})` : `\`${shortSha(commit)}\``;
}

/** The commits of some entries, each once, in the entries' order. */
export function commitsOf(entries: RecapEntry[]): RecapCommit[] {
  return [...new Map(entries.flatMap((entry) => entry.commits).map((commit) => [commit.id, commit])).values()];
}

const oldestFirst = (entries: RecapEntry[]) => [...entries].sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime() || (a.id < b.id ? -1 : 1));

const citations = (entries: RecapEntry[], timeZone: string) => entries.map((entry) => entryCitation(entry, timeZone)).join(", ");

/** How a bullet ends: its entries' commits (by default), and what else follows its citations. */
type BulletOptions = { withCommits?: boolean; after?: string };

/**
 * A bullet as a markdown list item: the text, `×N` when merged, and its citations, oldest
 * first, with the entries' commits.
 */
export function bulletLine(bullet: Bullet, timeZone: string, { withCommits = true, after = "" }: BulletOptions = {}): string {
  const entries = oldestFirst(bullet.entries);
  const count = entries.length > 1 ? ` ×${entries.length}` : "";
  const commits = withCommits ? commitsOf(entries) : [];
  const commitList = commits.length > 0 ? `; ${commits.length === 1 ? "commit" : "commits"} ${commits.map(commitReference).join(", ")}` : "";
  return `- ${bullet.text}${count} (${citations(entries, timeZone)}${commitList})${after}\n`;
}

/** Up to `limit` bullets, then one saying how many entries more, citing them. */
export function* bulletList(bullets: Bullet[], limit: number, timeZone: string, options?: BulletOptions): Generator<string> {
  for (const bullet of bullets.slice(0, limit)) yield bulletLine(bullet, timeZone, options);
  const rest = bullets.slice(limit).flatMap((bullet) => bullet.entries);
  if (rest.length > 0) yield `- and ${rest.length} more (${citations(oldestFirst(rest), timeZone)})\n`;
}
