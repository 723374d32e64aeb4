import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { DriverAdapterError, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { openPGlite } from "./pglite-options";

/**
 * Driver adapters for the schema engine, mending what the stock adapters get wrong when used
 * for migrations (not for queries, where they are fine):
 * - both run a migration script badly: PGlite's does not await it (a failing migration would
 *   be recorded as applied), pg's splits it on every ";" (even inside strings);
 * - pg's cannot decode the internal "char" type that the engine's catalog queries return;
 * - pg's opens its shadow database on the main one and drops it while still connected.
 * The engine does not dispose what it connects, and it holds a session-level advisory lock
 * while it migrates, so `close()` must end every connection once the engine is done.
 */
export type MigrationAdapterFactory = SqlMigrationAwareDriverAdapterFactory & { close(): Promise<void> };

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

/** Runs each cleanup once, newest first. */
function cleanups() {
  const pending: (() => Promise<unknown>)[] = [];
  return {
    add(cleanup: () => Promise<unknown>) {
      let done = false;
      const once = async () => {
        if (done) return;
        done = true;
        await cleanup();
      };
      pending.push(once);
      return once;
    },
    async runAll() {
      for (const cleanup of pending.reverse()) await cleanup();
    },
  };
}

export function pgliteMigrationAdapter(pglite: PGlite): MigrationAdapterFactory {
  const factory = new PrismaPGlite(pglite);
  const opened = cleanups();
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => withScriptRunner(await factory.connect(), (script) => pglite.exec(script)),
    connectToShadowDb: async () => {
      const shadow = openPGlite();
      const adapter = withScriptRunner(await new PrismaPGlite(shadow).connect(), (script) => shadow.exec(script));
      adapter.dispose = opened.add(() => shadow.close());
      return adapter;
    },
    close: () => opened.runAll(),
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

export function postgresMigrationAdapter(url: string): MigrationAdapterFactory {
  const opened = cleanups();
  const connect = async (pool: pg.Pool, release: () => Promise<void>) => {
    const adapter = readingCharAsText(await new PrismaPg(pool).connect());
    adapter.dispose = opened.add(release);
    return withScriptRunner(adapter, (script) => pool.query(script));
  };
  return {
    provider: "postgres",
    adapterName: new PrismaPg(url).adapterName,
    connect: () => {
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      return connect(pool, () => pool.end());
    },
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
    close: () => opened.runAll(),
  };
}
