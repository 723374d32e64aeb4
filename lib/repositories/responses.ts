import { z } from "zod";
import { cursorPageMetaSchema } from "@/lib/api/cursor-pagination";
import type { Commit, Repository, WorklogEntryCommit } from "@/lib/db/client";
import { aliasedColumns, isoTimestamp, jsonShape, property } from "@/lib/db/json-shape";
import { responseSchemas } from "@/lib/openapi/components";
import { commitColumns } from "./commit-columns";
import { repositoryColumns } from "./repository-columns";

// The repository and the commit as the API answers them, each once for its zod schema and for
// the SQL of a page of them (repositories.ts, listRepositoriesAsJson; commits.ts,
// listCommitsAsJson), which reads the repository as `r` and the commit as `c`:
// tests/db/list-json.test.ts holds that SQL to what toRepositoryResponse and toCommitResponse
// write, byte for byte.

const r = aliasedColumns("r", repositoryColumns);

export const repositoryShape = jsonShape({
  id: property(z.uuid(), r.id),
  url: property(z.string(), `'/api/v1/repositories/' || ${r.id}`),
  name: property(z.string(), r.name),
  project_id: property(z.uuid().nullable(), r.projectId),
  local_path: property(z.string().nullable(), r.localPath),
  remote_url: property(z.string().nullable(), r.remoteUrl),
  default_branch: property(z.string().nullable(), r.defaultBranch),
  inserted_at: property(z.iso.datetime(), isoTimestamp(r.insertedAt)),
  updated_at: property(z.iso.datetime(), isoTimestamp(r.updatedAt)),
});

export const repositoryResponseSchema = repositoryShape.schema.register(responseSchemas, { id: "Repository" });

export const repositoryListResponseSchema = z
  .object({ repositories: z.array(repositoryResponseSchema), meta: cursorPageMetaSchema })
  .register(responseSchemas, { id: "RepositoryList" });

const c = aliasedColumns("c", commitColumns);

export const commitShape = jsonShape({
  id: property(z.uuid(), c.id),
  url: property(z.string(), `'/api/v1/repositories/' || ${c.repositoryId} || '/commits/' || ${c.id}`),
  repository_id: property(z.uuid(), c.repositoryId),
  sha: property(z.string(), c.sha),
  message: property(z.string(), c.message),
  committed_at: property(z.iso.datetime(), isoTimestamp(c.committedAt)),
  author_name: property(z.string().nullable(), c.authorName),
  author_email: property(z.string().nullable(), c.authorEmail),
  web_url: property(
    z
      .string()
      .nullable()
      .meta({ description: "The commit's page on its forge, as a push webhook or the request that recorded it gave it; null when none did." }),
    c.webUrl,
  ),
  inserted_at: property(z.iso.datetime(), isoTimestamp(c.insertedAt)),
  updated_at: property(z.iso.datetime(), isoTimestamp(c.updatedAt)),
});

export const commitResponseSchema = commitShape.schema.register(responseSchemas, { id: "Commit" });

/** One commit at its `url`, with the entries it is attached to, the most recent work first. */
export const commitWithEntriesResponseSchema = commitResponseSchema
  .extend({ entry_ids: z.array(z.uuid()) })
  .register(responseSchemas, { id: "CommitWithEntries" });

export const commitListResponseSchema = z
  .object({ commits: z.array(commitResponseSchema), meta: cursorPageMetaSchema })
  .register(responseSchemas, { id: "CommitList" });

/** POST /repositories/{id}/commits: every commit of the request, in the order given. */
export const commitBatchResponseSchema = z.object({ commits: z.array(commitResponseSchema) }).register(responseSchemas, { id: "CommitBatchResult" });

export const uncapturedShasResponseSchema = z.object({ uncaptured_shas: z.array(z.string()) }).register(responseSchemas, { id: "UncapturedShas" });

export function toRepositoryResponse(repository: Repository): z.infer<typeof repositoryResponseSchema> {
  return {
    id: repository.id,
    url: `/api/v1/repositories/${repository.id}`,
    name: repository.name,
    project_id: repository.projectId,
    local_path: repository.localPath,
    remote_url: repository.remoteUrl,
    default_branch: repository.defaultBranch,
    inserted_at: repository.insertedAt.toISOString(),
    updated_at: repository.updatedAt.toISOString(),
  };
}

export function toCommitResponse(commit: Commit): z.infer<typeof commitResponseSchema> {
  return {
    id: commit.id,
    url: `/api/v1/repositories/${commit.repositoryId}/commits/${commit.id}`,
    repository_id: commit.repositoryId,
    sha: commit.sha,
    message: commit.message,
    committed_at: commit.committedAt.toISOString(),
    author_name: commit.authorName,
    author_email: commit.authorEmail,
    web_url: commit.webUrl,
    inserted_at: commit.insertedAt.toISOString(),
    updated_at: commit.updatedAt.toISOString(),
  };
}

/** A commit with its attachments (commits.ts, CommitWithEntries), the most recent work first. */
export function toCommitWithEntriesResponse({
  entries,
  ...commit
}: Commit & { entries: Pick<WorklogEntryCommit, "entryId">[] }): z.infer<typeof commitWithEntriesResponseSchema> {
  return { ...toCommitResponse(commit), entry_ids: entries.map(({ entryId }) => entryId) };
}
