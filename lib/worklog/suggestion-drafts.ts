import type { Commit, PullRequestSuggestion, Repository } from "@/lib/db/client";
import { calendarDay } from "@/lib/time";
import { shortened } from "@/lib/validation";
import { maxSuggestedCommits, type Suggestion } from "./suggestion-schemas";

// What a suggested entry says (docs/api.md, "Suggested entries"): the unlogged commits of a
// repository and day, or a merged pull request, drafted as an entry's markdown.

export type SuggestedRepository = Pick<Repository, "id" | "name" | "projectId">;

/** A commit no entry cites, with its repository, and the pull request suggestion it is the merge commit of. */
export type UnloggedCommit = Pick<Commit, "id" | "sha" | "message" | "committedAt" | "webUrl"> & {
  repository: SuggestedRepository;
  pullRequestId: string | null;
};

export type MergedPullRequest = Pick<PullRequestSuggestion, "id" | "number" | "title" | "webUrl" | "mergedAt"> & { repository: SuggestedRepository };

/** A past meeting of a subscribed calendar, not logged nor dismissed. */
export type PastMeeting = { id: string; subscriptionId: string; calendarName: string; title: string; startsAt: Date; endsAt: Date };

/** An entry's content has at most this many characters (lib/worklog/schemas.ts). */
const maxContentLength = 10_000;

export const shortSha = (sha: string) => sha.slice(0, 7);

/** A commit message's first line. */
export const commitSubject = (message: string) => message.trim().split(/\r?\n/, 1)[0]!.trim();

/** The longest subject a draft writes out, and a pull request's title as a forge's delivery stores it; a longer one is cut, ending in "…". */
export const maxDraftedSubject = 300;

/** The headings of the Conventional Commits types, in the order a draft lists them. */
const typeHeadings = new Map([
  ["feat", "Features"],
  ["fix", "Fixes"],
  ["perf", "Performance"],
  ["refactor", "Refactoring"],
  ["revert", "Reverts"],
  ["docs", "Documentation"],
  ["test", "Tests"],
  ["build", "Build"],
  ["ci", "CI"],
  ["style", "Style"],
  ["chore", "Chores"],
]);

const conventionalSubject = /^(?<type>[A-Za-z]+)(?:\((?<scope>[^()]*)\))?(?<breaking>!)?:\s+(?<description>\S.*)$/;

/** A subject read as a Conventional Commit (`fix(api)!: …`): its type's heading and what it says, or its text as it is. */
function readSubject(subject: string): { heading?: string; text: string } {
  const match = conventionalSubject.exec(subject);
  const heading = match && typeHeadings.get(match.groups!.type!.toLowerCase());
  if (!match || !heading) return { text: subject };
  const { scope, breaking, description } = match.groups!;
  return { heading, text: `${scope?.trim() ? `**${scope.trim()}:** ` : ""}${description}${breaking ? " (breaking change)" : ""}` };
}

/** A markdown link; characters that would end its destination are percent-encoded, as a URL may have them. */
const link = (text: string, url: string) =>
  `[${text}](${url.replaceAll(/[\s()<>]/gu, (character) => [...new TextEncoder().encode(character)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(""))})`;

/** A commit's short sha in code, linked to its page on its forge when known. */
function citation(commit: Pick<Commit, "sha" | "webUrl">): string {
  const code = `\`${shortSha(commit.sha)}\``;
  return commit.webUrl ? link(code, commit.webUrl) : code;
}

type Item = { text: string; commits: Pick<Commit, "sha" | "webUrl">[] };

/** A line of a draft: its start, then its items, separated by "; ". */
type Line = { start: string; items: Item[] };

const sameText = (text: string) => text.toLowerCase().replaceAll(/\s+/g, " ");

const length = (text: string) => [...text].length;

/**
 * The draft of commits (oldest first): one line per Conventional Commits type, its subjects after
 * its heading (`Fixes: a; b`), then one line per other subject; a subject repeated is written
 * once, citing every commit that has it.
 */
export function draftCommitContent(commits: Pick<Commit, "sha" | "message" | "webUrl">[]): string {
  const groups = new Map<string | undefined, Map<string, Item>>();
  for (const commit of commits) {
    const { heading, text } = readSubject(shortened(commitSubject(commit.message), maxDraftedSubject));
    const items = groups.get(heading) ?? new Map<string, Item>();
    groups.set(heading, items);
    const item = items.get(sameText(text)) ?? { text, commits: [] };
    items.set(sameText(text), item);
    item.commits.push(commit);
  }
  const lines: Line[] = [
    ...[...typeHeadings.values()].flatMap((heading) => {
      const items = groups.get(heading);
      return items ? [{ start: `- ${heading}: `, items: [...items.values()] }] : [];
    }),
    ...[...(groups.get(undefined)?.values() ?? [])].map((item) => ({ start: "- ", items: [item] })),
  ];
  return fitted(lines, commits.length);
}

/**
 * The lines as markdown, as far as an entry's content holds them (item by item); when some are
 * left out, a last line says how many commits those cite.
 */
function fitted(lines: Line[], commitCount: number): string {
  const budget = maxContentLength - 60; // room for the last line
  const written: string[] = [];
  let used = 0;
  let cited = 0;
  let full = false;
  for (const { start, items } of lines) {
    let line = start;
    for (const item of items) {
      const text = `${line === start ? "" : "; "}${item.text} (${item.commits.map(citation).join(", ")})`;
      full = used + length(line) + length(text) > budget;
      if (full) break;
      line += text;
      cited += item.commits.length;
    }
    if (line !== start) written.push(line);
    if (full) break;
    used += length(line) + 1;
  }
  const left = commitCount - cited;
  return left === 0 ? written.join("\n") : [...written, `- … and ${left} more ${left === 1 ? "commit" : "commits"}`].join("\n");
}

