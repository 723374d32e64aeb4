import { ownedAt, ownerId, readableEntriesCondition, readsAllEntries, type Access } from "@/lib/access/context";
import type { JsonRow, KeysetQuery } from "@/lib/api/cursor-pagination";
import type { WorklogEntry } from "@/lib/db/client";
import { accountTotalSql } from "@/lib/db/account-counters";
import { newId } from "@/lib/db/ids";
import { queryRows, selectAsFields } from "@/lib/db/sql";
import type { StoredReferences } from "@/lib/references/entry-references";
import { changedSince } from "@/lib/sync/schemas";
import { rangeEnd, rangeStart } from "@/lib/time";
import type { EntryWithRelations } from "./entry-with-relations";
import { entryShape } from "./responses";
import type { EntryListQuery } from "./schemas";
import { isReferenceKey } from "@/lib/references/recognise";
import { prefixWord } from "./search-text";

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

type Filters = Omit<EntryListQuery, "page">;

/**
 * The tsquery of a search (docs/api.md, "Search"): web-search syntax, and the last word, while it
 * may still be being typed, also as a prefix of the words as written (the `worklog_words`
 * lexemes of the search vector, migration 20261123190339_entry_search), since a stem is not always
 * a prefix of its word's stem. NULL, which matches nothing, when the text has no word to search.
 * One expression of immutable functions, no subquery: PostgreSQL folds it into a constant when it
 * plans with the values, and so estimates how many entries match (a rare word is read from the
 * GIN index, a common one along the order of the work).
 */
function searchQuery(text: string, typedWord: string) {
  const whole = `websearch_to_tsquery('worklog_search', ${text}::text)`;
  const typed = `websearch_to_tsquery('worklog_search', ${typedWord}::text)`;
  return `(CASE
    WHEN numnode(${whole}) = 0 THEN NULL
    WHEN ${typedWord}::text IS NULL OR numnode(${typed}) = 0 THEN ${whole}
    ELSE ts_rewrite(${whole}, ${typed}, ${typed} || to_tsquery('worklog_words', ${typedWord}::text || ':*')) END)`;
}

/** The WHERE clause of the entries (`e`) `access` may read matching the filters, with its values from $1 on ($1: the workspace). */
export function matchingEntries(access: Access, { author_id, project_id, tags, reference, from, to, source, updated_since, q }: Filters) {
  const { timezone } = access.user;
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const conditions = [readableEntriesCondition(access, bind, "e")];
  const condition = (sql: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(sql(`$${values.length}`));
  };
  if (author_id) condition((value) => `e.user_id = ${value}::uuid`, author_id === "me" ? access.user.id : author_id);
  if (project_id) condition((value) => `e.project_id = ${value}::uuid`, project_id);
  if (tags && tags.length > 0) condition((value) => `e.tags && ${value}::text[]`, tags);
  if (reference) condition((value) => `e.issue_keys @> ARRAY[${value}::text]`, reference);
  if (from) condition((value) => `e.recorded_at >= ${value}`, rangeStart(from, timezone));
  if (to) condition((value) => `e.recorded_at <= ${value}`, rangeEnd(to, timezone));
  if (source) condition((value) => `e.source = ANY(${value}::text[]::"EntrySource"[])`, source);
  if (updated_since) condition((value) => `e.updated_at >= ${value}`, changedSince(updated_since));
  if (q) {
    values.push(q, prefixWord(q) ?? null);
    const words = `e.search_vector @@ ${searchQuery(`$${values.length - 1}`, `$${values.length}`)}`;
    // A search for an issue's key also finds the entries that refer to it through their commits.
    const key = isReferenceKey(q) ? `e.issue_keys @> ARRAY[${bind(q.trim().toLowerCase())}::text]` : undefined;
    conditions.push(key ? `(${words} OR ${key})` : words);
  }
  return { where: conditions.join(" AND "), values };
}

const hasFilters = ({ author_id, project_id, tags, reference, from, to, source, updated_since, q }: Filters) =>
  Boolean(author_id || project_id || tags?.length || reference || from || to || source || updated_since || q);

/** Whether the list is every entry of the workspace, whose total the counters keep: no filter, and `access` reads them all. */
export const countsEveryEntry = (access: Access, filters: Filters) => !hasFilters(filters) && readsAllEntries(access);

/**
 * One indexed range query: the page's rows (plus one) in the order of the work, `recorded_at`
 * then id, newest first (docs/api.md, "Pagination"); the row comparison bounds the index range.
 * `columns` is the SELECT list, of the entry `e`, its project `p` and its author `u`.
 */
function queryEntryPage<Row>(columns: string, access: Access, filters: Filters, { after, direction, take }: KeysetQuery): Promise<Row[]> {
  const { where, values } = matchingEntries(access, filters);
  let range = "";
  if (after) {
    values.push(after.sortAt, after.id);
    range = ` AND (e.recorded_at, e.id) ${direction === "desc" ? "<" : ">"} ($${values.length - 1}::timestamptz, $${values.length}::uuid)`;
  }
  values.push(take);
  const order = direction === "desc" ? "DESC" : "ASC";
  return queryRows<Row>(
    `SELECT ${columns} FROM worklog_entries e LEFT JOIN projects p ON p.id = e.project_id LEFT JOIN users u ON u.id = e.user_id
      WHERE ${where}${range} ORDER BY e.recorded_at ${order}, e.id ${order} LIMIT $${values.length}`,
    values,
  );
}

export function selectEntryPage(access: Access, filters: Filters, query: KeysetQuery): Promise<EntryWithRelations[]> {
  return queryEntryPage(`${selectAsFields("e", entryColumns)}, ${projectSummary("p")}, ${authorSummary("u")}, ${commitIds("e")}`, access, filters, query);
}

/**
 * The same page, each entry as the API's JSON (responses.ts, entryShape), written by PostgreSQL;
 * unfiltered, each row also carries the account's total of entries, read in the page's snapshot.
 */
export function selectEntryJsonPage(access: Access, filters: Filters, query: KeysetQuery): Promise<(JsonRow & { total?: number })[]> {
  const total = countsEveryEntry(access, filters) ? `, ${accountTotalSql("entryCount", ownedAt("$1"))} AS total` : "";
  return queryEntryPage(`e.id, ${entryShape.sql} AS json${total}`, access, filters, query);
}

export async function countEntries(access: Access, filters: Filters): Promise<number> {
  const { where, values } = matchingEntries(access, filters);
  const [row] = await queryRows<{ count: number }>(`SELECT count(*)::int AS count FROM worklog_entries e WHERE ${where}`, values);
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
