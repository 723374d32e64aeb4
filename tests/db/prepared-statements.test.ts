import { afterEach, describe, expect, it } from "vitest";
import { disconnectDb, getDb } from "@/lib/db/client";
import { closeConnection, getConnection } from "@/lib/db/connection";
import { testBackend } from "../support/databases";
import { rereadConfig } from "../support/config";

/** Reconnects with one pooled connection, so that its prepared statements can be read back. */
async function reconnect(preparedStatements: "true" | "false") {
  await disconnectDb();
  await closeConnection();
  process.env.DATABASE_POOL_SIZE = "1";
  process.env.DATABASE_PREPARED_STATEMENTS = preparedStatements;
  rereadConfig();
}

async function preparedOnTheConnection(): Promise<string[]> {
  const connection = getConnection();
  if (connection.kind !== "postgres") throw new Error("PostgreSQL only");
  const { rows } = await connection.pool.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements");
  return rows.map((row) => row.statement);
}

describe.runIf(testBackend() === "postgres")("prepared statements on PostgreSQL", () => {
  afterEach(async () => {
    await reconnect("true");
    delete process.env.DATABASE_POOL_SIZE;
    delete process.env.DATABASE_PREPARED_STATEMENTS;
  });

  it("prepares each query shape once per connection and reuses it", async () => {
    await reconnect("true");
    for (const email of ["a@example.com", "b@example.com", "a@example.com"]) await getDb().user.findUnique({ where: { email } });
    const userLookups = (await preparedOnTheConnection()).filter((statement) => statement.includes('"users"'));
    expect(userLookups).toHaveLength(1);
  });

  it("leaves queries with long lists unnamed", async () => {
    await reconnect("true");
    const ids = Array.from({ length: 40 }, () => crypto.randomUUID());
    await getDb().user.findMany({ where: { id: { in: ids } } });
    expect((await preparedOnTheConnection()).filter((statement) => statement.includes('"users"'))).toEqual([]);
  });

  it("prepares nothing with DATABASE_PREPARED_STATEMENTS=false", async () => {
    await reconnect("false");
    await getDb().user.findUnique({ where: { email: "a@example.com" } });
    expect(await preparedOnTheConnection()).toEqual([]);
  });
});
