import { z } from "zod";

/**
 * One property of a JSON response: its zod schema (hence its OpenAPI schema), and the SQL
 * expression of its value, read by `to_json`, or already JSON text (`json: true`, a nested shape).
 */
export type JsonProperty<Schema extends z.ZodType = z.ZodType> = { schema: Schema; sql: string; json?: true };

export const property = <Schema extends z.ZodType>(schema: Schema, sql: string): JsonProperty<Schema> => ({ schema, sql });

/** A property whose SQL is JSON text already, such as a nested shape's `sql`; SQL NULL is `null`. */
export const jsonTextProperty = <Schema extends z.ZodType>(schema: Schema, sql: string): JsonProperty<Schema> => ({ schema, sql, json: true });

/** An ISO 8601 timestamp in UTC with milliseconds, as `Date.prototype.toISOString` writes it (columns of timestamptz(3)). */
export const isoTimestamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A table's columns under its alias in a statement, by its model's field names
 * (`{ userId: "p.user_id", … }`), for a shape's SQL typed against the model.
 */
export const aliasedColumns = <Field extends string>(alias: string, columnsByField: Readonly<Record<Field, string>>) =>
  Object.fromEntries(Object.entries<string>(columnsByField).map(([field, column]) => [field, `${alias}.${column}`])) as Record<Field, string>;

type SchemaOf<Properties extends Record<string, JsonProperty>> = z.ZodObject<{ [Name in keyof Properties]: Properties[Name]["schema"] }>;

/** A response object's schema, and the SQL expression that writes it as JSON text. */
export type JsonShape<Properties extends Record<string, JsonProperty>> = { schema: SchemaOf<Properties>; sql: string };

/**
 * One definition of a response object for both of its writers: `schema`, the zod schema of the
 * object (its type, the response's validation and the OpenAPI document), and `sql`, an expression
 * that has PostgreSQL write the object as JSON text, byte for byte what `JSON.stringify` writes
 * of it (its properties in order, no spaces; PostgreSQL escapes strings as JavaScript does), so
 * that a list page is passed on as the database wrote it, without parsing and writing it again.
 */
export function jsonShape<Properties extends Record<string, JsonProperty>>(properties: Properties): JsonShape<Properties> {
  const members = Object.entries(properties).map(([name, { sql, json }], index) => {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`${name}: a property of a JSON shape is named in lowercase letters and underscores`);
    const value = json ? `COALESCE(${sql}, 'null')` : `COALESCE(to_json(${sql})::text, 'null')`;
    return `'${index === 0 ? "{" : ","}"${name}":' || ${value}`;
  });
  const schemas = Object.fromEntries(Object.entries(properties).map(([name, { schema }]) => [name, schema]));
  return { schema: z.object(schemas) as SchemaOf<Properties>, sql: `(${members.join(" || ")} || '}')` };
}
