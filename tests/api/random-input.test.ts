import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { HttpMethod } from "@/lib/api/operation";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import {
  boundaryValues,
  boundedFields,
  dateBoundaries,
  hugeText,
  isTemporal,
  outsideCalendarYears,
  timestampBoundaries,
  withValueAt,
  type JsonSchema,
} from "../support/boundary-values";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newKey } from "../support/accounts";

let server: TestServer;
let key: string;
const ids: Record<string, string> = {};

const fieldNames = [
  "name",
  "description",
  "identifier",
  "project_id",
  "local_path",
  "remote_url",
  "default_branch",
  "content",
  "recorded_at",
  "duration_seconds",
  "tags",
  "commit_ids",
  "commits",
  "email",
  "timezone",
  "from",
  "to",
  "project_ids",
  "exclude_tags",
  "pull_request_ids",
  "ids",
  "action",
];

/** Bodies that look like ours (known field names, random values) and bodies that are anything at all. */
const bodies = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
  fc.record({
    commits: fc.array(fc.dictionary(fc.constantFrom("sha", "message", "committed_at", "author_name"), fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 }),
  }),
  fc.record({
    ids: fc.array(fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })), { maxLength: 3 }),
    action: fc.record(
      {
        type: fc.constantFrom("add_tag", "remove_tag", "move_to_project", "delete", "rename"),
        tag: fc.jsonValue({ maxDepth: 1 }),
        project_id: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: ["type"] },
    ),
  }),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 50 }),
);

const allowed = new Set([200, 201, 400, 404, 413, 422]);

beforeAll(async () => {
  // Thousands of requests from one account: the rate limit is not what is tested here.
  server = await sharedServer("unlimited");
  key = await newKey(server);
  const post = async (path: string, body: unknown) => (await (await server.request(path, { key, method: "POST", body })).json()).id as string;
  ids.project = await post("/api/v1/projects", { name: "Fuzzed" });
  ids.repository = await post("/api/v1/repositories", { name: "fuzzed" });
  ids.entry = await post("/api/v1/worklog/entries", { content: "fuzzed" });
});

/** Everything a write could have changed, read through the API. */
async function snapshot(): Promise<string> {
  const paths = [
    "/api/v1/user",
    "/api/v1/projects?limit=100",
    "/api/v1/repositories?limit=100",
    "/api/v1/worklog/entries?limit=100",
    `/api/v1/repositories/${ids.repository}/commits?limit=100`,
  ];
  const bodies = await Promise.all(paths.map(async (path) => (await server.request(path, { key })).text()));
  return bodies.join("\n");
}

const endpoints: [string, string][] = [
  ["POST", "/api/v1/projects"],
  ["PUT", "/api/v1/projects/{project}"],
  ["POST", "/api/v1/repositories"],
  ["POST", "/api/v1/projects/{project}/repositories"],
  ["PUT", "/api/v1/repositories/{repository}"],
  ["POST", "/api/v1/repositories/{repository}/commits"],
  ["POST", "/api/v1/worklog/entries"],
  ["PUT", "/api/v1/worklog/entries/{entry}"],
  ["POST", "/api/v1/worklog/entries/{entry}/commits"],
  ["PUT", "/api/v1/user"],
  ["POST", "/api/v1/worklog/recaps"],
  ["POST", "/api/v1/worklog/suggestions/dismiss"],
  ["POST", "/api/v1/worklog/entries/bulk"],
];

const resolve = (pattern: string) => pattern.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);

describe("random input to every create and update endpoint", () => {
  it.each(endpoints)("%s %s answers a contract status and changes nothing on a 4xx", async (method, path) => {
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const before = await snapshot();
        // Random bodies, mostly wrong on purpose; the answer is still checked against the document.
        const response = await server.request(resolve(path), { key, method, body, invalid: true });
        expect(allowed, `${response.status} for ${JSON.stringify(body)}`).toContain(response.status);
        if (response.status >= 400) expect(await snapshot()).toBe(before);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
    );
  });
});

// Values at the edges of every parameter of every operation, from the OpenAPI document's schemas
// (tests/support/boundary-values.ts): each is answered, within a bound only a hang reaches, with
// no 5xx and no date outside the calendar (a Date's `+010000-01-01`), and the server answers
// /api/live after it. A request that failed inside the server
// (a 500) also fails the run (tests/support/global-servers.ts).

const document = buildOpenApiDocument("http://localhost");
const resolveSchema = (schema: JsonSchema): JsonSchema => {
  if (!schema.$ref) return schema;
  return resolveSchema(document.components!.schemas![schema.$ref.split("/").at(-1)!] as JsonSchema);
};

/** Only a hang exceeds it. */
const HANG_MS = 30_000;

type Parameter = { name: string; in: string; schema: JsonSchema };
type Case = { query: Record<string, string>; body?: unknown; oversized?: boolean };
type DocumentedOperation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema; example?: unknown }> } };

