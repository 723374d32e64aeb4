import type { Commit, PullRequestSuggestion } from "@/lib/db/client";
import { ownedAt, ownerId, type Access } from "@/lib/access/context";
import { queryRows, selectAsFields } from "@/lib/db/sql";
import { commitColumns } from "@/lib/repositories/commit-columns";
import type { MergedPullRequest, PastMeeting, UnloggedCommit } from "./suggestion-drafts";

// The statements of suggested entries (docs/api.md, "Suggested entries"). The rows have the
// shape of Prisma's models; tests/db/suggestions.test.ts runs them on both databases.

/** Every column of pull_request_suggestions by its field in Prisma's model. */
const pullColumns = {
  id: "id",
  userId: "user_id",
  workspaceId: "workspace_id",
  repositoryId: "repository_id",
  number: "number",
  title: "title",
  webUrl: "web_url",
  mergedAt: "merged_at",
  mergeSha: "merge_sha",
  dismissedAt: "dismissed_at",
  insertedAt: "inserted_at",
} satisfies Record<keyof PullRequestSuggestion, string>;

const repositorySummary = (repository: string) =>
  `json_build_object('id', ${repository}.id, 'name', ${repository}.name, 'projectId', ${repository}.project_id) AS repository`;

/**
 * The commits of the period no entry cites and none dismissed, oldest first, with their
 * repositories; and the merge commits (uncited) of the pull requests merged in the period that
 * are not dismissed, whatever their time or dismissal, each with its pull request's id. One
 * statement: the account's commits by the index of their time (the ids alone, from the index),
 * the pull requests by the index of their merge time, each merge commit by its repository and sha.
 * "No entry cites it" means no entry of the workspace, not only of those `access` may read: a
 * commit a teammate has logged is not work left to log, even where their entries are hidden
 * from a member, and a commit is suggested to log once, by whoever does.
 */
export function selectUnloggedCommits(access: Access, start: Date, end: Date) {
  return queryRows<Commit & UnloggedCommit>(
    `WITH pulls AS (
      SELECT p.id, p.dismissed_at, c.id AS commit_id FROM pull_request_suggestions p
        JOIN commits c ON c.repository_id = p.repository_id AND c.sha = p.merge_sha
        WHERE ${ownedAt("$1", "p")} AND p.merged_at >= $2 AND p.merged_at <= $3),
    listed AS (
      SELECT id FROM commits WHERE ${ownedAt("$1")} AND committed_at >= $2 AND committed_at <= $3
      UNION SELECT commit_id FROM pulls WHERE dismissed_at IS NULL)
    SELECT ${selectAsFields("c", commitColumns)}, ${repositorySummary("r")}, pulls.id AS "pullRequestId"
      FROM listed JOIN commits c ON c.id = listed.id JOIN repositories r ON r.id = c.repository_id
      LEFT JOIN pulls ON pulls.commit_id = c.id
      WHERE NOT EXISTS (SELECT FROM worklog_entry_commits l WHERE l.commit_id = c.id)
        AND (pulls.id IS NOT NULL OR NOT EXISTS (SELECT FROM dismissed_commits d WHERE d.commit_id = c.id))
      ORDER BY c.committed_at, c.id`,
    [ownerId(access), start, end],
  );
}

/**
 * The pull requests merged in the period, not dismissed, whose merge commit no entry cites (or is
 * not stored), with their repositories, in the order they were merged.
 */
export function selectMergedPullRequests(access: Access, start: Date, end: Date) {
  return queryRows<PullRequestSuggestion & MergedPullRequest>(
    `SELECT ${selectAsFields("p", pullColumns)}, ${repositorySummary("r")}
      FROM pull_request_suggestions p JOIN repositories r ON r.id = p.repository_id
      WHERE ${ownedAt("$1", "p")} AND p.merged_at >= $2 AND p.merged_at <= $3 AND p.dismissed_at IS NULL
        AND NOT EXISTS (SELECT FROM commits c JOIN worklog_entry_commits l ON l.commit_id = c.id WHERE c.repository_id = p.repository_id AND c.sha = p.merge_sha)
      ORDER BY p.merged_at, p.id`,
    [ownerId(access), start, end],
  );
}

/**
 * The past meetings of the member's subscribed calendars (the member's own, not the workspace's)
 * that began in the period and are neither logged nor dismissed, in the order they began.
 */
export function selectPastMeetings(access: Access, start: Date, end: Date) {
  return queryRows<PastMeeting>(
    `SELECT e.id, e.subscription_id AS "subscriptionId", s.name AS "calendarName", e.title, e.starts_at AS "startsAt", e.ends_at AS "endsAt"
      FROM calendar_events e JOIN calendar_subscriptions s ON s.id = e.subscription_id
      WHERE ${ownedAt("$1", "e")} AND e.user_id = $4::uuid AND e.starts_at >= $2 AND e.starts_at <= $3 AND e.ends_at <= $5
        AND e.entry_id IS NULL AND e.dismissed_at IS NULL
      ORDER BY e.starts_at, e.id`,
    [ownerId(access), start, end, access.user.id, new Date()],
  );
}

