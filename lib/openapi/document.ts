import { createHash } from "node:crypto";
import { z } from "zod";
import { type Operation, type Tag } from "@/lib/api/operation";
import { dataOperations } from "@/lib/data/operations";
import { forgeHookOperations } from "@/lib/forge-hooks/operations";
import { mcpOperations } from "@/lib/mcp/operations";
import { oauthOperations } from "@/lib/oauth/operations";
import { projectOperations } from "@/lib/projects/operations";
import { recapOperations } from "@/lib/recaps/operations";
import { reportOperations } from "@/lib/reports/operations";
import { repositoryOperations } from "@/lib/repositories/operations";
import { scheduleOperations } from "@/lib/schedules/operations";
import { serverOperations } from "@/lib/server/operations";
import { syncOperations } from "@/lib/sync/operations";
import { standupReminderOperations } from "@/lib/reminders/operations";
import { userOperations } from "@/lib/users/operations";
import { calendarOperations } from "@/lib/calendar/operations";
import { webhookOperations } from "@/lib/webhooks/operations";
import { timerOperations, worklogOperations } from "@/lib/worklog/operations";
import { workspaceOperations } from "@/lib/workspaces/operations";
import { requestSchemas, responseSchemas } from "./components";
import { exampleOrigin } from "./examples";
import { operationObject } from "./operation-object";
import { schemaUri, type SchemaNames } from "./references";
import { errorResponses, sharedHeaders } from "./shared-components";
import type { JsonSchema, OpenApiDocument, PathItem } from "./types";

/** Every operation the service serves, domain by domain in the order of the reference. */
export const operations: Operation[] = [
  userOperations,
  workspaceOperations,
  standupReminderOperations,
  projectOperations,
  repositoryOperations,
  forgeHookOperations,
  webhookOperations,
  worklogOperations,
  calendarOperations,
  timerOperations,
  reportOperations,
  recapOperations,
  scheduleOperations,
  syncOperations,
  dataOperations,
  mcpOperations,
  oauthOperations,
  serverOperations,
].flatMap((domain) => Object.values(domain));

/**
 * The named schemas as JSON Schema, so that one refers to another by `$ref`. Zod converts them
 * as the code reads them: request bodies as input, responses as output.
 */
