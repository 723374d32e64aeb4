import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { getConnection, type Connection } from "./connection";
import { PrismaClient } from "./generated/prisma/client";
import { newId } from "./ids";
import { statementName } from "./sql";

export { Prisma } from "./generated/prisma/client";
export type * from "./generated/prisma/client";

/** Models whose id is a UUIDv7 made here (an OAuth client's id is its public client_id). */
const modelsWithGeneratedIds = new Set(["User", "Account", "ApiKey", "Project", "Repository", "Commit", "WorklogEntry", "Recap", "DeviceGrant", "OAuthToken"]);

type WithId = { id?: string };

function withId<T>(data: T): T {
  const row = data as WithId;
  return (row.id ? data : { ...data, id: newId() }) as T;
}

function withIds<T>(data: T): T {
  return (Array.isArray(data) ? data.map(withId) : withId(data)) as T;
}

function createClient(connection: Connection) {
  const adapter =
    connection.kind === "pglite"
      ? new PrismaPGlite(connection.pglite)
      : new PrismaPg(connection.pool, connection.preparedStatements ? { statementNameGenerator: ({ sql, args }) => statementName(sql, args.length) } : {});
  // Top-level creates get ids from newId(), monotonic within the process, so that rows made in
  // the same millisecond still sort in creation order; nested creates fall back to the
  // schema's @default(uuid(7)).
  // On the embedded database one transaction runs at a time (lib/db/turn-taking-pglite.ts), so
  // under load a transaction can queue for longer than Prisma's 2 s default before it starts: a
  // wait, not a failure. 10 s bounds it.
  const transactionOptions = { maxWait: 10_000, timeout: 20_000 };
  return new PrismaClient({ adapter, transactionOptions }).$extends({
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