/** Marks the member's calendar event as logged as the entry: it leaves the suggestions. */
export async function markMeetingLogged(access: Access, eventId: string, entryId: string): Promise<void> {
  await queryRows(`UPDATE calendar_events SET entry_id = $3::uuid WHERE ${ownedAt("$1")} AND user_id = $4::uuid AND id = $2::uuid AND entry_id IS NULL`, [
    ownerId(access),
    eventId,
    entryId,
    access.user.id,
  ]);
}

/** What a dismissal found: whether every id named something of the account, and how many distinct ids of each kind it named. */
export type Dismissed = { complete: boolean; commits: number; pullRequests: number; calendarEvents: number };

/**
 * Dismisses the account's commits and pull request suggestions among the ids, in one statement:
 * all of them, or nothing when an id names nothing of the account. A commit or pull request
 * dismissed already stays as it was. The rows are locked before the writes, whose triggers end on
 * the account's counters row (prisma/migrations/20261126030000_suggestions_change_the_account).
 */
export async function dismiss(access: Access, commitIds: string[], pullRequestIds: string[], calendarEventIds: string[]): Promise<Dismissed> {
  const [row] = await queryRows<Dismissed>(
    `WITH wanted_commits AS (SELECT DISTINCT id FROM unnest($2::uuid[]) AS w(id)),
    wanted_pulls AS (SELECT DISTINCT id FROM unnest($3::uuid[]) AS w(id)),
    wanted_events AS (SELECT DISTINCT id FROM unnest($5::uuid[]) AS w(id)),
    found_commits AS (SELECT c.id FROM commits c JOIN wanted_commits w ON w.id = c.id WHERE ${ownedAt("$1", "c")} FOR KEY SHARE OF c),
    found_pulls AS (SELECT p.id FROM pull_request_suggestions p JOIN wanted_pulls w ON w.id = p.id WHERE ${ownedAt("$1", "p")} FOR NO KEY UPDATE OF p),
    found_events AS (SELECT e.id FROM calendar_events e JOIN wanted_events w ON w.id = e.id WHERE ${ownedAt("$1", "e")} AND e.user_id = $4::uuid FOR NO KEY UPDATE OF e),
    found AS (SELECT (SELECT count(*) FROM found_commits) AS commits, (SELECT count(*) FROM found_pulls) AS pulls, (SELECT count(*) FROM found_events) AS events,
      (SELECT count(*) FROM found_commits) = (SELECT count(*) FROM wanted_commits) AND (SELECT count(*) FROM found_pulls) = (SELECT count(*) FROM wanted_pulls)
        AND (SELECT count(*) FROM found_events) = (SELECT count(*) FROM wanted_events) AS complete),
    commits_dismissed AS (
      INSERT INTO dismissed_commits (commit_id, workspace_id, user_id) SELECT id, $1::uuid, $4::uuid FROM found_commits WHERE (SELECT complete FROM found)
      ON CONFLICT (commit_id) DO NOTHING),
    pulls_dismissed AS (
      UPDATE pull_request_suggestions p SET dismissed_at = CURRENT_TIMESTAMP FROM found_pulls f
      WHERE p.id = f.id AND p.dismissed_at IS NULL AND (SELECT complete FROM found)),
    events_dismissed AS (
      UPDATE calendar_events e SET dismissed_at = CURRENT_TIMESTAMP FROM found_events f
      WHERE e.id = f.id AND e.dismissed_at IS NULL AND (SELECT complete FROM found))
    SELECT complete, commits::int AS commits, pulls::int AS "pullRequests", events::int AS "calendarEvents" FROM found`,
    [ownerId(access), commitIds, pullRequestIds, access.user.id, calendarEventIds],
  );
  return row!;
}

/** Takes back the account's dismissals of the commits, pull request suggestions and calendar events among the ids (the web app's Undo). */
export async function undismiss(access: Access, commitIds: string[], pullRequestIds: string[], calendarEventIds: string[]): Promise<void> {
  await queryRows(
    `WITH commits_back AS (DELETE FROM dismissed_commits WHERE ${ownedAt("$1")} AND commit_id = ANY($2::uuid[])),
    pulls_back AS (UPDATE pull_request_suggestions SET dismissed_at = NULL WHERE ${ownedAt("$1")} AND id = ANY($3::uuid[]) AND dismissed_at IS NOT NULL),
    events_back AS (UPDATE calendar_events SET dismissed_at = NULL WHERE ${ownedAt("$1")} AND user_id = $5::uuid AND id = ANY($4::uuid[]) AND dismissed_at IS NOT NULL)
    SELECT 1`,
    [ownerId(access), commitIds, pullRequestIds, calendarEventIds, access.user.id],
  );
}
