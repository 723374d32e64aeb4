import { owned, ownedSql, type Access } from "@/lib/access/context";
import { paginateByCursor, type JsonRow, type CursorPageRequest } from "@/lib/api/cursor-pagination";
import { getDb, type Commit, type Prisma } from "@/lib/db/client";
import { isForeignKeyViolation } from "@/lib/db/errors";
import { aliasedColumns } from "@/lib/db/json-shape";
import { countListRows, selectKeysetPage, type KeysetList } from "@/lib/db/keyset-page";
import { selectAsFields } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import { commitColumns } from "./commit-columns";
import { fromCommitInput, writeCommits } from "./commit-writer";
import { getRepository } from "./repositories";
import { commitShape } from "./responses";
import type { CommitInput } from "./schemas";

const c = aliasedColumns("c", commitColumns);

/** A page of the repository's commits (`c`), most recently committed first (docs/api.md, "Pagination"). */
async function commitPage<Row extends { id: string }>(access: Access, repositoryId: string, page: CursorPageRequest, columns: string) {
  await getRepository(access, repositoryId);
  const list: KeysetList = {
    from: "commits c",
    where: [(bind) => `${c.repositoryId} = ${bind(repositoryId)}::uuid`],
    sortColumn: c.committedAt,
    idColumn: c.id,
  };
  return paginateByCursor(page, {
    kind: "commit",
    access,
    fetchRows: (query) => selectKeysetPage<Row>(columns, list, query),
    // An index-only range scan of the repository's commits.
    countAll: () => countListRows(list),
  });
}

export const listCommits = (access: Access, repositoryId: string, page: CursorPageRequest) =>
  commitPage<Commit>(access, repositoryId, page, selectAsFields("c", commitColumns));

/** The same page, each commit as the API's JSON (responses.ts, commitShape), written by PostgreSQL. */
export const listCommitsAsJson = (access: Access, repositoryId: string, page: CursorPageRequest) =>
  commitPage<JsonRow>(access, repositoryId, page, `${c.id}, ${commitShape.sql} AS json`);

export type CommitActivity = { commitCount: number; lastCommittedAt: Date };

/**
 * How many commits each of the account's repositories among `repositoryIds` has, and when the
 * latest was committed; a repository without commits is not in the map. One query: the
 * repositories by their key, then each one's range of the index of its commits' order, read
 * from the index alone.
 */
export async function commitActivity(access: Access, repositoryIds: string[]): Promise<Map<string, CommitActivity>> {
  if (repositoryIds.length === 0) return new Map();
  const rows = await getDb().$queryRaw<({ repositoryId: string } & CommitActivity)[]>`
    SELECT c.repository_id AS "repositoryId", count(*)::int AS "commitCount", max(c.committed_at) AS "lastCommittedAt"
    FROM repositories r JOIN commits c ON c.repository_id = r.id
    WHERE ${ownedSql(access, "r")} AND r.id = ANY(${repositoryIds}::uuid[])
    GROUP BY c.repository_id`;
  return new Map(rows.map(({ repositoryId, ...activity }) => [repositoryId, activity]));
}

const attachedEntries = {
  entries: { select: { entryId: true }, orderBy: [{ entry: { recordedAt: "desc" } }, { entryId: "desc" }] },
} satisfies Prisma.CommitInclude;

export type CommitWithEntries = Prisma.CommitGetPayload<{ include: typeof attachedEntries }>;

/** One commit of the account's repository, with the ids of the entries it is attached to. */
export async function getCommitWithEntries(access: Access, repositoryId: string, commitId: string): Promise<CommitWithEntries> {
  const commit = await getDb().commit.findFirst({ where: { id: commitId, repositoryId, ...owned(access) }, include: attachedEntries });
  if (!commit) throw AppError.notFound();
  return commit;
}

/** The stored shas among `shas` (lower-case); reading them through the repository proves it is the caller's. */
async function storedShas(access: Access, repositoryId: string, shas: string[]): Promise<Set<string>> {
  const repository = await getDb().repository.findFirst({
    where: { id: repositoryId, ...owned(access) },
    select: { commits: { where: { sha: { in: shas } }, select: { sha: true } } },
  });
  if (!repository) throw AppError.notFound();
  return new Set(repository.commits.map((commit) => commit.sha));
}

/** The given shas that are not stored for the repository yet, as given, in order, each once. */
export async function findUncapturedShas(access: Access, repositoryId: string, shas: string[]): Promise<string[]> {
  const stored = await storedShas(access, repositoryId, [...new Set(shas.map((sha) => sha.toLowerCase()))]);
  const reported = new Set<string>();
  return shas.filter((sha) => {
    const key = sha.toLowerCase();
    if (stored.has(key) || reported.has(key)) return false;
    reported.add(key);
    return true;
  });
}

/**
 * Stores the commits not stored yet (commit-writer.ts) and returns every given commit in the
 * order given. A sha already stored is returned as it is, not updated, so posting a batch again
 * changes nothing. The number of queries does not grow with the batch (at most 1000, one
 * statement): stored shas, one insert, one read back.
 */
export async function recordCommits(access: Access, repositoryId: string, commits: CommitInput[]): Promise<Commit[]> {
  const db = getDb();
  const shas = [...new Set(commits.map((commit) => commit.sha))];
  const stored = await storedShas(access, repositoryId, shas);
  const newCommits = commits.filter((commit) => !stored.has(commit.sha));
  try {
    await writeCommits(
      db,
      access,
      newCommits.map((commit) => fromCommitInput(repositoryId, commit)),
    );
  } catch (error) {
    if (isForeignKeyViolation(error)) throw AppError.notFound();
    throw error;
  }
  const rows = await db.commit.findMany({ where: { repositoryId, sha: { in: shas } } });
  const bySha = new Map(rows.map((row) => [row.sha, row]));
  return commits.map((commit) => {
    const row = bySha.get(commit.sha);
    if (!row) throw AppError.notFound(); // the repository, and its commits with it, was deleted meanwhile
    return row;
  });
}

const commitSummarySelect = {
  id: true,
  sha: true,
  message: true,
  committedAt: true,
  repository: { select: { id: true, name: true } },
} satisfies Prisma.CommitSelect;

export type CommitSummary = Prisma.CommitGetPayload<{ select: typeof commitSummarySelect }>;

/** The account's commits among `ids`, with their repository, newest commit first. */
export function commitSummaries(access: Access, ids: string[]): Promise<CommitSummary[]> {
  return getDb().commit.findMany({ where: { id: { in: ids }, ...owned(access) }, select: commitSummarySelect, orderBy: { committedAt: "desc" } });
}

/**
 * The most recent commits (by commit time) one may attach to an entry: those of the project's
 * repositories, or of every repository of the account when there is no project.
 */
export function recentCommits(access: Access, projectId: string | null, take = 50): Promise<CommitSummary[]> {
  return getDb().commit.findMany({
    where: { ...owned(access), ...(projectId && { repository: { projectId } }) },
    select: commitSummarySelect,
    orderBy: [{ committedAt: "desc" }, { id: "desc" }],
    take,
  });
}
