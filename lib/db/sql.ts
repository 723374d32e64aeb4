import type pg from "pg";
import { getConnection } from "./connection";

/**
 * Runs one hand-written statement on the configured driver, for the query every API request
 * makes (authentication): inside the server, Prisma's runtime costs a few hundred microseconds
 * of CPU per query on top of the driver's (README, Performance). Rows come back as the drivers
 * parse them: timestamps as Date, arrays as arrays. `name` makes it a prepared statement on
 * PostgreSQL when those are on.
 */
export async function queryRows<Row>(name: string, text: string, values: unknown[]): Promise<Row[]> {
  const connection = getConnection();
  if (connection.kind === "pglite") return (await connection.pglite.query<Row>(text, values)).rows;
  const { rows } = await connection.pool.query<Row & pg.QueryResultRow>(connection.preparedStatements ? { name, text, values } : { text, values });
  return rows;
}
