import "server-only";
import { createHash } from "node:crypto";
import type pg from "pg";
import { getConnection } from "./connection";

/** Queries with more parameters than this carry lists (`IN (…)`) whose every length is another statement. */
const MAX_NAMED_STATEMENT_PARAMETERS = 16;
const statementNames = new Map<string, string>();

/**
 * Names a statement after its SQL, so that each PostgreSQL connection parses and plans it once
 * and afterwards only binds and executes it: planning the joined queries cost more than running
 * them (README, "What the hot paths do, and why"). The same query shape gives the same SQL, so
 * the names stay few; list-carrying queries stay unnamed ("" is pg's unnamed statement).
 */
export function statementName(sql: string, parameterCount: number): string {
  if (parameterCount > MAX_NAMED_STATEMENT_PARAMETERS) return "";
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `worklog_${createHash("sha1").update(sql).digest("hex")}`));
  return name;
}

/**
 * Runs one hand-written statement on the configured driver, for the statements of the hottest
 * requests (authentication, a page of entries, a new entry): inside the server, Prisma's runtime
 * costs a few hundred microseconds of CPU per query on top of the driver's (README, "What the
 * hot paths do, and why").
 * Rows come back as the drivers parse them: timestamps as Date, arrays as arrays, json as values.
 * On PostgreSQL the statement is prepared when prepared statements are on.
 */
export async function queryRows<Row>(text: string, values: unknown[]): Promise<Row[]> {
  const connection = getConnection();
  if (connection.kind === "pglite") return (await connection.pglite.query<Row>(text, values)).rows;
  const name = connection.preparedStatements ? statementName(text, values.length) : "";
  const { rows } = await connection.pool.query<Row & pg.QueryResultRow>(name ? { name, text, values } : { text, values });
  return rows;
}

/**
 * A SELECT list that reads each column of `table` under its model field's name
 * (`e.user_id AS "userId"`), so that hand-written rows have the shape of Prisma's.
 */
export function selectAsFields(table: string, columnsByField: Readonly<Record<string, string>>): string {
  return Object.entries(columnsByField)
    .map(([field, column]) => `${table}.${column} AS "${field}"`)
    .join(", ");
}
