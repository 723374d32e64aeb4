import { z } from "zod";
import { pageMetaSchema } from "@/lib/api/pagination";
import type { Commit, Repository } from "@/lib/db/client";
import type { CommitWithEntries } from "./commits";
import { responseSchemas } from "@/lib/openapi/components";

export const repositoryResponseSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    name: z.string(),
    project_id: z.uuid().nullable(),
    local_path: z.string().nullable(),
    remote_url: z.string().nullable(),
    default_branch: z.string().nullable(),
    inserted_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "Repository" });

export const repositoryListResponseSchema = z
  .object({ repositories: z.array(repositoryResponseSchema), meta: pageMetaSchema })
  .register(responseSchemas, { id: "RepositoryList" });

export const commitResponseSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    repository_id: z.uuid(),
    sha: z.string(),
    message: z.string(),
    committed_at: z.iso.datetime(),
    author_name: z.string().nullable(),
    author_email: z.string().nullable(),
    web_url: z.string().nullable().meta({ description: "The commit's page on its forge, as a push webhook or the request that recorded it gave it; null when none did." }),
    inserted_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "Commit" });

/** One commit at its `url`, with the entries it is attached to, the most recent work first. */
export const commitWithEntriesResponseSchema = commitResponseSchema
  .extend({ entry_ids: z.array(z.uuid()) })
  .register(responseSchemas, { id: "CommitWithEntries" });

export const commitListResponseSchema = z
  .object({ commits: z.array(commitResponseSchema), meta: pageMetaSchema })
  .register(responseSchemas, { id: "CommitList" });

/** POST /repositories/{id}/commits: every commit of the request, in the order given. */
export const commitBatchResponseSchema = z
  .object({ commits: z.array(commitResponseSchema) })
  .register(responseSchemas, { id: "CommitBatchResult" });

export const uncapturedShasResponseSchema = z
  .object({ uncaptured_shas: z.array(z.string()) })
  .register(responseSchemas, { id: "UncapturedShas" });

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

export function toCommitWithEntriesResponse({ entries, ...commit }: CommitWithEntries): z.infer<typeof commitWithEntriesResponseSchema> {
  return { ...toCommitResponse(commit), entry_ids: entries.map(({ entryId }) => entryId) };
}
