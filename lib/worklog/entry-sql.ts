import { ownedAt, ownerId, type Access } from "@/lib/access/context";
import { COUNT_BOUND, type JsonRow, type KeysetQuery } from "@/lib/api/cursor-pagination";
import type { WorklogEntry } from "@/lib/db/client";
import { accountTotal, accountTotalSql } from "@/lib/db/account-counters";
import { newId } from "@/lib/db/ids";
import { queryRows, selectAsFields } from "@/lib/db/sql";
import type { StoredReferences } from "@/lib/references/entry-references";
import type { EntryWithRelations } from "./entry-with-relations";
import { entryShape } from "./responses";
import type { EntryListFilters as Filters } from "./schemas";
import { binder, countsEveryEntry, filterConditions, matchingEntries } from "./entry-filter-sql";

// A page of entries and a new entry, the API's busiest statements, in hand-written SQL: Prisma's
// runtime cost more CPU per request than the queries (README, "What the hot paths do, and why").
// Also a deleted entry put back, which must decide and write in one statement. The rows have the
// type and shape of Prisma's entry with its project summary and commit ids (in id order);
// tests/db/entry-sql.test.ts and tests/db/restore-entry.test.ts compare them with Prisma's.

/** Every column of worklog_entries by its field in Prisma's model: a new field fails the type check until it is named here. */
const entryColumns = {
  id: "id",
  userId: "user_id",
  workspaceId: "workspace_id",
  projectId: "project_id",
  content: "content",
  recordedAt: "recorded_at",
  durationSeconds: "duration_seconds",
  tags: "tags",
  source: "source",
  runningUserId: "running_user_id",
  commitCount: "commit_count",
  issueReferences: "issue_references",
  issueKeys: "issue_keys",
  insertedAt: "inserted_at",
  updatedAt: "updated_at",
} satisfies Record<keyof WorklogEntry, string>;

const projectSummary = (project: string) =>
  `CASE WHEN ${project}.id IS NULL THEN NULL ELSE json_build_object('id', ${project}.id, 'name', ${project}.name, 'identifier', ${project}.identifier) END AS project`;

/** The author's part of an entry as Prisma loads it (entry-with-relations.ts): `{name}`, null when the user is gone. */
const authorSummary = (author: string) => `json_build_object('name', ${author}.name) AS "user"`;

const commitIds = (entry: string) => `COALESCE((SELECT json_agg(json_build_object('commitId', c.commit_id) ORDER BY c.commit_id)
  FROM worklog_entry_commits c WHERE c.entry_id = ${entry}.id), '[]'::json) AS commits`;

/**
 * A filtered list's count: exact up to COUNT_BOUND, and COUNT_BOUND + 1 or more beyond
 * (docs/api.md, "Pagination"): each statement stops reading at the match after the bound.
 */
const boundedLimit = `LIMIT ${COUNT_BOUND + 1}`;

/** The SQL of a list of entries, and of its page and bounded count, sharing their values (`bind` adds one). */
type ListSql = ReturnType<typeof binder> & { page: (range: Range) => string; count: string };
type Range = { after: string; order: "ASC" | "DESC"; limit: string };

/**
 * A list without a tag filter: one indexed range query in the order of the work, `recorded_at`
 * then id (docs/api.md, "Pagination"); the row comparison bounds the index range.
 */
function plainList(access: Access, filters: Filters): ListSql {
  const bound = binder();
  const { onListed, onEntry } = filterConditions(access, filters, bound.bind, "e");
  const where = [...onListed, ...onEntry].join(" AND ");
  return {
    ...bound,
    page: ({ after, order, limit }) => `FROM worklog_entries e LEFT JOIN projects p ON p.id = e.project_id LEFT JOIN users u ON u.id = e.user_id
      WHERE ${where}${after ? ` AND (e.recorded_at, e.id) ${after}` : ""} ORDER BY e.recorded_at ${order}, e.id ${order} LIMIT ${limit}`,
    count: `SELECT count(*)::int AS count FROM (SELECT FROM worklog_entries e WHERE ${where} ${boundedLimit}) c`,
  };
}

/**
 * A list filtered by tags (any of them) reads the tags' rows (entry_tags, kept by the triggers of
 * migration 20261201000100_entry_tags) along their index, tag by tag, in the order of the work: a
 * page is each tag's first rows after the cursor, merged, then joined to their entries. Filters
 * the tag rows hold are checked on them; the others join each row's entry.
 */
