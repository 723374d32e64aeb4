// The PostgreSQL server that `npm test` and the test suites create their databases on.
import pg from "pg";

/** The machine's server, unless WORKLOG_TEST_POSTGRES_URL names another. */
export const postgresServerUrl = process.env.WORKLOG_TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** Whether that server answers a query; a connection that gets no answer is given up after 3 s. */
export async function isPostgresReachable() {
  const client = new pg.Client({ connectionString: postgresServerUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
