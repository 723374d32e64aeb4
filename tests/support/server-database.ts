import pg from "pg";
import type { TestServer } from "./server";

/** One statement on a server's own PostgreSQL database, beside the app: what no endpoint reads or writes. */
export async function queryServerDatabase<Row = Record<string, unknown>>(
  server: Pick<TestServer, "env">,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}
