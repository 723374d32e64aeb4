import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";

/**
 * Driver adapters for the schema engine, mending what the stock adapters get wrong when used
 * for migrations (not for queries, where they are fine):
 * - both run a migration script badly: PGlite's does not await it (a failing migration would
 *   be recorded as applied), pg's splits it on every ";" (even inside strings);
 * - pg's cannot decode the internal "char" type that the engine's catalog queries return.
 */

type DatabaseErrorLike = { code?: string; severity?: string; message: string; detail?: string; column?: string; hint?: string };

function toAdapterError(error: unknown): DriverAdapterError {
  const failure = error as DatabaseErrorLike;
  return new DriverAdapterError({
    kind: "postgres",
    code: failure.code ?? "XX000",
    severity: failure.severity ?? "ERROR",
    message: failure.message,
    detail: failure.detail,
    column: failure.column,
    hint: failure.hint,
  });
}

function withScriptRunner(adapter: SqlDriverAdapter, runScript: (script: string) => Promise<unknown>): SqlDriverAdapter {
  adapter.executeScript = async (script) => {
    try {
      await runScript(script);
    } catch (error) {
      throw toAdapterError(error);
    }
  };
  return adapter;
}

export function pgliteMigrationAdapter(pglite: PGlite): SqlMigrationAwareDriverAdapterFactory {
  const factory = new PrismaPGlite(pglite);
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => withScriptRunner(await factory.connect(), (script) => pglite.exec(script)),
    connectToShadowDb: async () => {
      const { PGlite } = await import("@electric-sql/pglite");
      const shadow = new PGlite();
      const adapter = withScriptRunner(await new PrismaPGlite(shadow).connect(), (script) => shadow.exec(script));
      adapter.dispose = () => shadow.close();
      return adapter;
    },
  };
}

const INTERNAL_CHAR_OID = 18;
const TEXT_OID = 25;

function readingCharAsText(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const queryable = adapter as unknown as { performIO(query: unknown): Promise<pg.QueryResult> };
  const performIO = queryable.performIO.bind(adapter);
  queryable.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields) if (field.dataTypeID === INTERNAL_CHAR_OID) field.dataTypeID = TEXT_OID;
    return result;
  };
  return adapter;
}

export function postgresMigrationAdapter(url: string): SqlMigrationAwareDriverAdapterFactory {
  const factory = new PrismaPg(url);
  const connect = async (pool: pg.Pool, release: () => Promise<void>) => {
    const adapter = readingCharAsText(await new PrismaPg(pool).connect());
    adapter.dispose = release;
    return withScriptRunner(adapter, (script) => pool.query(script));
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      return connect(pool, () => pool.end());
    },
    // The stock shadow database is opened on the main database (the URL overrides the
    // database name) and dropped while still connected; both are done right here.
    connectToShadowDb: async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const name = `worklog_shadow_${crypto.randomUUID().replaceAll("-", "")}`;
      await admin.query(`CREATE DATABASE "${name}"`);
      const shadowUrl = new URL(url);
      shadowUrl.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: shadowUrl.toString(), max: 2 });
      return connect(pool, async () => {
        await pool.end();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      });
    },
  };
}
