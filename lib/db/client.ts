import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlQuery } from "@prisma/driver-adapter-utils";
import { createHash } from "node:crypto";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { getConnection, type Connection } from "./connection";
import { PrismaClient } from "./generated/prisma/client";
import { newId } from "./ids";

export { Prisma } from "./generated/prisma/client";
export type * from "./generated/prisma/client";

/** Models whose id is a UUIDv7 made here (an OAuth client's id is its public client_id). */
const modelsWithGeneratedIds = new Set([
  "User",
  "Account",
  "ApiKey",
  "Project",
  "Repository",
  "Commit",
  "WorklogEntry",
  "Recap",
  "DeviceGrant",
  "OAuthToken",
]);

type WithId = { id?: string };

function withId<T>(data: T): T {
  const row = data as WithId;
  return (row.id ? data : { ...data, id: newId() }) as T;
}

function withIds<T>(data: T): T {
  return (Array.isArray(data) ? data.map(withId) : withId(data)) as T;
}

/** Queries with more parameters than this carry lists (`IN (…)`) whose every length is another statement. */
const MAX_NAMED_STATEMENT_PARAMETERS = 16;
const statementNames = new Map<string, string>();

/**
 * Names a statement after its SQL, so that each PostgreSQL connection parses and plans it once
 * and afterwards only binds and executes it: planning the joined queries cost more than running
 * them (README, Performance). Prisma writes the same SQL for the same query shape, so the names
 * stay few; list-carrying queries stay unnamed ("" is pg's unnamed statement).
 */
function statementName({ sql, args }: SqlQuery): string {
  if (args.length > MAX_NAMED_STATEMENT_PARAMETERS) return "";
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `worklog_${createHash("sha1").update(sql).digest("hex")}`));
  return name;
}

function createClient(connection: Connection) {
  const adapter =
    connection.kind === "pglite"
      ? new PrismaPGlite(connection.pglite)
      : new PrismaPg(connection.pool, connection.preparedStatements ? { statementNameGenerator: statementName } : {});
  // Top-level creates get ids from newId(), monotonic within the process, so that rows made in
  // the same millisecond still sort in creation order; nested creates fall back to the
  // schema's @default(uuid(7)).
  return new PrismaClient({ adapter }).$extends({
    query: {
      $allModels: {
        create({ model, args, query }) {
          if (modelsWithGeneratedIds.has(model)) args.data = withId(args.data);
          return query(args);
        },
        createMany({ model, args, query }) {
          if (modelsWithGeneratedIds.has(model)) args.data = withIds(args.data);
          return query(args);
        },
        createManyAndReturn({ model, args, query }) {
          if (modelsWithGeneratedIds.has(model)) args.data = withIds(args.data);
          return query(args);
        },
        upsert({ model, args, query }) {
          if (modelsWithGeneratedIds.has(model)) args.create = withId(args.create);
          return query(args);
        },
      },
    },
  });
}

export type Database = ReturnType<typeof createClient>;
/** The client handed to `db.$transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database["$transaction"]>[0]>[0];

const holder = globalThis as typeof globalThis & { __worklogDb?: Database };

/** The one Prisma client of this process, on the configured database. */
export function getDb(): Database {
  return (holder.__worklogDb ??= createClient(getConnection()));
}

export async function disconnectDb(): Promise<void> {
  const db = holder.__worklogDb;
  holder.__worklogDb = undefined;
  await db?.$disconnect();
}
