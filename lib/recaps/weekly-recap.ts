import { bulletList, commitReference, commitsOf, entryCitation, mergedBullets, type Bullet } from "./bullets";
import { citableSources } from "./citations";
import { formatDuration } from "@/lib/formatting/time-words";
import { byProject, headline, periodOf, plural, totalDuration, type RecapCommit, type RecapEntry, type RecapInput } from "./generator";
import { oneLine, shorten } from "./inline-markdown";

const HIGHLIGHTS_PER_PROJECT = 5;
const COMMITS_PER_PROJECT = 10;
const COMMIT_MESSAGE_MAX_CHARACTERS = 100;

/** The work that took longest first; the newest first among equals. */
const byTimeSpent = (a: Bullet, b: Bullet) => totalDuration(b.entries) - totalDuration(a.entries);

/** A commit's line: its message's first line, citing the commit's page, or its entry when the page is unknown. */
function commitLine(commit: RecapCommit, entry: RecapEntry, timeZone: string): string {
  const message = shorten(oneLine(commit.message.split("\n")[0]!) || "(no message)", COMMIT_MESSAGE_MAX_CHARACTERS);
  return `- ${message} (${commitReference(commit)}${commit.url ? "" : `, ${entryCitation(entry, timeZone)}`})\n`;
}

/**
 * The `weekly` template: per project, the time tracked, the highlights (where the time went,
 * repeats merged) and the commits.
 */
export function* weeklyRecap(input: RecapInput): Generator<string> {
  const { entries, timeZone } = input;
  const sources = citableSources(entries);
  yield `# Weekly recap ${periodOf(input)}\n\n`;
  yield `${headline(input)}\n\n`;

  for (const project of byProject(entries)) {
    const commits = commitsOf(project.entries);
    const tracked = totalDuration(project.entries);
    yield `## ${project.name}\n\n`;
    yield `${tracked > 0 ? `${formatDuration(tracked)} tracked` : "No time tracked"} in ${plural(project.entries.length, "entry", "entries")}, ${plural(commits.length, "commit")}.\n\n`;
    yield "**Highlights**\n\n";
    yield* bulletList(mergedBullets(project.entries, sources).sort(byTimeSpent), HIGHLIGHTS_PER_PROJECT, timeZone, { withCommits: false });
    yield "\n";
    if (commits.length === 0) continue;
    yield "**Commits**\n\n";
    for (const commit of commits.slice(0, COMMITS_PER_PROJECT)) {
      yield commitLine(commit, project.entries.find((entry) => entry.commits.some(({ id }) => id === commit.id))!, timeZone);
    }
    const more = commits.slice(COMMITS_PER_PROJECT);
    if (more.length > 0) yield `- and ${more.length} more: ${more.map(commitReference).join(", ")}\n`;
    yield "\n";
  }
}