/** The requests of one operation: each bounded value alone, every date at once at each edge (with each value of each enum), and one oversized query and body. */
function casesOf(operation: DocumentedOperation): Case[] {
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === "query");
  const media = operation.requestBody?.content["application/json"];
  const example = media?.example ?? {};
  const fields = media ? boundedFields(media.schema, resolveSchema) : [];
  const cases: Case[] = [];
  for (const parameter of query)
    for (const value of boundaryValues(parameter.schema, resolveSchema, { asText: true })) cases.push({ query: { [parameter.name]: value as string } });
  for (const field of fields)
    for (const value of boundaryValues(field.schema, resolveSchema)) cases.push({ query: {}, body: withValueAt(example, field.pointer, value) });
  const temporalQuery = query.filter((parameter) => isTemporal(parameter.schema, resolveSchema));
  const temporalFields = fields.filter((field) => isTemporal(field.schema, resolveSchema));
  if (temporalQuery.length + temporalFields.length > 1) {
    const enums = query.flatMap((parameter) => (resolveSchema(parameter.schema).enum ?? []).map((value) => ({ [parameter.name]: String(value) })));
    for (const edge of [...dateBoundaries, ...timestampBoundaries].filter(Boolean)) {
      const dates = Object.fromEntries(temporalQuery.map((parameter) => [parameter.name, edge]));
      const body = media && temporalFields.reduce<unknown>((each, field) => withValueAt(each, field.pointer, edge), example);
      for (const choice of [{}, ...enums]) cases.push({ query: { ...dates, ...choice }, body });
    }
  }
  if (query.length > 0) cases.push({ query: { [query[0]!.name]: hugeText }, body: media && example, oversized: true });
  if (media)
    cases.push({
      query: {},
      body: withValueAt(example, fields.find((field) => resolveSchema(field.schema).maxLength !== undefined)?.pointer ?? "/padding", hugeText),
      oversized: true,
    });
  return cases;
}

/** The collections whose items the paths name by id, and the account's item of each; any other id is a new one (a 404 once the input is valid). */
const idsByCollection: Record<string, string> = {};

function pathOf(template: string): string {
  return template.replace(
    /\/([a-z_]+)\/\{(\w+)\}/g,
    (_, collection: string, name: string) => `/${collection}/${(name === "id" && idsByCollection[collection]) || randomUUID()}`,
  );
}

/** The answer to a request, or "cut" when the server closed the connection before reading all of a request far over its limits. */
async function answerTo(method: string, path: string, { query, body, oversized }: Case): Promise<{ status: number; text: string } | "cut"> {
  const search = new URLSearchParams(query).toString();
  const target = `${path}${search ? `?${search}` : ""}`;
  const signal = AbortSignal.timeout(HANG_MS);
  if (!oversized) {
    const response = await server.request(target, { key, method, body, invalid: true, signal });
    return { status: response.status, text: await response.text() };
  }
  // Over Node's header limit, the answer is the HTTP parser's 431, undocumented by the operations; over the body limit, the contract's 413.
  try {
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}`,
      ...(body !== undefined && { "content-type": "application/json" }),
    };
    const response = await fetch(new URL(target, server.url), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const code = ((error as Error).cause as { code?: string } | undefined)?.code;
    if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET") return "cut";
    throw error;
  }
}

const boundedOperations = Object.entries(document.paths)
  .filter(([path]) => path !== "/api/mcp") // its tools' arguments: tests/api/mcp-random-input.test.ts
  .flatMap(([path, item]) =>
    Object.entries(item as Record<string, DocumentedOperation>).map(([method, operation]) => ({
      method: method.toUpperCase() as Uppercase<HttpMethod>,
      path,
      cases: casesOf(operation),
    })),
  )
  .filter(({ cases }) => cases.length > 0);

describe("values at the edges of every parameter of every operation", () => {
  beforeAll(async () => {
    Object.assign(idsByCollection, { projects: ids.project, repositories: ids.repository, entries: ids.entry });
  });

  it.each(boundedOperations)("$method $path answers each in time, never with a 5xx nor a year past 9999, and stays up", async ({ method, path, cases }) => {
    for (const each of cases) {
      const answer = await answerTo(method, pathOf(path), each);
      const label = `${method} ${path} ${JSON.stringify(each.query).slice(0, 200)} ${JSON.stringify(each.body ?? null).slice(0, 200)}`;
      if (answer === "cut") {
        expect(each.oversized, label).toBe(true);
      } else {
        expect(answer.status, label).toBeLessThan(500);
        expect(answer.text, label).not.toMatch(outsideCalendarYears);
      }
      expect((await fetch(new URL("/api/live", server.url), { signal: AbortSignal.timeout(HANG_MS) })).status, `/api/live after ${label}`).toBe(200);
    }
  });
});
