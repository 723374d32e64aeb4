// `prisma generate` insists on locating a native schema engine, which it would download; it
// never runs it, so any existing file satisfies it (see README, "Prisma without downloads").
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: fileURLToPath(import.meta.url), PRISMA_HIDE_UPDATE_MESSAGE: "1" };
const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate", ...process.argv.slice(2)], { stdio: "inherit", env });
process.exit(result.status ?? 1);
