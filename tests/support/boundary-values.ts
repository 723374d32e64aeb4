// Values at and past the edges of what a parameter may be, read from its JSON Schema (an
// operation's in the OpenAPI document, a tool's input schema over MCP), for the random-input
// tests: a new parameter, operation or tool is covered as soon as its schema says what it takes.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Larger than any limit of a request: a body over every body limit but the import's, a query far over Node's header limit. */
export const hugeText = "x".repeat(10 * 1024 * 1024);

/** The calendar's first and last days (docs/api.md, "Conventions"), the days either side, and no day. */
export const dateBoundaries = ["0001-01-01", "9999-12-31", "0000-12-31", "10000-01-01", ""];

/** The timestamps' first and last instants, the calendar's edges in the zones furthest east and west, past them, and none. */
export const timestampBoundaries = [
  "0001-01-02T00:00:00Z",
  "9999-12-30T23:59:59.999Z",
  "0001-01-01T00:00:00+14:00",
  "9999-12-31T23:59:59-12:00",
  "0000-12-31T23:59:59Z",
  "10000-01-01T00:00:00Z",
  "",
];

/** A date of no year of the calendar, as a Date writes years past 9999 or before 0 (six signed digits), or year 0. */
export const outsideCalendarYears = /[+-]\d{6}-\d\d|(?<![\d-])0000-\d\d-\d\d/;

const numberBoundaries = [-1, 0, 2 ** 31, 2 ** 53, -(2 ** 53)];

/** The kinds of value a schema takes, with the `$ref`s of `document` followed and its alternatives together. */
function kinds(schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema): JsonSchema[] {
  const resolved = resolve(schema);
  const alternatives = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])];
  return [resolved, ...alternatives.flatMap((alternative) => kinds(alternative, resolve))];
}

/** Whether a schema takes dates or timestamps, alone or among its alternatives. */
export function isTemporal(schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema = (each) => each): boolean {
  return kinds(schema, resolve).some((kind) => kind.format === "date" || kind.format === "date-time");
}

/**
 * Values at and past the edges of a schema: the calendar's edges for dates and timestamps, the
 * bounds ±1, 2^31, 2^53 and their negatives for numbers, the empty string and one character over
 * the maximum for strings, one item over for arrays. As text for a query string.
 */
export function boundaryValues(schema: JsonSchema, resolve: (schema: JsonSchema) => JsonSchema = (each) => each, { asText = false } = {}): unknown[] {
  const values = new Set<unknown>();
  for (const kind of kinds(schema, resolve)) {
    if (kind.format === "date") dateBoundaries.forEach((value) => values.add(value));
    if (kind.format === "date-time") timestampBoundaries.forEach((value) => values.add(value));
    const types = [kind.type ?? []].flat();
    if (types.includes("integer") || types.includes("number")) {
      for (const value of [
        ...numberBoundaries,
        kind.minimum,
        kind.maximum,
        kind.minimum !== undefined ? kind.minimum - 1 : undefined,
        kind.maximum !== undefined ? kind.maximum + 1 : undefined,
      ]) {
        if (value !== undefined) values.add(asText ? String(value) : value);
      }
      if (types.includes("integer")) values.add(asText ? "1.5" : 1.5);
      values.add("");
    }
    if (kind.maxLength !== undefined) {
      values.add("");
      values.add("x".repeat(kind.maxLength));
      values.add("x".repeat(kind.maxLength + 1));
    }
    if (kind.maxItems !== undefined && !asText)
      values.add(Array.from({ length: kind.maxItems + 1 }, () => (kind.items && isTemporal(kind.items, resolve) ? dateBoundaries[0] : "x")));
  }
  return [...values];
}

/** Every field of an object schema, nested ones by their JSON Pointer (an array's by its first item), whose values have edges. */
export function boundedFields(
  schema: JsonSchema,
  resolve: (schema: JsonSchema) => JsonSchema = (each) => each,
  at = "",
): { pointer: string; schema: JsonSchema }[] {
  const fields: { pointer: string; schema: JsonSchema }[] = [];
  const seen = new Set<string>();
  for (const kind of kinds(schema, resolve)) {
    for (const [name, property] of Object.entries(kind.properties ?? {})) {
      const pointer = `${at}/${name}`;
      if (seen.has(pointer)) continue;
      seen.add(pointer);
      if (boundaryValues(property, resolve).length > 0) fields.push({ pointer, schema: property });
      fields.push(...boundedFields(property, resolve, pointer));
      for (const itemKind of kinds(property, resolve)) if (itemKind.items) fields.push(...boundedFields(itemKind.items, resolve, `${pointer}/0`));
    }
  }
  return fields;
}

/** A copy of `value` with `replacement` at a JSON Pointer, objects and arrays made on the way where missing. */
export function withValueAt(value: unknown, pointer: string, replacement: unknown): unknown {
  const copy = structuredClone(value ?? {}) as Record<string, unknown>;
  const segments = pointer.split("/").slice(1);
  let node: Record<string, unknown> = copy;
  for (const [index, segment] of segments.entries()) {
    if (index === segments.length - 1) {
      node[segment] = replacement;
      break;
    }
    if (node[segment] === null || typeof node[segment] !== "object") node[segment] = /^\d+$/.test(segments[index + 1]!) ? [] : {};
    node = node[segment] as Record<string, unknown>;
  }
  return copy;
}
