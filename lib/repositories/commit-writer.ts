import { createdBy, type Access } from "@/lib/access/context";
import { insertRows } from "@/lib/db/bulk-insert";
import type { Commit, Transaction } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { commitBulkColumns } from "./commit-columns";
import type { CommitInput } from "./schemas";

/** A commit to store in one of the account's repositories; `id` when the caller has made it already (an import, whose entries refer to it). */
export type NewCommit = Pick<Commit, "repositoryId" | "sha" | "message" | "committedAt" | "authorName" | "authorEmail" | "webUrl"> & { id?: string };

/** A commit as the API and an import document give it, to store in the repository. */
export const fromCommitInput = (repositoryId: string, commit: CommitInput): NewCommit => ({
  repositoryId,
  sha: commit.sha,
  message: commit.message,
  committedAt: commit.committed_at,
  authorName: commit.author_name ?? null,
  authorEmail: commit.author_email ?? null,
  webUrl: commit.web_url ?? null,
});

/**
 * Commits per statement. The rows travel as one JSON parameter (lib/db/bulk-insert.ts), so
 * PostgreSQL's 65 535 parameters do not bound it: a statement of a few hundred kilobytes does.
 */
export const COMMIT_BATCH_SIZE = 1000;

const bySha = (a: NewCommit, b: NewCommit) =>
  a.sha < b.sha ? -1 : a.sha > b.sha ? 1 : a.repositoryId < b.repositoryId ? -1 : a.repositoryId > b.repositoryId ? 1 : 0;

/**
 * Stores the account's commits that their repository does not have yet, and answers how many it
 * stored; every API path, the import and forge pushes write commits here. One rule for a sha the
 * repository has (stored before, by a concurrent writer, or earlier in `commits`): the stored
 * commit stays as it is and the new one is dropped. Sorted by sha, so that two writers of the
 * same commits take their locks in one order and never each wait for a sha the other has
 * inserted, a deadlock. One statement per batch, whose triggers
 * count the account's writes, move its change sequence on (docs/api.md, "Conditional reads") and
 * announce `commit.created`; the suggestions read commits as they are, so nothing else is kept.
 */
export async function writeCommits(db: Transaction, access: Access, commits: NewCommit[]): Promise<number> {
  const unique = new Map<string, NewCommit>();
  for (const commit of commits) {
    const key = `${commit.repositoryId} ${commit.sha}`;
    if (!unique.has(key)) unique.set(key, commit);
  }
  const now = new Date();
  const rows = [...unique.values()].sort(bySha).map((commit) => ({
    id: commit.id ?? newId(),
    ...createdBy(access),
    repositoryId: commit.repositoryId,
    sha: commit.sha,
    message: commit.message,
    committedAt: commit.committedAt,
    authorName: commit.authorName,
    authorEmail: commit.authorEmail,
    webUrl: commit.webUrl,
    updatedAt: now,
  }));
  let stored = 0;
  for (let start = 0; start < rows.length; start += COMMIT_BATCH_SIZE) {
    stored += await insertRows(db, "commits", commitBulkColumns, rows.slice(start, start + COMMIT_BATCH_SIZE), {
      onConflict: "ON CONFLICT (repository_id, sha) DO NOTHING",
    });
  }
  return stored;
}
