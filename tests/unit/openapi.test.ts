import { describe, expect, it } from "vitest";
import { httpMethods, requiredScopes } from "@/lib/api/operation";
import { forgeHookOperations } from "@/lib/forge-hooks/operations";
import { requestSchemas, responseSchemas } from "@/lib/openapi/components";
import { buildOpenApiDocument, operations as collected, publishedDocument } from "@/lib/openapi/document";
import type { JsonSchema, MediaType, OperationObject } from "@/lib/openapi/types";
import { resolvePointer } from "@/lib/openapi/reading";
import { draft2020Validator, pointerSegment, schemaChecker } from "../support/openapi";
import { declaredOperationGroups } from "../support/operations";

const origin = "https://worklog.example.com";
const document = buildOpenApiDocument(origin);

type Located<T> = { pointer: string; value: T };

function operations(): Located<OperationObject & { method: string; path: string }>[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      pointer: `#/paths/${pointerSegment(path)}/${method}`,
      value: { ...operation, method, path },
    })),
  );
}

/** Every media type of the document, with where it lies: request bodies, responses, shared responses. */
function mediaTypes(): Located<MediaType>[] {
  const inContent = (pointer: string, content: Record<string, MediaType> | undefined) =>
    Object.entries(content ?? {}).map(([type, media]) => ({ pointer: `${pointer}/content/${pointerSegment(type)}`, value: media }));
  const shared = Object.entries(document.components.responses).flatMap(([name, response]) => inContent(`#/components/responses/${name}`, response.content));
  return [
    ...shared,
    ...operations().flatMap(({ pointer, value }) => [
      ...inContent(`${pointer}/requestBody`, value.requestBody?.content),
      ...Object.entries(value.responses).flatMap(([status, response]) =>
        "$ref" in response ? [] : inContent(`${pointer}/responses/${status}`, response.content),
      ),
    ]),
  ];
}

/** Every place that holds a JSON Schema. */
function schemaRoots(): Located<JsonSchema>[] {
  return [
    ...Object.entries(document.components.schemas).map(([name, schema]) => ({ pointer: `#/components/schemas/${name}`, value: schema })),
    ...Object.entries(document.components.headers).map(([name, header]) => ({ pointer: `#/components/headers/${name}/schema`, value: header.schema })),
    ...operations().flatMap(({ pointer, value }) =>
      (value.parameters ?? []).map((parameter, index) => ({ pointer: `${pointer}/parameters/${index}/schema`, value: parameter.schema })),
    ),
    ...mediaTypes().flatMap(({ pointer, value }) => [
      { pointer: `${pointer}/schema`, value: value.schema },
      ...(value["x-event-data"] ? [{ pointer: `${pointer}/x-event-data`, value: value["x-event-data"] }] : []),
    ]),
  ];
}

/** Every `$ref` anywhere in the document. */
function* references(node: unknown, pointer = "#"): Generator<Located<string>> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* references(item, `${pointer}/${index}`);
  } else if (typeof node === "object" && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") yield { pointer, value };
      else yield* references(value, `${pointer}/${pointerSegment(key)}`);
    }
  }
}

