import type { Operation } from "@/lib/api/operation";
import { projectExample } from "@/lib/projects/examples";
import { commitExample, commitListExample, commitWithEntriesExample, repositoryExample, repositoryListExample } from "./examples";
import {
  commitBatchResponseSchema,
  commitListResponseSchema,
  commitWithEntriesResponseSchema,
  repositoryListResponseSchema,
  repositoryResponseSchema,
  uncapturedShasResponseSchema,
} from "./responses";
import {
  commitBatchSchema,
  commitsQuerySchema,
  projectRepositoryCreateSchema,
  repositoryCreateSchema,
  repositoryListQuerySchema,
  repositoryUpdateSchema,
} from "./schemas";

const tag = { name: "Repositories", description: "Repositories, created directly or under a project, and their commits." };

const nameTakenOrUnknownProject =
  "A field is invalid, the name is taken (`Duplicate value`), or `project_id` names no project of the account (`Invalid value`).";

export const repositoryOperations = {
  list: {
    kind: "api",
    operationId: "listRepositories",
    method: "get",
    path: "/api/v1/repositories",
    tag,
    summary: "List repositories",
    description: "Newest first, one page at a time; `project_id` keeps those of one project.",
    scope: "repo:read",
    role: "viewer",
    query: repositoryListQuerySchema,
    responses: { 200: { description: "A page of repositories.", schema: repositoryListResponseSchema, example: repositoryListExample } },
  },
  create: {
    kind: "api",
    operationId: "createRepository",
    method: "post",
    path: "/api/v1/repositories",
    tag,
    summary: "Create a repository",
    scope: "repo:write",
    role: "member",
    body: { schema: repositoryCreateSchema, example: { name: "website", project_id: projectExample.id, default_branch: "main" } },
    responses: { 201: { description: "The new repository.", schema: repositoryResponseSchema, example: repositoryExample } },
    errors: { 422: nameTakenOrUnknownProject },
  },
  createInProject: {
    kind: "api",
    operationId: "createProjectRepository",
    method: "post",
    path: "/api/v1/projects/{id}/repositories",
    tag,
    summary: "Create a repository in a project",
    description: "The same as creating a repository, with `project_id` taken from the path.",
    scope: "repo:write",
    role: "member",
    body: { schema: projectRepositoryCreateSchema, example: { name: "website", remote_url: "git@github.com:example/website.git" } },
    responses: { 201: { description: "The new repository.", schema: repositoryResponseSchema, example: repositoryExample } },
    errors: { 404: "No project of the account has this id.", 422: "A field is invalid, or the name is taken (`Duplicate value`)." },
  },
  get: {
    kind: "api",
    operationId: "getRepository",
    method: "get",
    path: "/api/v1/repositories/{id}",
    tag,
    summary: "Get a repository",
    scope: "repo:read",
    role: "viewer",
    responses: { 200: { description: "The repository.", schema: repositoryResponseSchema, example: repositoryExample } },
  },
  update: {
    kind: "api",
    operationId: "updateRepository",
    method: "put",
    path: "/api/v1/repositories/{id}",
    tag,
    summary: "Update a repository",
    description: "Changes the fields sent; the others stay as they are. `project_id: null` detaches it from its project.",
    scope: "repo:write",
    role: "member",
    body: { schema: repositoryUpdateSchema, example: { default_branch: "trunk" } },
    responses: {
      200: { description: "The updated repository.", schema: repositoryResponseSchema, example: { ...repositoryExample, default_branch: "trunk" } },
    },
    errors: { 422: nameTakenOrUnknownProject },
  },
  delete: {
    kind: "api",
    operationId: "deleteRepository",
    method: "delete",
    path: "/api/v1/repositories/{id}",
    tag,
    summary: "Delete a repository",
    description: "Deletes its commits too, which detaches them from the entries they were attached to.",
    scope: "repo:write",
    role: "admin",
    responses: { 200: { description: "The repository as it was.", schema: repositoryResponseSchema, example: repositoryExample } },
  },
  listCommits: {
    kind: "api",
    operationId: "listCommits",
    method: "get",
    path: "/api/v1/repositories/{id}/commits",
    tag,
    summary: "List a repository's commits",
    description:
      "Newest first, one page at a time. With `uncaptured=true&shas=a,b,c` it answers instead which of those shas are not stored yet, as command-line tools ask before sending commits.",
    scope: "repo:read",
    role: "viewer",
    query: commitsQuerySchema,
    responses: {
      200: {
        description: "A page of commits, or with `uncaptured=true` the shas not stored yet.",
        schema: [commitListResponseSchema, uncapturedShasResponseSchema],
        examples: {
          page: { summary: "A page of commits", value: commitListExample },
          uncaptured: { summary: "With uncaptured=true", value: { uncaptured_shas: ["b5a2c96250612366ea272ffac6d9744aaf4b45aa"] } },
        },
      },
    },
    errors: { 400: "A pagination parameter is invalid, or `uncaptured=true` comes without valid `shas`." },
  },
  recordCommits: {
    kind: "api",
    operationId: "recordCommits",
    method: "post",
    path: "/api/v1/repositories/{id}/commits",
    tag,
    summary: "Record commits",
    description:
      "Stores a batch of 1 to 1000 commits. Idempotent: a sha already stored for the repository is returned as it is. The answer lists every commit of the request, in the order given.",
    scope: "repo:write",
    role: "member",
    body: {
      schema: commitBatchSchema,
      example: {
        commits: [
          {
            sha: commitExample.sha,
            message: commitExample.message,
            committed_at: "2026-11-22T09:12:44+00:00",
            author_name: commitExample.author_name,
            author_email: commitExample.author_email,
          },
        ],
      },
    },
    responses: { 201: { description: "The commits of the request.", schema: commitBatchResponseSchema, example: { commits: [commitExample] } } },
    errors: { 422: "A commit is invalid; the pointer names it, e.g. `/commits/0/sha`." },
  },
  getCommit: {
    kind: "api",
    operationId: "getCommit",
    method: "get",
    path: "/api/v1/repositories/{id}/commits/{commit_id}",
    tag,
    summary: "Get a commit",
    description: "The commit at its `url`, with `entry_ids`: the entries it is attached to, the most recent work first.",
    scope: "repo:read",
    role: "viewer",
    responses: { 200: { description: "The commit.", schema: commitWithEntriesResponseSchema, example: commitWithEntriesExample } },
    errors: { 404: "No commit with this id in the account's repository." },
  },
} satisfies Record<string, Operation>;