function convertSchemas(names: SchemaNames, io: "input" | "output"): Record<string, JsonSchema> {
  const converted: Record<string, JsonSchema> = z.toJSONSchema(names, { io, uri: schemaUri }).schemas;
  if ("__shared" in converted) throw new Error("A schema is shared without a name: register it in lib/openapi/components.ts.");
  // Each stands inside the document, whose dialect is declared once; a fragment is no valid `$id`.
  for (const schema of Object.values(converted)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return converted;
}

function componentSchemas(): Record<string, JsonSchema> {
  const requests = convertSchemas(requestSchemas, "input");
  const responses = convertSchemas(responseSchemas, "output");
  const twice = Object.keys(requests).filter((name) => name in responses);
  if (twice.length > 0) throw new Error(`Both a request and a response schema are named ${twice.join(", ")}.`);
  // By name: the registries fill in the order modules load, which differs between processes.
  return Object.fromEntries(Object.entries({ ...requests, ...responses }).sort(([a], [b]) => (a < b ? -1 : 1)));
}

const overview = `Worklog's REST API: projects, repositories and their commits, worklog entries and recaps of them. Everything under \`/api/v1\` speaks JSON with \`snake_case\` fields; ids are UUIDs and timestamps are ISO 8601 in UTC with milliseconds.

**Authentication.** Send an API key as the HTTP Basic user name with an empty password (\`curl -u wl_yourkey: …\`) or as \`Authorization: Bearer wl_…\`, or an OAuth access token from the device flow as \`Authorization: Bearer wlo_…\`. Keys are created under Settings → API keys; each carries scopes of the form \`<resource>:<permission>\` (resources \`user\`, \`workspace\`, \`project\`, \`repo\`, \`worklog\`; permissions \`read\`, \`write\`, or \`*\` for both). Every endpoint names the scope it requires, and the least role in the key's or token's workspace it requires (\`x-required-role\`: viewer < member < admin < owner); a lower role is a 403 naming it in \`details.required_role\`.

**Pagination.** Lists are newest first: entries by \`recorded_at\`, commits by \`committed_at\`, the rest by creation (then by id). \`limit\` takes 1 to 100 (default 25); pass the previous page's \`meta.end_cursor\` as \`starting_after\` for the next page, or \`meta.start_cursor\` as \`ending_before\` for the previous one; a deleted item's id still works as a cursor. \`meta.has_more\` says whether another page follows. \`meta.total_count\` counts the matches: exactly, except for a filtered or searched list of entries with more than 1 000, where it is 1000 and \`meta.total_count_exact\` is false.

**Conditional reads.** Every read answers with a weak \`ETag\`; send it back as \`If-None-Match\` and, while nothing of the account has changed, the answer is 304 with no body.

**Errors.** Errors are \`{"error": {"message", "type"}}\`, except a 422 (\`{"errors": [{"title", "detail", "source": {"pointer"}}]}\`, one per invalid field) and a 429 (\`{"error", "retry_after"}\`). A method a path does not serve is a 405 with \`Allow\`. Unknown fields in a body are ignored. Every response carries \`x-request-id\`.

**AI agents.** \`POST /api/mcp\` is a Model Context Protocol server with the same credentials, scopes and rate limit (section "MCP server").

**Rate limits.** 500 requests a minute per account by default, shared by all its keys and tokens, announced in the \`x-ratelimit-*\` headers and the IETF \`RateLimit-Policy\` and \`RateLimit\` headers of every authenticated response; over it, 429 with \`retry-after\`. Failed authentications are limited to 60 a minute per client address.`;

/** The tags of the operations, in the order they first appear. */
function tagsOf(declared: Operation[]): Tag[] {
  return [...new Set(declared.map(({ tag }) => tag))].map(({ name, description }) => ({ name, description }));
}

/** The document with `exampleOrigin` where the origin it is served at goes. */
function documentTemplate(): OpenApiDocument {
  const schemas = componentSchemas();
  const paths: Record<string, PathItem> = {};
  for (const declared of operations) {
    const item = (paths[declared.path] ??= {});
    if (item[declared.method]) throw new Error(`${declared.method.toUpperCase()} ${declared.path} is declared twice.`);
    item[declared.method] = operationObject(declared, schemas);
  }
  return {
    openapi: "3.1.1",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: "Worklog API", version: "1", description: overview },
    servers: [{ url: exampleOrigin }],
    tags: tagsOf(operations),
    paths,
    components: {
      schemas,
      responses: errorResponses(),
      headers: sharedHeaders,
      securitySchemes: {
        basicAuth: {
          type: "http",
          scheme: "basic",
          description: "An API key as the user name, with an empty password. Create keys under Settings → API keys.",
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "wlo_… or wl_…",
          description: "An OAuth access token from the device flow, limited to the scopes the user approved; or an API key.",
        },
      },
    },
  };
}

/** The template's JSON for an origin. The origin comes from request headers: escaped, it cannot break out of its JSON strings. */
function forOrigin(templateJson: string, origin: string): string {
  return templateJson.replaceAll(exampleOrigin, JSON.stringify(origin).slice(1, -1));
}

/** The document for the origin it is served at: its `servers` and the absolute links of its examples name it. */
export function buildOpenApiDocument(origin: string): OpenApiDocument {
  return JSON.parse(forOrigin(JSON.stringify(documentTemplate()), origin));
}

export type PublishedDocument = { origin: string; document: OpenApiDocument; json: string; etag: string };

let template: string | undefined;
let published: PublishedDocument | undefined;

/** The document for the origin it is served at, built once per process; the last origin's copy is kept. */
export function publishedDocument(origin: string): PublishedDocument {
  if (published?.origin !== origin) {
    template ??= JSON.stringify(documentTemplate());
    const json = forOrigin(template, origin);
    published = { origin, document: JSON.parse(json), json, etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
  }
  return published;
}
