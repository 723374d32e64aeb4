import type { z } from "zod";
import { exampleCreatedAt, exampleEntryId, exampleUpdatedAt, pageMetaExample } from "@/lib/openapi/examples";
import { projectExample } from "@/lib/projects/examples";
import type { commitResponseSchema, commitWithEntriesResponseSchema, repositoryResponseSchema } from "./responses";

const ids = { repository: "01936f21-2c3d-7e4f-9a5b-6c7d8e9f0a12", commit: "01936f22-3d4e-7f5a-8b6c-7d8e9f0a1b23" };

export const repositoryExample = {
  id: ids.repository,
  url: `/api/v1/repositories/${ids.repository}`,
  name: "website",
  project_id: projectExample.id,
  local_path: "/home/ada/src/website",
  remote_url: "git@github.com:example/website.git",
  default_branch: "main",
  inserted_at: exampleCreatedAt,
  updated_at: exampleUpdatedAt,
} satisfies z.infer<typeof repositoryResponseSchema>;

export const commitExample = {
  id: ids.commit,
  url: `/api/v1/repositories/${ids.repository}/commits/${ids.commit}`,
  repository_id: ids.repository,
  sha: "3f786850e387550fdab836ed7e6dc881de23001b",
  message: "Add the pricing page",
  committed_at: "2026-11-22T09:12:44.000Z",
  author_name: "Ada Lovelace",
  author_email: "ada@example.com",
  web_url: null,
  inserted_at: exampleCreatedAt,
  updated_at: exampleCreatedAt,
} satisfies z.infer<typeof commitResponseSchema>;

export const commitWithEntriesExample = { ...commitExample, entry_ids: [exampleEntryId] } satisfies z.infer<typeof commitWithEntriesResponseSchema>;

export const repositoryListExample = { repositories: [repositoryExample], meta: pageMetaExample(ids.repository) };
export const commitListExample = { commits: [commitExample], meta: pageMetaExample(ids.commit) };