function taggedList(access: Access, filters: Filters & { tags: string[] }): ListSql {
  const bound = binder();
  const tags = bound.bind(filters.tags);
  const { onListed, onEntry } = filterConditions(access, filters, bound.bind, "t");
  const tagRows = (rest: string) =>
    `unnest(${tags}::text[]) AS f(tag) CROSS JOIN LATERAL (SELECT t.entry_id, t.recorded_at FROM entry_tags t${onEntry.length > 0 ? " JOIN worklog_entries e ON e.id = t.entry_id" : ""}
      WHERE ${["t.tag = f.tag", ...onListed, ...onEntry].join(" AND ")}${rest})`;
  return {
    ...bound,
    page: ({ after, order, limit }) => `FROM (SELECT DISTINCT m.entry_id, m.recorded_at
        FROM ${tagRows(`${after ? ` AND (t.recorded_at, t.entry_id) ${after}` : ""} ORDER BY t.recorded_at ${order}, t.entry_id ${order} LIMIT ${limit}`)} m
        ORDER BY m.recorded_at ${order}, m.entry_id ${order} LIMIT ${limit}) listed
      JOIN worklog_entries e ON e.id = listed.entry_id LEFT JOIN projects p ON p.id = e.project_id LEFT JOIN users u ON u.id = e.user_id
      ORDER BY e.recorded_at ${order}, e.id ${order}`,
    count: `SELECT count(DISTINCT c.entry_id)::int AS count FROM ${tagRows(` ${boundedLimit}`)} c`,
  };
}

const listSql = (access: Access, filters: Filters) =>
  filters.tags && filters.tags.length > 0 ? taggedList(access, { ...filters, tags: filters.tags }) : plainList(access, filters);

/**
 * The page's rows (plus one) in the order of the work, newest first, and each with the list's
 * total, read in the page's snapshot: the counters' for every entry of the workspace, else the
 * bounded count. `columns` is the SELECT list, of the entry `e`, its project `p` and its author `u`.
 */
function queryEntryPage<Row>(columns: string, access: Access, filters: Filters, { after, direction, take }: KeysetQuery): Promise<Row[]> {
  const { bind, values, page, count } = listSql(access, filters);
  const total = countsEveryEntry(access, filters) ? accountTotalSql("entryCount", ownedAt("$1")) : `(${count})`;
  const range = after ? `${direction === "desc" ? "<" : ">"} (${bind(after.sortAt)}::timestamptz, ${bind(after.id)}::uuid)` : "";
  const rows = page({ after: range, order: direction === "desc" ? "DESC" : "ASC", limit: bind(take) });
  return queryRows<Row>(`SELECT ${columns}, ${total} AS total ${rows}`, values);
}

export function selectEntryPage(access: Access, filters: Filters, query: KeysetQuery): Promise<(EntryWithRelations & { total: number })[]> {
  return queryEntryPage(`${selectAsFields("e", entryColumns)}, ${projectSummary("p")}, ${authorSummary("u")}, ${commitIds("e")}`, access, filters, query);
}

/** The same page, each entry as the API's JSON (responses.ts, entryShape), written by PostgreSQL. */
export function selectEntryJsonPage(access: Access, filters: Filters, query: KeysetQuery): Promise<(JsonRow & { total: number })[]> {
  return queryEntryPage(`e.id, ${entryShape.sql} AS json`, access, filters, query);
}

/** The list's total where its page has no row to read it from: the counters', or the bounded count. */
export async function countEntries(access: Access, filters: Filters): Promise<number> {
  if (countsEveryEntry(access, filters)) return accountTotal(access, "entryCount");
  const list = listSql(access, filters);
  const [row] = await queryRows<{ count: number }>(list.count, list.values);
  return row!.count;
}

/** The time, duration and project of the entries the filters select between two instants that have a duration. */
export function selectTimedEntries(access: Access, filters: Filters, start: Date, end: Date) {
  const { where, values } = matchingEntries(access, filters);
  values.push(start, end);
  return queryRows<Pick<WorklogEntry, "recordedAt" | "durationSeconds" | "projectId">>(
    `SELECT e.recorded_at AS "recordedAt", e.duration_seconds AS "durationSeconds", e.project_id AS "projectId" FROM worklog_entries e
      WHERE ${where} AND e.duration_seconds IS NOT NULL AND e.recorded_at >= $${values.length - 1} AND e.recorded_at <= $${values.length}`,
    values,
  );
}

export type NewEntry = Pick<WorklogEntry, "projectId" | "content" | "recordedAt" | "durationSeconds" | "tags" | "source"> & StoredReferences;

/**
 * Inserts the entry under a new id and returns it with its project's summary, in one statement.
 * The project, when given, must be one of the account's: otherwise nothing is inserted and the
 * result is undefined.
 */
export async function insertEntry(access: Access, entry: NewEntry): Promise<EntryWithRelations | undefined> {
  const [row] = await queryRows<EntryWithRelations>(
    `WITH project AS (SELECT id, name, identifier FROM projects WHERE id = $3::uuid AND ${ownedAt("$2")}),
    inserted AS (
      INSERT INTO worklog_entries (id, workspace_id, user_id, project_id, content, recorded_at, duration_seconds, tags, source, issue_references, issue_keys, updated_at)
      SELECT $1, $2, $9, $3, $4, $5, $6, $7, $8::"EntrySource", $10::json, $11::text[], CURRENT_TIMESTAMP WHERE $3::uuid IS NULL OR EXISTS (SELECT FROM project)
      RETURNING *)
    SELECT ${selectAsFields("inserted", entryColumns)}, ${projectSummary("project")}, ${authorSummary("u")}, '[]'::json AS commits
    FROM inserted LEFT JOIN project ON true LEFT JOIN users u ON u.id = inserted.user_id`,
    [
      newId(),
      ownerId(access),
      entry.projectId,
      entry.content,
      entry.recordedAt,
      entry.durationSeconds,
      entry.tags,
      entry.source,
      access.user.id,
      JSON.stringify(entry.issueReferences),
      entry.issueKeys,
    ],
  );
  return row;
}