describe("the OpenAPI document", () => {
  it("has the top-level shape of OpenAPI 3.1", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.jsonSchemaDialect).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(document.servers).toEqual([{ url: origin }]);
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\/[\w./{}-]*[\w}]$/);
      expect(
        Object.keys(item).every((method) => (httpMethods as readonly string[]).includes(method)),
        path,
      ).toBe(true);
    }
    const tagNames = document.tags.map((tag) => tag.name);
    expect(new Set(tagNames).size).toBe(tagNames.length);
    for (const { value } of operations()) {
      expect(
        value.tags.every((tag) => tagNames.includes(tag)),
        value.operationId,
      ).toBe(true);
      expect(value.summary, value.operationId).not.toBe("");
    }
  });

  it("gives every operation a unique operationId", () => {
    const ids = operations().map(({ value }) => value.operationId);
    expect(ids.length).toBeGreaterThan(30);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("resolves every $ref inside the document", () => {
    const all = [...references(document)];
    expect(all.length).toBeGreaterThan(50);
    const dangling = all.filter(({ value }) => !value.startsWith("#/") || resolvePointer(document, value) === undefined);
    expect(dangling).toEqual([]);
  });

  it("declares every path parameter of every path, and nothing else in the path", () => {
    for (const { value } of operations()) {
      const templated = [...value.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
      const declared = (value.parameters ?? []).filter((parameter) => parameter.in === "path");
      expect(declared.map((parameter) => parameter.name).sort(), value.operationId).toEqual(templated);
      expect(declared.every((parameter) => parameter.required)).toBe(true);
      const names = (value.parameters ?? []).map((parameter) => `${parameter.in}:${parameter.name}`);
      expect(new Set(names).size, value.operationId).toBe(names.length);
      const outsidePathAndQuery = (value.parameters ?? []).filter((parameter) => !["path", "query"].includes(parameter.in));
      const api = value.path.startsWith("/api/v1/");
      const conditional = value.method === "get" && api && !value.path.endsWith("/sse") && value.path !== "/api/v1/export";
      const idempotent = value.method !== "get" && api;
      // A write of an entry takes its version (docs/api.md, "Conditional writes").
      const versioned = ["updateEntry", "deleteEntry"].includes(value.operationId) ? ["header:If-Match"] : [];
      // A hook's delivery reads the headers its forge sends (docs/api.md, "Incoming hooks").
      const forgeHeaders =
        value.operationId === forgeHookOperations.receive.operationId ? forgeHookOperations.receive.headers.map(({ name }) => `header:${name}`) : [];
      expect(
        outsidePathAndQuery.map((parameter) => `${parameter.in}:${parameter.name}`),
        value.operationId,
      ).toEqual(conditional ? ["header:If-None-Match"] : idempotent ? [...versioned, "header:Idempotency-Key"] : forgeHeaders);
    }
  });

  it("gives every write of /api/v1 the Idempotency-Key's 409 and the idempotent-replayed header on its successes", () => {
    // A 409 of the resource's own state (the owner leaving their workspace) is not the key's.
    const ownConflicts = ["updateMember", "removeMember", "deleteUser"];
    for (const { value } of operations()) {
      const idempotent = value.method !== "get" && value.path.startsWith("/api/v1/");
      expect("409" in value.responses, value.operationId).toBe(idempotent || ownConflicts.includes(value.operationId));
      for (const [status, response] of Object.entries(value.responses)) {
        if (!/^2\d\d$/.test(status) || "$ref" in response) continue;
        expect(Object.keys(response.headers ?? {}).includes("idempotent-replayed"), `${value.operationId} ${status}`).toBe(idempotent);
      }
    }
  });

  it("gives every operation responses, a success among them, each with a description", () => {
    for (const { value } of operations()) {
      const statuses = Object.keys(value.responses);
      expect(
        statuses.some((status) => /^2\d\d$/.test(status)),
        value.operationId,
      ).toBe(true);
      expect(
        statuses.every((status) => /^[1-5]\d\d$/.test(status)),
        value.operationId,
      ).toBe(true);
      for (const response of Object.values(value.responses)) {
        const description = "$ref" in response ? (resolvePointer(document, response.$ref) as { description: string }).description : response.description;
        expect(description, value.operationId).toEqual(expect.any(String));
      }
    }
  });

  it("names the scope of every /api/v1 endpoint in its security, x-scope and description", () => {
    const schemes = Object.keys(document.components.securitySchemes);
    for (const { value } of operations()) {
      for (const requirement of value.security) expect(Object.keys(requirement).every((scheme) => schemes.includes(scheme))).toBe(true);
      if (!value.path.startsWith("/api/v1/") || value.operationId === "getOpenApiDocument") continue;
      const scopes = value["x-scope"]?.split(" ") ?? [];
      expect(scopes.length, value.operationId).toBeGreaterThan(0);
      for (const scope of scopes) expect(scope, value.operationId).toMatch(/^(user|workspace|project|repo|worklog):(read|write)$/);
      expect(["viewer", "member", "admin", "owner"], value.operationId).toContain(value["x-required-role"]);
      expect(value.description).toContain(`Requires the ${value["x-required-role"]} role or higher.`);
      expect(value.security).toEqual([{ basicAuth: scopes }, { bearerAuth: scopes }]);
      for (const scope of scopes) expect(value.description).toContain(`\`${scope}\``);
      expect(Object.keys(value.responses)).toEqual(expect.arrayContaining(["401", "403", "429", "503"]));
    }
  });

  it("keeps request and response schema names apart", () => {
    const requestNames = [...requestSchemas._idmap.keys()];
    expect(requestNames.length).toBeGreaterThan(10);
    expect([...responseSchemas._idmap.keys()].filter((name) => requestNames.includes(name))).toEqual([]);
  });

  it("names only schemas that the document refers to", () => {
    const referenced = new Set([...references(document)].map(({ value }) => value));
    const unreferenced = Object.keys(document.components.schemas).filter((name) => !referenced.has(`#/components/schemas/${name}`));
    expect(unreferenced).toEqual([]);
  });

  it("collects every operation the domains declare, each once, where it is declared", async () => {
    const declared = [...(await declaredOperationGroups()).values()].flatMap((group) => Object.values(group));
    expect(declared.length).toBeGreaterThan(30);
    expect(new Set(declared.map(({ operationId }) => operationId)).size).toBe(declared.length);
    expect(new Set(declared.map(({ method, path }) => `${method} ${path}`)).size).toBe(declared.length);
    expect(collected.length).toBe(declared.length);
    expect(operations()).toHaveLength(declared.length);
    for (const operation of declared) {
      expect(
        collected.filter((each) => each === operation),
        operation.operationId,
      ).toHaveLength(1);
      const documented = document.paths[operation.path]?.[operation.method];
      expect(documented?.operationId, `${operation.method} ${operation.path}`).toBe(operation.operationId);
      expect(documented?.tags).toEqual([operation.tag.name]);
      expect(documented?.["x-scope"]).toBe(operation.kind === "api" ? requiredScopes(operation).join(" ") : undefined);
      expect(documented?.["x-plan"]).toBe(operation.kind === "api" ? operation.plan : undefined);
    }
  });

  it("holds only valid JSON Schemas of draft 2020-12, with no keyword that dialect does not know", () => {
    const ajv = draft2020Validator({ strict: true });
    const roots = schemaRoots();
    expect(roots.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const root of roots) {
      if (!ajv.validateSchema(root.value)) problems.push(`${root.pointer}: ${ajv.errorsText()}`);
      // Strict compilation refuses unknown keywords; references are checked by the test above.
      const withoutReferences = JSON.parse(JSON.stringify(root.value, (key, value) => (key === "$ref" ? undefined : value)));
      try {
        ajv.compile(withoutReferences);
      } catch (error) {
        problems.push(`${root.pointer}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("has examples that match their schemas", () => {
    const { check } = schemaChecker(document);
    let examples = 0;
    const problems: string[] = [];
    for (const { pointer, value: media } of mediaTypes()) {
      const values = media.examples ? Object.values(media.examples).map((example) => example.value) : media.example === undefined ? [] : [media.example];
      for (const example of values) {
        examples++;
        problems.push(...check(`${pointer}/schema`, example).map((problem) => `${pointer}: ${problem}`));
        if (media["x-event-data"]) {
          const events = String(example).match(/^data: .*$/gm) ?? [];
          expect(events.length, pointer).toBeGreaterThan(1);
          for (const line of events) problems.push(...check(`${pointer}/x-event-data`, JSON.parse(line.slice(6))).map((problem) => `${pointer}: ${problem}`));
        }
      }
    }
    expect(examples).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });

  it("rejects, through the same checks, a value its schema does not allow", () => {
    const { check, responsePointer } = schemaChecker(document);
    const pointer = responsePointer("get", "/api/v1/projects/{id}", 200);
    const project = document.paths["/api/v1/projects/{id}"]!.get!.responses["200"]!;
    const example = (project as { content: Record<string, MediaType> }).content["application/json"]!.example as Record<string, unknown>;
    expect(check(pointer, example)).toEqual([]);
    expect(check(pointer, { ...example, identifier: undefined })).not.toEqual([]);
    expect(check(pointer, { ...example, extra: true })).not.toEqual([]);
    expect(check(pointer, { ...example, inserted_at: "yesterday" })).not.toEqual([]);
  });

  it("takes in request bodies what the API reads: text trimmed first, shas in any case, a recap's lists as one string", () => {
    const { check } = schemaChecker(document);
    const body = (method: string, path: string) => `#/paths/${pointerSegment(path)}/${method}/requestBody/content/application~1json/schema`;
    const commits = body("post", "/api/v1/repositories/{id}/commits");
    const commit = { message: "m", committed_at: "2026-01-02T03:04:05Z" };
    const entries = body("post", "/api/v1/worklog/entries");
    const recaps = body("post", "/api/v1/worklog/recaps");
    const user = body("put", "/api/v1/user");
    const projects = body("post", "/api/v1/projects");
    const accepted: [string, unknown][] = [
      [
        commits,
        {
          commits: [
            { ...commit, sha: ` ${"AB".repeat(20)} ` },
            { ...commit, sha: "Cd".repeat(32) },
          ],
        },
      ],
      [entries, { content: "x", tags: [" Deploy ", "ops"] }],
      [recaps, { tags: "web ops", exclude_tags: "a,b", project_ids: ["0190a5e6-7f5c-7000-8000-000000000000"] }],
      [user, { email: "  New.Address@Example.COM " }],
      [projects, { name: "Website", identifier: " w " }],
    ];
    for (const [pointer, value] of accepted) expect(check(pointer, value), JSON.stringify(value)).toEqual([]);
    const refused: [string, unknown][] = [
      [commits, { commits: [{ ...commit, sha: "g".repeat(40) }] }],
      [entries, { content: "x", tags: ["has space"] }],
      [recaps, { tags: 5 }],
      [user, { email: "not an email" }],
      [projects, { name: "Website", identifier: "A1" }],
    ];
    for (const [pointer, value] of refused) expect(check(pointer, value), JSON.stringify(value)).not.toEqual([]);
  });

  it("lists the answers every operation can get before the API: 431, and the document's own 304", () => {
    for (const { value } of operations())
      expect(value.responses["431"], value.operationId).toEqual({ $ref: "#/components/responses/RequestHeaderFieldsTooLarge" });
    const documentRead = document.paths["/api/v1/openapi.json"]!.get!;
    expect(Object.keys(documentRead.responses)).toEqual(expect.arrayContaining(["200", "304"]));
    expect(documentRead.parameters?.map((parameter) => parameter.name)).toEqual(["If-None-Match"]);
  });

  it("is published for the origin it is served at, whatever characters that origin holds", () => {
    const plain = publishedDocument("https://worklog.example.com");
    expect(plain.document).toEqual(document);
    expect(JSON.parse(plain.json)).toEqual(document);
    const odd = publishedDocument('http://host"\\name');
    expect(odd.document.servers).toEqual([{ url: 'http://host"\\name' }]);
    expect(odd.etag).not.toBe(plain.etag);
    const created = odd.document.paths["/api/v1/worklog/recaps"]!.post!.responses["201"] as { content: Record<string, MediaType> };
    expect((created.content["application/json"]!.example as { sse_url: string }).sse_url).toMatch(/^http:\/\/host"\\name\/api\/v1\//);
  });
});
