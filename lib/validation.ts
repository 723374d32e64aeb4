import { z } from "zod";
import { isUuid } from "./db/ids";
import { AppError, type FieldIssue } from "./errors";

/** RFC 6901: "" is the whole body, "/name" a field of it. */
function pointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => "/" + String(segment).replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

/** Zod's issue as one of the detail strings of docs/api.md, "Errors". */
function detail(issue: z.core.$ZodIssue, input: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.path.length > 0 && valueAt(input, issue.path) === undefined ? `Missing field: ${String(issue.path.at(-1))}` : "Invalid value";
    case "too_small":
      if (issue.origin === "string") return "String length is smaller than minLength";
      if (issue.origin === "number" || issue.origin === "int") {
        return `Value must be greater than ${issue.inclusive ? Number(issue.minimum) - 1 : Number(issue.minimum)}`;
      }
      return "Invalid value";
    case "too_big":
      if (issue.origin === "string") return "String length is larger than maxLength";
      if (issue.origin === "number" || issue.origin === "int") {
        return `Value must be less than ${issue.inclusive ? Number(issue.maximum) + 1 : Number(issue.maximum)}`;
      }
      return "Invalid value";
    case "invalid_value":
      return issue.path.length > 0 && valueAt(input, issue.path) === undefined ? `Missing field: ${String(issue.path.at(-1))}` : "Invalid enum value";
    default:
      return "Invalid value";
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

export function fieldIssues(error: z.ZodError, input: unknown): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const issue of error.issues) {
    const entry = { pointer: pointer(issue.path), detail: detail(issue, input) };
    if (seen.has(entry.pointer)) continue; // one message per field is enough
    seen.add(entry.pointer);
    issues.push(entry);
  }
  return issues;
}

/** Parses input with a schema, or throws the 422 validation error listing every field at once. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.validation(fieldIssues(result.error, input));
  return result.data;
}

/**
 * Whether PostgreSQL can store the string exactly as given: it refuses NUL characters in text,
 * and a lone UTF-16 surrogate (which JSON's `\ud800` escapes can produce) has no UTF-8 form.
 */
export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes("\0");
}

/**
 * A string whose length, in characters (Unicode code points, docs/api.md, "Conventions"), lies in
 * [min, max]: zod's own min and max count UTF-16 units, so an emoji would count twice. The
 * issues raised are the ones min and max raise, so the 422 details are the contract's.
 * Trimmed first unless `trim` is false (markdown content is stored exactly as sent). Text that
 * could not be stored verbatim is an `Invalid value` rather than silently altered. The bounds
 * are also given as metadata for the API reference: JSON Schema counts code points too.
 */
export function text(min: number, max: number, { trim = true } = {}) {
  return (trim ? z.string().trim() : z.string())
    .superRefine((value, context) => {
      if (!isStorableText(value)) {
        context.addIssue({ code: "custom", input: value });
        return;
      }
      const length = [...value].length;
      if (length < min) context.addIssue({ code: "too_small", origin: "string", minimum: min, inclusive: true, input: value });
      if (length > max) context.addIssue({ code: "too_big", origin: "string", maximum: max, inclusive: true, input: value });
    })
    .meta({ minLength: min, maxLength: max });
}

/** A text of at most `max` characters (code points, as `text` counts them): a longer one keeps its first `max - 1`, then "…". */
export function shortened(value: string, max: number): string {
  const characters = [...value];
  return characters.length <= max ? value : `${characters.slice(0, max - 1).join("")}…`;
}

/** The most characters a `text` (or `singleLineText`) field takes: the bound it gives the API reference. */
export const maxLengthOf = (field: z.ZodType<string>): number => (field.meta() as { maxLength: number }).maxLength;

/**
 * Text from elsewhere (a forge's payload) as a `text` field stores it: trimmed, and cut to the
 * field's length as `shortened` cuts. Undefined when the field refuses it even so: blank where a
 * character is needed, a line break in a name.
 */
export function fitToField(field: z.ZodType<string>, value: string): string | undefined {
  const parsed = field.safeParse(shortened(value.trim(), maxLengthOf(field)));
  return parsed.success ? parsed.data : undefined;
}

/** C0 and C1 control characters (line breaks and tabs among them), and the Unicode line and paragraph separators. */
const controlCharacter = /[\p{Cc}\u2028\u2029]/u;

/**
 * A name: `text` on one line, so that wherever it is printed (a heading, a list, a CSV cell) it
 * cannot start a line of its own. Whitespace around it, line breaks included, is trimmed as
 * usual; a control character inside it is an `Invalid value`.
 */
export function singleLineText(min: number, max: number) {
  return text(min, max)
    .refine((value) => !controlCharacter.test(value))
    .meta({
      minLength: min,
      maxLength: max,
      // What a request may send: control characters only in the whitespace trimmed around the name.
      pattern: "^\\s*[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]*\\s*$",
      description: "One line: no control characters (line breaks, tabs) inside it.",
    });
}

/** An id in a body: a UUID, lower-cased as the database returns ids, so that they compare equal. */
export const idSchema = z.string().trim().toLowerCase().refine(isUuid).meta({ format: "uuid" });