/** What one run of the restore statement found and did. */
export type PutBack = {
  /** The entry, put back by this run or found back already; undefined when neither. */
  entry: EntryWithRelations | undefined;
  /** Whether the run's snapshot held the account's tombstone of the entry. */
  tombstoneSeen: boolean;
  /** Whether the entry's project, if it names one, is one of the account's. */
  projectFound: boolean;
};

const entryColumnList = Object.values(entryColumns).join(", ");

/**
 * Puts a deleted entry back under its id, in one statement: deleting the tombstone of it is the
 * claim, which only the entry's author (the tombstone's user_id) makes, and the entry comes back
 * under that author, and only a run that deleted it inserts the entry and attaches the account's
 * commits among `commitIds` that still exist. A concurrent restore holding the tombstone makes
 * the DELETE wait for it, and then find nothing once it has committed; every other run answers
 * the entry as its snapshot has it. Row locks come before the counted insert, whose trigger ends
 * on the account's counters row (README, "Totals are kept, not counted"): the project and the
 * commits are locked against deletion first (FOR KEY SHARE), so the insert waits for no one.
 */
export async function putBackEntry(access: Access, id: string, entry: NewEntry, commitIds: string[]): Promise<PutBack> {
  type Row = { [Field in keyof EntryWithRelations]: EntryWithRelations[Field] | null } & Omit<PutBack, "entry">;
  const [row] = await queryRows<Row>(
    `WITH project AS (SELECT id FROM projects WHERE id = $3::uuid AND ${ownedAt("$2")} FOR KEY SHARE),
    claimed AS (
      DELETE FROM deleted_items WHERE id = $1::uuid AND ${ownedAt("$2")} AND user_id = $10::uuid AND kind = 'entry'
        AND ($3::uuid IS NULL OR EXISTS (SELECT FROM project))
      RETURNING id, user_id),
    attachable AS (SELECT id FROM commits WHERE id = ANY($9::uuid[]) AND ${ownedAt("$2")} AND EXISTS (SELECT FROM claimed) FOR KEY SHARE),
    inserted AS (
      INSERT INTO worklog_entries (id, workspace_id, user_id, project_id, content, recorded_at, duration_seconds, tags, source, issue_references, issue_keys, updated_at)
      SELECT id, $2, user_id, $3, $4, $5, $6, $7, $8::"EntrySource", $11::json, $12::text[], CURRENT_TIMESTAMP FROM claimed
      RETURNING ${entryColumnList}),
    attached AS (INSERT INTO worklog_entry_commits (entry_id, commit_id) SELECT inserted.id, attachable.id FROM inserted, attachable RETURNING commit_id),
    entry AS (SELECT * FROM inserted UNION ALL SELECT ${entryColumnList} FROM worklog_entries WHERE id = $1::uuid AND ${ownedAt("$2")} AND user_id = $10::uuid)
    SELECT ${selectAsFields("e", entryColumns)}, ${projectSummary("p")}, ${authorSummary("u")},
      COALESCE((SELECT json_agg(json_build_object('commitId', l.commit_id) ORDER BY l.commit_id)
        FROM (SELECT commit_id FROM attached UNION ALL SELECT commit_id FROM worklog_entry_commits WHERE entry_id = e.id) l), '[]'::json) AS commits,
      EXISTS (SELECT FROM deleted_items WHERE id = $1::uuid AND ${ownedAt("$2")} AND user_id = $10::uuid AND kind = 'entry') AS "tombstoneSeen",
      ($3::uuid IS NULL OR EXISTS (SELECT FROM project)) AS "projectFound"
    FROM (VALUES (true)) AS one LEFT JOIN entry e ON true LEFT JOIN projects p ON p.id = e.project_id LEFT JOIN users u ON u.id = e.user_id`,
    [
      id,
      ownerId(access),
      entry.projectId,
      entry.content,
      entry.recordedAt,
      entry.durationSeconds,
      entry.tags,
      entry.source,
      commitIds,
      access.user.id,
      JSON.stringify(entry.issueReferences),
      entry.issueKeys,
    ],
  );
  const { tombstoneSeen, projectFound, ...found } = row!;
  if (found.id === null) return { entry: undefined, tombstoneSeen, projectFound };
  // The attachments' trigger counts the commits once the statement has ended: the row it returned has not seen it.
  return { entry: { ...(found as EntryWithRelations), commitCount: found.commits!.length }, tombstoneSeen, projectFound };
}
