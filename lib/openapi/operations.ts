import type { z } from "zod";
import { errorBodySchema, rateLimitErrorBodySchema, validationErrorBodySchema } from "@/lib/api/error-response";
import { pageMetaSchema } from "@/lib/api/pagination";
import type { RequiredScope } from "@/lib/auth/scopes";
import { oauthErrorBodySchema, type OAuthErrorCode } from "@/lib/oauth/errors";
import {
  deviceCodeRequestSchema,
  deviceCodeResponseSchema,
  deviceTokenRequestSchema,
  refreshRequestSchema,
  revokeResponseSchema,
  tokenInfoRequestSchema,
  tokenInfoResponseSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from "@/lib/oauth/schemas";
import { projectListResponseSchema, projectResponseSchema } from "@/lib/projects/responses";
import { projectCreateSchema, projectListQuerySchema, projectUpdateSchema } from "@/lib/projects/schemas";
import {
  createdRecapResponseSchema,
  recapDeltaEventSchema,
  recapEventSchema,
  recapFiltersResponseSchema,
  recapFinishedEventSchema,
  recapMetadataSchema,
  recapResponseSchema,
} from "@/lib/recaps/responses";
import { recapFiltersSchema, recapStreamQuerySchema } from "@/lib/recaps/schemas";
import {
  commitBatchResponseSchema,
  commitListResponseSchema,
  commitResponseSchema,
  repositoryListResponseSchema,
  repositoryResponseSchema,
  uncapturedShasResponseSchema,
} from "@/lib/repositories/responses";
import {
  commitBatchSchema,
  commitsQuerySchema,
  projectRepositoryCreateSchema,
  repositoryCreateSchema,
  repositoryListQuerySchema,
  repositoryUpdateSchema,
} from "@/lib/repositories/schemas";
import { healthResponseSchema, liveResponseSchema } from "@/lib/server/probes";
import { userResponseSchema } from "@/lib/users/responses";
import { userUpdateSchema } from "@/lib/users/schemas";
import { entryListResponseSchema, entryProjectSchema, entryResponseSchema } from "@/lib/worklog/responses";
import { attachCommitsSchema, entryCreateSchema, entryListQuerySchema, entryUpdateSchema } from "@/lib/worklog/schemas";
import {
  commitExample,
  commitShas,
  completedRecapExample,
  createdRecapExamples,
  entryExample,
  listExamples,
  projectExample,
  recapStreamExample,
  repositoryExample,
  tokenExample,
  userExample,
} from "./examples";

/**
 * The request bodies, by their name in `components.schemas`: the very schemas the routes parse
 * with, converted as they read their input.
 */
export const requestSchemas = {
  UserUpdate: userUpdateSchema,
  ProjectCreate: projectCreateSchema,
  ProjectUpdate: projectUpdateSchema,
  RepositoryCreate: repositoryCreateSchema,
  ProjectRepositoryCreate: projectRepositoryCreateSchema,
  RepositoryUpdate: repositoryUpdateSchema,
  CommitBatch: commitBatchSchema,
  EntryCreate: entryCreateSchema,
  EntryUpdate: entryUpdateSchema,
  AttachCommits: attachCommitsSchema,
  RecapRequest: recapFiltersSchema,
  DeviceCodeRequest: deviceCodeRequestSchema,
  DeviceTokenRequest: deviceTokenRequestSchema,
  RefreshRequest: refreshRequestSchema,
  TokenRequest: tokenRequestSchema,
  TokenInfoRequest: tokenInfoRequestSchema,
} satisfies Record<string, z.ZodType>;

/** The response bodies, by their name in `components.schemas`, converted as the routes write them. */
export const responseSchemas = {
  User: userResponseSchema,
  PageMeta: pageMetaSchema,
  Project: projectResponseSchema,
  ProjectList: projectListResponseSchema,
  Repository: repositoryResponseSchema,
  RepositoryList: repositoryListResponseSchema,
  Commit: commitResponseSchema,
  CommitList: commitListResponseSchema,
  CommitBatchResult: commitBatchResponseSchema,
  UncapturedShas: uncapturedShasResponseSchema,
  EntryProject: entryProjectSchema,
  Entry: entryResponseSchema,
  EntryList: entryListResponseSchema,
  RecapMetadata: recapMetadataSchema,
  RecapFilters: recapFiltersResponseSchema,
  Recap: recapResponseSchema,
  CreatedRecap: createdRecapResponseSchema,
  RecapDeltaEvent: recapDeltaEventSchema,
  RecapFinishedEvent: recapFinishedEventSchema,
  RecapEvent: recapEventSchema,
  DeviceCode: deviceCodeResponseSchema,
  Token: tokenResponseSchema,
  Revoked: revokeResponseSchema,
  TokenInfo: tokenInfoResponseSchema,
  Error: errorBodySchema,
  ValidationError: validationErrorBodySchema,
  RateLimitError: rateLimitErrorBodySchema,
  OAuthError: oauthErrorBodySchema,
  Live: liveResponseSchema,
  Health: healthResponseSchema,
} satisfies Record<string, z.ZodType>;

export type RequestSchemaName = keyof typeof requestSchemas;
export type ResponseSchemaName = keyof typeof responseSchemas;

export const tags = [
  { name: "User", description: "The account that owns the API key or OAuth token." },
  { name: "Projects", description: "Projects group repositories and worklog entries." },
  { name: "Repositories", description: "Repositories, created directly or under a project, and their commits." },
  { name: "Worklog entries", description: "Time-tracking records in markdown, with tags, a project and attached commits." },
  {
    name: "Recaps",
    description: "Summaries of worklog entries over a period, generated in the background and streamed as they are written. Plan `pro` only.",
  },
  {
    name: "OAuth device flow",
    description:
      "How command-line tools obtain an OAuth access token (RFC 8628). These endpoints live at the origin's root, take JSON or form-encoded bodies and answer errors as `{\"error\": \"<code>\"}`.",
  },
  { name: "Service", description: "This document and the probes of the running service. No authentication." },
] as const;

export type Tag = (typeof tags)[number]["name"];

export type ResponseSpec = {
  description: string;
  /** One schema, or several of which the body is one; none for any JSON object. */
  schema?: ResponseSchemaName | ResponseSchemaName[];
  example?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
};

/** A `text/event-stream` response: each event's `data:` line is a JSON document of `eventSchema`. */
export type EventStreamSpec = { description: string; eventSchema: ResponseSchemaName; example: string };

type Authentication =
  /** /api/v1: an API key or an OAuth access token with this scope; `plan` when the account needs one. */
  | { kind: "api"; scope: RequiredScope; plan?: "pro" }
  /** The device-flow endpoints: the request's own fields identify the client or token. */
  | { kind: "oauth"; optionalBearer?: boolean }
  | { kind: "none" };

export type OperationSpec = {
  operationId: string;
  method: "get" | "post" | "put" | "delete";
  /** With `{name}` for path parameters, which are ids (UUIDs). */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  authentication: Authentication;
  query?: z.ZodType;
  body?: { schema: RequestSchemaName; example: unknown };
  responses: { [status: number]: ResponseSpec | EventStreamSpec };
  /**
   * What an /api/v1 endpoint's errors mean here, where it says more than the general case.
   * Which of them an endpoint can answer follows from the rest of the spec.
   */
  errors?: { 400?: string; 403?: string; 404?: string; 422?: string };
  /** The RFC 6749/8628 error codes a device-flow endpoint answers, by status. */
  oauthErrors?: { 400: OAuthErrorCode[]; 401?: OAuthErrorCode[] };
};

/** Every operation the service serves; tests check this against the route files and the running server. */
export function operationSpecs(origin: string): OperationSpec[] {
  const recaps = createdRecapExamples(origin);
  return [
    {
      operationId: "getUser",
      method: "get",
      path: "/api/v1/user",
      tag: "User",
      summary: "Get the user",
      authentication: { kind: "api", scope: "user:read" },
      responses: { 200: { description: "The account.", schema: "User", example: userExample } },
    },
    {
      operationId: "updateUser",
      method: "put",
      path: "/api/v1/user",
      tag: "User",
      summary: "Update the user",
      description: "Changes any of `email`, `name` and `timezone`; the plan cannot be changed through the API.",
      authentication: { kind: "api", scope: "user:write" },
      body: { schema: "UserUpdate", example: { name: "Ada King", timezone: "Europe/Paris" } },
      responses: { 200: { description: "The updated account.", schema: "User", example: { ...userExample, name: "Ada King", timezone: "Europe/Paris" } } },
      errors: { 422: "A field is invalid, or the email belongs to another account (`Duplicate value`)." },
    },
    {
      operationId: "deleteUser",
      method: "delete",
      path: "/api/v1/user",
      tag: "User",
      summary: "Delete the user",
      description:
        "Deletes the account and everything it owns (projects, repositories, commits, entries, recaps, API keys, OAuth tokens) in one transaction. Every key and token of the account fails with 401 from then on.",
      authentication: { kind: "api", scope: "user:write" },
      responses: { 200: { description: "The account as it was.", schema: "User", example: userExample } },
    },
    {
      operationId: "listProjects",
      method: "get",
      path: "/api/v1/projects",
      tag: "Projects",
      summary: "List projects",
      description: "Newest first, one page at a time.",
      authentication: { kind: "api", scope: "project:read" },
      query: projectListQuerySchema,
      responses: { 200: { description: "A page of projects.", schema: "ProjectList", example: listExamples.projects } },
    },
    {
      operationId: "createProject",
      method: "post",
      path: "/api/v1/projects",
      tag: "Projects",
      summary: "Create a project",
      authentication: { kind: "api", scope: "project:write" },
      body: { schema: "ProjectCreate", example: { name: "Website Project", description: "The public site" } },
      responses: { 201: { description: "The new project.", schema: "Project", example: projectExample } },
      errors: { 422: "A field is invalid, or the identifier is taken (`Duplicate value`)." },
    },
    {
      operationId: "getProject",
      method: "get",
      path: "/api/v1/projects/{id}",
      tag: "Projects",
      summary: "Get a project",
      authentication: { kind: "api", scope: "project:read" },
      responses: { 200: { description: "The project.", schema: "Project", example: projectExample } },
    },
    {
      operationId: "updateProject",
      method: "put",
      path: "/api/v1/projects/{id}",
      tag: "Projects",
      summary: "Update a project",
      description: "Changes the fields sent; the others stay as they are.",
      authentication: { kind: "api", scope: "project:write" },
      body: { schema: "ProjectUpdate", example: { description: "The public site and its blog" } },
      responses: {
        200: { description: "The updated project.", schema: "Project", example: { ...projectExample, description: "The public site and its blog" } },
      },
      errors: { 422: "A field is invalid, or the identifier is taken (`Duplicate value`)." },
    },
    {
      operationId: "deleteProject",
      method: "delete",
      path: "/api/v1/projects/{id}",
      tag: "Projects",
      summary: "Delete a project",
      description: "Its repositories and entries stay, detached: their `project_id` becomes `null`.",
      authentication: { kind: "api", scope: "project:write" },
      responses: { 200: { description: "The project as it was.", schema: "Project", example: projectExample } },
    },
    {
      operationId: "listRepositories",
      method: "get",
      path: "/api/v1/repositories",
      tag: "Repositories",
      summary: "List repositories",
      description: "Newest first, one page at a time; `project_id` keeps those of one project.",
      authentication: { kind: "api", scope: "repo:read" },
      query: repositoryListQuerySchema,
      responses: { 200: { description: "A page of repositories.", schema: "RepositoryList", example: listExamples.repositories } },
    },
    {
      operationId: "createRepository",
      method: "post",
      path: "/api/v1/repositories",
      tag: "Repositories",
      summary: "Create a repository",
      authentication: { kind: "api", scope: "repo:write" },
      body: { schema: "RepositoryCreate", example: { name: "website", project_id: projectExample.id, default_branch: "main" } },
      responses: { 201: { description: "The new repository.", schema: "Repository", example: repositoryExample } },
      errors: {
        422: "A field is invalid, the name is taken (`Duplicate value`), or `project_id` names no project of the account (`Invalid value`).",
      },
    },
    {
      operationId: "createProjectRepository",
      method: "post",
      path: "/api/v1/projects/{id}/repositories",
      tag: "Repositories",
      summary: "Create a repository in a project",
      description: "The same as creating a repository, with `project_id` taken from the path.",
      authentication: { kind: "api", scope: "repo:write" },
      body: { schema: "ProjectRepositoryCreate", example: { name: "website", remote_url: "git@github.com:example/website.git" } },
      responses: { 201: { description: "The new repository.", schema: "Repository", example: repositoryExample } },
      errors: { 404: "No project of the account has this id.", 422: "A field is invalid, or the name is taken (`Duplicate value`)." },
    },
    {
      operationId: "getRepository",
      method: "get",
      path: "/api/v1/repositories/{id}",
      tag: "Repositories",
      summary: "Get a repository",
      authentication: { kind: "api", scope: "repo:read" },
      responses: { 200: { description: "The repository.", schema: "Repository", example: repositoryExample } },
    },
    {
      operationId: "updateRepository",
      method: "put",
      path: "/api/v1/repositories/{id}",
      tag: "Repositories",
      summary: "Update a repository",
      description: "Changes the fields sent; the others stay as they are. `project_id: null` detaches it from its project.",
      authentication: { kind: "api", scope: "repo:write" },
      body: { schema: "RepositoryUpdate", example: { default_branch: "trunk" } },
      responses: { 200: { description: "The updated repository.", schema: "Repository", example: { ...repositoryExample, default_branch: "trunk" } } },
      errors: {
        422: "A field is invalid, the name is taken (`Duplicate value`), or `project_id` names no project of the account (`Invalid value`).",
      },
    },
    {
      operationId: "deleteRepository",
      method: "delete",
      path: "/api/v1/repositories/{id}",
      tag: "Repositories",
      summary: "Delete a repository",
      description: "Deletes its commits too, which detaches them from the entries they were attached to.",
      authentication: { kind: "api", scope: "repo:write" },
      responses: { 200: { description: "The repository as it was.", schema: "Repository", example: repositoryExample } },
    },
    {
      operationId: "listCommits",
      method: "get",
      path: "/api/v1/repositories/{id}/commits",
      tag: "Repositories",
      summary: "List a repository's commits",
      description:
        "Newest first, one page at a time. With `uncaptured=true&shas=a,b,c` it answers instead which of those shas are not stored yet, as command-line tools ask before sending commits.",
      authentication: { kind: "api", scope: "repo:read" },
      query: commitsQuerySchema,
      responses: {
        200: {
          description: "A page of commits, or with `uncaptured=true` the shas not stored yet.",
          schema: ["CommitList", "UncapturedShas"],
          examples: {
            page: { summary: "A page of commits", value: listExamples.commits },
            uncaptured: { summary: "With uncaptured=true", value: { uncaptured_shas: [commitShas[1]] } },
          },
        },
      },
      errors: { 400: "A pagination parameter is invalid, or `uncaptured=true` comes without valid `shas`." },
    },
    {
      operationId: "recordCommits",
      method: "post",
      path: "/api/v1/repositories/{id}/commits",
      tag: "Repositories",
      summary: "Record commits",
      description:
        "Stores a batch of 1 to 1000 commits. Idempotent: a sha already stored for the repository is returned as it is. The answer lists every commit of the request, in the order given.",
      authentication: { kind: "api", scope: "repo:write" },
      body: {
        schema: "CommitBatch",
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
      responses: { 201: { description: "The commits of the request.", schema: "CommitBatchResult", example: { commits: [commitExample] } } },
      errors: { 422: "A commit is invalid; the pointer names it, e.g. `/commits/0/sha`." },
    },
    {
      operationId: "listEntries",
      method: "get",
      path: "/api/v1/worklog/entries",
      tag: "Worklog entries",
      summary: "List worklog entries",
      description: "Newest first, one page at a time. The filters combine with each other and with pagination; `total_count` counts all matches.",
      authentication: { kind: "api", scope: "worklog:read" },
      query: entryListQuerySchema,
      responses: { 200: { description: "A page of entries.", schema: "EntryList", example: listExamples.entries } },
    },
    {
      operationId: "createEntry",
      method: "post",
      path: "/api/v1/worklog/entries",
      tag: "Worklog entries",
      summary: "Create a worklog entry",
      description: "`recorded_at` defaults to now, `tags` to none.",
      authentication: { kind: "api", scope: "worklog:write" },
      body: {
        schema: "EntryCreate",
        example: {
          content: entryExample.content,
          recorded_at: "2026-11-22T09:30:00Z",
          duration_seconds: 5400,
          tags: ["frontend", "release"],
          project_id: projectExample.id,
        },
      },
      responses: { 201: { description: "The new entry.", schema: "Entry", example: { ...entryExample, commit_ids: [] } } },
      errors: { 422: "A field is invalid, or `project_id` names no project of the account (`Invalid value`)." },
    },
    {
      operationId: "getEntry",
      method: "get",
      path: "/api/v1/worklog/entries/{id}",
      tag: "Worklog entries",
      summary: "Get a worklog entry",
      authentication: { kind: "api", scope: "worklog:read" },
      responses: { 200: { description: "The entry.", schema: "Entry", example: entryExample } },
    },
    {
      operationId: "updateEntry",
      method: "put",
      path: "/api/v1/worklog/entries/{id}",
      tag: "Worklog entries",
      summary: "Update a worklog entry",
      description: "Changes the fields sent; the others stay as they are.",
      authentication: { kind: "api", scope: "worklog:write" },
      body: { schema: "EntryUpdate", example: { duration_seconds: 6300, tags: ["frontend"] } },
      responses: {
        200: { description: "The updated entry.", schema: "Entry", example: { ...entryExample, duration_seconds: 6300, tags: ["frontend"] } },
      },
      errors: { 422: "A field is invalid, or `project_id` names no project of the account (`Invalid value`)." },
    },
    {
      operationId: "deleteEntry",
      method: "delete",
      path: "/api/v1/worklog/entries/{id}",
      tag: "Worklog entries",
      summary: "Delete a worklog entry",
      authentication: { kind: "api", scope: "worklog:write" },
      responses: { 200: { description: "The entry as it was.", schema: "Entry", example: entryExample } },
    },
    {
      operationId: "attachCommits",
      method: "post",
      path: "/api/v1/worklog/entries/{id}/commits",
      tag: "Worklog entries",
      summary: "Attach commits to an entry",
      description: "Attaches commits of the account to the entry; attaching one twice changes nothing.",
      authentication: { kind: "api", scope: "worklog:write" },
      body: { schema: "AttachCommits", example: { commit_ids: [commitExample.id] } },
      responses: { 200: { description: "The entry with its commits.", schema: "Entry", example: entryExample } },
      errors: { 422: "An id is invalid or names no commit of the account (`Invalid value`, e.g. at `/commit_ids/0`)." },
    },
    {
      operationId: "createRecap",
      method: "post",
      path: "/api/v1/worklog/recaps",
      tag: "Recaps",
      summary: "Create a recap",
      description:
        "Starts a recap of the entries matching the filters, given in the JSON body or the query string (the body wins, field by field). `from` defaults to the start of today in the account's time zone, `to` to now. The recap is written in the background: follow it at `sse_url` or poll `poll_url`. When a completed recap of the same filters exists and none of its entries changed, that recap is returned at once with 200.",
      authentication: { kind: "api", scope: "worklog:write", plan: "pro" },
      query: recapFiltersSchema,
      body: { schema: "RecapRequest", example: { from: "2026-11-16", to: "2026-11-22", tags: ["frontend"] } },
      responses: {
        201: { description: "A new recap, `processing`.", schema: "CreatedRecap", example: recaps.processing },
        200: { description: "The completed recap of the same filters, unchanged since.", schema: "CreatedRecap", example: recaps.completed },
      },
      errors: { 400: "A query parameter is invalid, or no worklog entry matches the filters (`No worklog entries match these filters`)." },
    },
    {
      operationId: "getRecap",
      method: "get",
      path: "/api/v1/worklog/recaps/{id}",
      tag: "Recaps",
      summary: "Get a recap",
      description: "A recap whose generator has written nothing for 5 minutes reads as `failed`.",
      authentication: { kind: "api", scope: "worklog:read", plan: "pro" },
      responses: { 200: { description: "The recap.", schema: "Recap", example: completedRecapExample } },
    },
    {
      operationId: "streamRecapEvents",
      method: "get",
      path: "/api/v1/worklog/recaps/sse",
      tag: "Recaps",
      summary: "Stream recap events",
      description:
        "Server-sent events. Each event has an `id:` line and one `data:` line of JSON: `delta` pieces of content while the recap is `processing`, then the whole recap once `completed` or `failed`, and the stream closes. On connect the current state comes first (a finished recap: one event, then the end). Without `recap_id` the stream carries the events of all the account's recaps until the client leaves. Comments (`: heartbeat`) keep the connection open every 15 s. Authentication, scope, plan and rate limit are checked before the stream opens, with the usual JSON errors.",
      authentication: { kind: "api", scope: "worklog:read", plan: "pro" },
      query: recapStreamQuerySchema,
      responses: { 200: { description: "The event stream.", eventSchema: "RecapEvent", example: recapStreamExample() } },
      errors: { 404: "`recap_id` names no recap of the account." },
    },
    {
      operationId: "getOpenApiDocument",
      method: "get",
      path: "/api/v1/openapi.json",
      tag: "Service",
      summary: "This API reference",
      description: "The OpenAPI 3.1 document of the API, generated from the schemas the endpoints validate with.",
      authentication: { kind: "none" },
      responses: { 200: { description: "The OpenAPI document." } },
    },
    {
      operationId: "startDeviceAuthorization",
      method: "post",
      path: "/auth/device/code",
      tag: "OAuth device flow",
      summary: "Start a device authorization",
      description:
        "A client asks for scopes. Show the user `user_code` and `verification_uri`, where they approve or deny while signed in, then poll the token endpoint every `interval` seconds. The codes expire after `expires_in` seconds.",
      authentication: { kind: "oauth" },
      body: { schema: "DeviceCodeRequest", example: { client_id: "90w0AXnlNgnh2XBJdexYjw", scope: "project:read worklog:*" } },
      responses: {
        200: {
          description: "The codes of the new grant.",
          schema: "DeviceCode",
          example: {
            device_code: "Yh3bM0qk7Xv2N9pL4sR8tW1zC6dF5gJ0aE3iU7oK2nQ",
            user_code: "BCDF-GHJK",
            verification_uri: `${origin}/device`,
            verification_uri_complete: `${origin}/device?user_code=BCDF-GHJK`,
            expires_in: 600,
            interval: 5,
          },
        },
      },
      oauthErrors: { 400: ["invalid_request", "invalid_scope"], 401: ["invalid_client"] },
    },
    {
      operationId: "pollDeviceToken",
      method: "post",
      path: "/auth/device/token",
      tag: "OAuth device flow",
      summary: "Poll for the tokens",
      description:
        "Answers `authorization_pending` until the user decides, `slow_down` when polled faster than `interval`, then the tokens once. A device code is single-use.",
      authentication: { kind: "oauth" },
      body: { schema: "DeviceTokenRequest", example: { device_code: "Yh3bM0qk7Xv2N9pL4sR8tW1zC6dF5gJ0aE3iU7oK2nQ" } },
      responses: { 200: { description: "The access and refresh tokens.", schema: "Token", example: tokenExample } },
      oauthErrors: {
        400: ["invalid_request", "authorization_pending", "slow_down", "access_denied", "expired_token", "invalid_grant", "unsupported_grant_type"],
      },
    },
    {
      operationId: "refreshToken",
      method: "post",
      path: "/auth/token",
      tag: "OAuth device flow",
      summary: "Refresh the tokens",
      description: "Exchanges a refresh token for a new pair; the old access and refresh tokens stop working.",
      authentication: { kind: "oauth" },
      body: { schema: "RefreshRequest", example: { grant_type: "refresh_token", refresh_token: tokenExample.refresh_token } },
      responses: { 200: { description: "The new pair.", schema: "Token", example: tokenExample } },
      oauthErrors: { 400: ["invalid_request", "invalid_grant", "unsupported_grant_type"] },
    },
    {
      operationId: "revokeToken",
      method: "post",
      path: "/auth/revoke",
      tag: "OAuth device flow",
      summary: "Revoke tokens",
      description: "Revokes the pair the access or refresh token belongs to (RFC 7009). An unknown token is no error.",
      authentication: { kind: "oauth" },
      body: { schema: "TokenRequest", example: { token: tokenExample.access_token } },
      responses: { 200: { description: "Revoked (or never valid).", schema: "Revoked", example: { revoked: true } } },
      oauthErrors: { 400: ["invalid_request"] },
    },
    {
      operationId: "getTokenInfo",
      method: "post",
      path: "/auth/token_info",
      tag: "OAuth device flow",
      summary: "Describe an access token",
      description: "Describes the access token in the body, or else the Bearer token of the request.",
      authentication: { kind: "oauth", optionalBearer: true },
      body: { schema: "TokenInfoRequest", example: { token: tokenExample.access_token } },
      responses: {
        200: {
          description: "The token is live.",
          schema: "TokenInfo",
          example: { active: true, scope: tokenExample.scope, client_id: "90w0AXnlNgnh2XBJdexYjw", username: userExample.email, exp: 1_787_650_200 },
        },
      },
      oauthErrors: { 400: ["invalid_request"], 401: ["invalid_token"] },
    },
    {
      operationId: "checkLiveness",
      method: "get",
      path: "/api/live",
      tag: "Service",
      summary: "Liveness probe",
      description: "The process answers; the database is not consulted.",
      authentication: { kind: "none" },
      responses: { 200: { description: "Alive.", schema: "Live", example: { status: "ok" } } },
    },
    {
      operationId: "checkHealth",
      method: "get",
      path: "/api/health",
      tag: "Service",
      summary: "Readiness probe",
      description: "Ready while the database answers.",
      authentication: { kind: "none" },
      responses: {
        200: { description: "Ready.", schema: "Health", example: { status: "ok", database: "ok" } },
        503: { description: "The database cannot be reached.", schema: "Health", example: { status: "unavailable", database: "unreachable" } },
      },
    },
  ];
}
