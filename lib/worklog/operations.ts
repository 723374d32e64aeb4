import type { Operation } from "@/lib/api/operation";
import { projectExample } from "@/lib/projects/examples";
import { commitExample } from "@/lib/repositories/examples";
import { entryExample, entryListExample } from "./examples";
import { entryListResponseSchema, entryResponseSchema } from "./responses";
import { attachCommitsSchema, entryCreateSchema, entryListQuerySchema, entryUpdateSchema } from "./schemas";

const tag = { name: "Worklog entries", description: "Time-tracking records in markdown, with tags, a project and attached commits." };

const unknownProject = "A field is invalid, or `project_id` names no project of the account (`Invalid value`).";

export const worklogOperations = {
  list: {
    kind: "api",
    operationId: "listEntries",
    method: "get",
    path: "/api/v1/worklog/entries",
    tag,
    summary: "List worklog entries",
    description: "Newest first, one page at a time. The filters combine with each other and with pagination; `total_count` counts all matches.",
    scope: "worklog:read",
    query: entryListQuerySchema,
    responses: { 200: { description: "A page of entries.", schema: entryListResponseSchema, example: entryListExample } },
  },
  create: {
    kind: "api",
    operationId: "createEntry",
    method: "post",
    path: "/api/v1/worklog/entries",
    tag,
    summary: "Create a worklog entry",
    description: "`recorded_at` defaults to now, `tags` to none.",
    scope: "worklog:write",
    body: {
      schema: entryCreateSchema,
      example: {
        content: entryExample.content,
        recorded_at: "2026-11-22T09:30:00Z",
        duration_seconds: 5400,
        tags: ["frontend", "release"],
        project_id: projectExample.id,
      },
    },
    responses: { 201: { description: "The new entry.", schema: entryResponseSchema, example: { ...entryExample, commit_ids: [] } } },
    errors: { 422: unknownProject },
  },
  get: {
    kind: "api",
    operationId: "getEntry",
    method: "get",
    path: "/api/v1/worklog/entries/{id}",
    tag,
    summary: "Get a worklog entry",
    scope: "worklog:read",
    responses: { 200: { description: "The entry.", schema: entryResponseSchema, example: entryExample } },
  },
  update: {
    kind: "api",
    operationId: "updateEntry",
    method: "put",
    path: "/api/v1/worklog/entries/{id}",
    tag,
    summary: "Update a worklog entry",
    description: "Changes the fields sent; the others stay as they are.",
    scope: "worklog:write",
    body: { schema: entryUpdateSchema, example: { duration_seconds: 6300, tags: ["frontend"] } },
    responses: {
      200: { description: "The updated entry.", schema: entryResponseSchema, example: { ...entryExample, duration_seconds: 6300, tags: ["frontend"] } },
    },
    errors: { 422: unknownProject },
  },
  delete: {
    kind: "api",
    operationId: "deleteEntry",
    method: "delete",
    path: "/api/v1/worklog/entries/{id}",
    tag,
    summary: "Delete a worklog entry",
    scope: "worklog:write",
    responses: { 200: { description: "The entry as it was.", schema: entryResponseSchema, example: entryExample } },
  },
  attachCommits: {
    kind: "api",
    operationId: "attachCommits",
    method: "post",
    path: "/api/v1/worklog/entries/{id}/commits",
    tag,
    summary: "Attach commits to an entry",
    description: "Attaches commits of the account to the entry; attaching one twice changes nothing.",
    scope: "worklog:write",
    body: { schema: attachCommitsSchema, example: { commit_ids: [commitExample.id] } },
    responses: { 200: { description: "The entry with its commits.", schema: entryResponseSchema, example: entryExample } },
    errors: { 422: "An id is invalid or names no commit of the account (`Invalid value`, e.g. at `/commit_ids/0`)." },
  },
} satisfies Record<string, Operation>;