/** "4 commits on acme/app not logged yet". */
export const commitsTitle = (count: number, repository: string) => `${count} ${count === 1 ? "commit" : "commits"} on ${repository} not logged yet`;

export const pullRequestTitle = (pull: Pick<PullRequestSuggestion, "number" | "title">) => `Merged pull request #${pull.number}: ${pull.title}`;

/** The draft of a merged pull request: its title, linked to it, citing its merge commit when stored. */
export function draftPullRequestContent(
  pull: Pick<PullRequestSuggestion, "number" | "title" | "webUrl">,
  mergeCommit?: Pick<Commit, "sha" | "webUrl">,
): string {
  const number = pull.webUrl ? link(`#${pull.number}`, pull.webUrl) : `#${pull.number}`;
  return `Merged pull request ${number}: ${shortened(pull.title, maxDraftedSubject)}${mergeCommit ? ` (${citation(mergeCommit)})` : ""}`;
}

const suggestionCommit = (commit: UnloggedCommit) => ({
  id: commit.id,
  sha: commit.sha,
  short_sha: shortSha(commit.sha),
  subject: shortened(commitSubject(commit.message), maxDraftedSubject),
  committed_at: commit.committedAt.toISOString(),
  web_url: commit.webUrl,
});

const suggestionRepository = ({ id, name, projectId }: SuggestedRepository) => ({ id, name, project_id: projectId });

/** Newest day first; on a day, the latest work first. */
function byNewestWork(a: Suggestion, b: Suggestion): number {
  return b.day.localeCompare(a.day) || b.recorded_at.localeCompare(a.recorded_at) || a.id.localeCompare(b.id);
}

/**
 * The suggestions of a period: the commits (oldest first) grouped by repository and calendar day
 * of `timeZone`, each group's oldest `maxSuggestedCommits` drafted, and one per merged pull request
 * with its merge commit, and one per past meeting of `events`. A merge commit belongs to its pull request's suggestion; one whose pull
 * request is not among `pulls` (dismissed) is left out.
 */
export function draftSuggestions(commits: UnloggedCommit[], pulls: MergedPullRequest[], timeZone: string, events: PastMeeting[] = []): Suggestion[] {
  const pullIds = new Set(pulls.map((pull) => pull.id));
  const mergeCommits = new Map<string, UnloggedCommit>();
  const groups = new Map<string, { day: string; commits: UnloggedCommit[] }>();
  const seen = new Set<string>();
  for (const commit of commits) {
    if (seen.has(commit.id)) continue;
    seen.add(commit.id);
    if (commit.pullRequestId !== null) {
      if (pullIds.has(commit.pullRequestId)) mergeCommits.set(commit.pullRequestId, commit);
      continue;
    }
    const day = calendarDay(commit.committedAt, timeZone);
    const key = `commits:${commit.repository.id}:${day}`;
    const group = groups.get(key) ?? { day, commits: [] };
    groups.set(key, group);
    group.commits.push(commit);
  }
  const commitSuggestions = [...groups].map(([id, { day, commits: grouped }]): Suggestion => {
    const { repository } = grouped[0]!;
    const drafted = grouped.slice(0, maxSuggestedCommits);
    return {
      id,
      kind: "commits",
      day,
      repository: suggestionRepository(repository),
      title: commitsTitle(grouped.length, repository.name),
      content: draftCommitContent(drafted),
      recorded_at: drafted.at(-1)!.committedAt.toISOString(),
      commits: drafted.map(suggestionCommit),
      commit_count: grouped.length,
      pull_request: null,
      calendar_event: null,
    };
  });
  const pullSuggestions = pulls.map((pull): Suggestion => {
    const mergeCommit = mergeCommits.get(pull.id);
    return {
      id: pull.id,
      kind: "pull_request",
      day: calendarDay(pull.mergedAt, timeZone),
      repository: suggestionRepository(pull.repository),
      title: pullRequestTitle(pull),
      content: draftPullRequestContent(pull, mergeCommit),
      recorded_at: pull.mergedAt.toISOString(),
      commits: mergeCommit ? [suggestionCommit(mergeCommit)] : [],
      commit_count: mergeCommit ? 1 : 0,
      pull_request: { id: pull.id, number: pull.number, title: pull.title, web_url: pull.webUrl },
      calendar_event: null,
    };
  });
  const calendarSuggestions = events.map(
    (event): Suggestion => ({
      id: `calendar:${event.id}`,
      kind: "calendar",
      day: calendarDay(event.startsAt, timeZone),
      repository: null,
      title: event.title,
      content: event.title,
      recorded_at: event.startsAt.toISOString(),
      commits: [],
      commit_count: 0,
      pull_request: null,
      calendar_event: {
        id: event.id,
        subscription_id: event.subscriptionId,
        calendar_name: event.calendarName,
        starts_at: event.startsAt.toISOString(),
        ends_at: event.endsAt.toISOString(),
        duration_seconds: Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / 1000),
      },
    }),
  );
  return [...commitSuggestions, ...pullSuggestions, ...calendarSuggestions].sort(byNewestWork);
}
