import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

type EngineModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");

let engineModule: Promise<EngineModule> | undefined;

/**
 * Prisma's schema engine, compiled to WebAssembly. Its package entry imports the .wasm file as
 * an ES module, which Node 20 only allows behind a flag, so it is instantiated by hand.
 */
function loadEngineModule(): Promise<EngineModule> {
  return (engineModule ??= (async () => {
    const bindings = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmFile = path.join(process.cwd(), "node_modules/@prisma/schema-engine-wasm/schema_engine_bg.wasm");
    const compiled = await WebAssembly.compile(await readFile(wasmFile));
    const instance = await WebAssembly.instantiate(compiled, { "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings;
  })());
}

export async function openSchemaEngine(
  schema: { path: string; content: string },
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<SchemaEngine> {
  const { SchemaEngine } = await loadEngineModule();
  const log = (message: string) => {
    if (process.env.WORKLOG_DEBUG_MIGRATIONS) console.error("[schema-engine]", message);
  };
  return SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, log, bindMigrationAwareSqlAdapterFactory(adapterFactory));
}
