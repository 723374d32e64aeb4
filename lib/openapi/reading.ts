import { httpMethods, type HttpMethod } from "@/lib/api/operation";
import type { JsonSchema, MediaType, OpenApiDocument, OperationObject, Reference, ResponseObject } from "./types";

/** Reading the document for people: what /docs shows of it. */

function isReference(value: unknown): value is Reference {
  return typeof value === "object" && value !== null && "$ref" in value;
}

/** The object a local `$ref` (`#/components/...`) points at. */
export function resolvePointer(document: OpenApiDocument, pointer: string): unknown {
  if (!pointer.startsWith("#/")) throw new Error(`not a local reference: ${pointer}`);
  return pointer
    .slice(2)
    .split("/")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment], document);
}

/** A response as written, or the shared one it refers to, with the reference's own description first. */
export function resolveResponse(document: OpenApiDocument, response: ResponseObject | Reference): ResponseObject {
  if (!isReference(response)) return response;
  const shared = resolvePointer(document, response.$ref) as ResponseObject;
  return { ...shared, description: response.description ?? shared.description };
}

const sharedResponsePrefix = "#/components/responses/";

/** The name in `components.responses` of a response that refers to one there. */
export function sharedResponseName(response: ResponseObject | Reference): string | undefined {
  return isReference(response) && response.$ref.startsWith(sharedResponsePrefix) ? response.$ref.slice(sharedResponsePrefix.length) : undefined;
}

function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  return isReference(schema) ? resolveSchema(document, resolvePointer(document, schema.$ref) as JsonSchema) : schema;
}

/** The branches of a schema that are not `null`: `anyOf: [X, {type: null}]` reads as X. */
function withoutNull(document: OpenApiDocument, schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const resolved = resolveSchema(document, schema);
  const branches = resolved.anyOf as JsonSchema[] | undefined;
  if (branches) {
    const others = branches.filter((branch) => branch.type !== "null");
    if (others.length === 1 && others.length < branches.length) return { schema: resolveSchema(document, others[0]!), nullable: true };
  }
  if (Array.isArray(resolved.type) && resolved.type.includes("null")) {
    const types = resolved.type.filter((type) => type !== "null");
    return { schema: { ...resolved, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema: resolved, nullable: false };
}

/** A schema's type in words: `string`, `array of string`, `integer or null`. */
export function typeLabel(document: OpenApiDocument, schema: JsonSchema): string {
  const { schema: inner, nullable } = withoutNull(document, schema);
  let label: string;
  if (inner.const !== undefined) label = JSON.stringify(inner.const);
  else if (Array.isArray(inner.anyOf)) label = (inner.anyOf as JsonSchema[]).map((branch) => typeLabel(document, branch)).join(" or ");
  else if (inner.type === "array") label = `array of ${inner.items ? typeLabel(document, inner.items as JsonSchema) : "anything"}`;
  else if (Array.isArray(inner.type)) label = inner.type.join(" or ");
  else label = typeof inner.type === "string" ? inner.type : "any";
  return nullable ? `${label} or null` : label;
}

const formatNumber = (value: number) => value.toLocaleString("en");

/** Bounds in words; a count's lower bound of 0 goes without saying. */
function range(min: unknown, max: unknown, unit?: string): string | undefined {
  const suffix = unit ? ` ${unit}` : "";
  const lower = typeof min === "number" && !(unit && min === 0) ? min : undefined;
  const upper = typeof max === "number" ? max : undefined;
  if (lower !== undefined && upper !== undefined) {
    return lower === upper ? `exactly ${formatNumber(lower)}${suffix}` : `${formatNumber(lower)}–${formatNumber(upper)}${suffix}`;
  }
  if (upper !== undefined) return `at most ${formatNumber(upper)}${suffix}`;
  if (lower !== undefined) return `at least ${formatNumber(lower)}${suffix}`;
  return undefined;
}

/** The limits a value must keep, in words: "1–100 characters", "format uuid", "one of …". */
export function schemaRules(document: OpenApiDocument, schema: JsonSchema): string[] {
  const { schema: inner } = withoutNull(document, schema);
  const rules = [
    range(inner.minLength, inner.maxLength, "characters"),
    range(inner.minimum, inner.maximum),
    range(inner.minItems, inner.maxItems, "items"),
    typeof inner.format === "string" ? `format ${inner.format}` : undefined,
    typeof inner.pattern === "string" ? `matches ${inner.pattern}` : undefined,
    Array.isArray(inner.enum) ? `one of ${inner.enum.map((value) => JSON.stringify(value)).join(", ")}` : undefined,
  ].filter((rule): rule is string => rule !== undefined);
  if (inner.type === "array" && inner.items) rules.push(...schemaRules(document, inner.items as JsonSchema).map((rule) => `each ${rule}`));
  return rules;
}

export type FieldRow = { name: string; type: string; required: boolean; rules: string[]; description?: string };

/** An object schema's fields, nested ones included as `parent.child` and `list[].child`. */
export function fieldRows(document: OpenApiDocument, schema: JsonSchema, prefix = ""): FieldRow[] {
  const { schema: object } = withoutNull(document, schema);
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = (object.required ?? []) as string[];
  return Object.entries(properties).flatMap(([name, property]) => {
    const { schema: inner } = withoutNull(document, property);
    const row: FieldRow = {
      name: prefix + name,
      type: typeLabel(document, property),
      required: required.includes(name),
      rules: schemaRules(document, property),
      description: typeof property.description === "string" ? property.description : (inner.description as string | undefined),
    };
    const items = inner.type === "array" && inner.items ? withoutNull(document, inner.items as JsonSchema).schema : undefined;
    const nested = inner.properties
      ? fieldRows(document, inner, `${prefix}${name}.`)
      : items?.properties
        ? fieldRows(document, items, `${prefix}${name}[].`)
        : [];
    return [row, ...nested];
  });
}

/** The request body's first (for JSON endpoints, only) media type. */
export function requestBodyMedia(operation: OperationObject): MediaType | undefined {
  return operation.requestBody && Object.values(operation.requestBody.content)[0];
}

export type DocumentedOperation = { method: HttpMethod; path: string; operation: OperationObject };

function allOperations(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => (item[method] ? [{ method, path, operation: item[method] }] : [])),
  );
}

/** The operations under each tag, in the document's order of tags and paths. */
export function operationsByTag(document: OpenApiDocument): { name: string; description: string; operations: DocumentedOperation[] }[] {
  const all = allOperations(document);
  return document.tags.map((tag) => ({ ...tag, operations: all.filter(({ operation }) => operation.tags.includes(tag.name)) }));
}

/** The shared responses that operations refer to, each with the status it is given under, in order of status. */
export function sharedResponses(document: OpenApiDocument): { name: string; status: string; response: ResponseObject }[] {
  const statuses = new Map<string, string>();
  for (const { operation } of allOperations(document)) {
    for (const [status, response] of Object.entries(operation.responses)) {
      const name = sharedResponseName(response);
      if (name && !statuses.has(name)) statuses.set(name, status);
    }
  }
  return [...statuses]
    .map(([name, status]) => ({ name, status, response: resolveResponse(document, { $ref: sharedResponsePrefix + name }) }))
    .sort((a, b) => a.status.localeCompare(b.status));
}
