// Builds the app when the sources changed since the last build (or there is none), so that
// `npm start` and the tests always serve the code in the working tree.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const inputs = [
  "app",
  "components",
  "lib",
  "public",
  "prisma",
  "instrumentation.ts",
  "proxy.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.build.json",
];
const stampFile = path.join(root, ".next", "worklog-source-hash");

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const child of readdirSync(full).sort()) if (child !== "generated") yield* files(path.join(entry, child));
  } else {
    yield entry;
  }
}

function sourceHash() {
  const hash = createHash("sha256");
  for (const input of inputs) for (const file of files(input)) hash.update(file).update(readFileSync(path.join(root, file)));
  return hash.digest("hex");
}

/** Generates the Prisma client when it is missing or older than the schema. */
export function ensurePrismaClient() {
  const generated = path.join(root, "lib/db/generated/prisma/client.ts");
  const schema = path.join(root, "prisma/schema.prisma");
  if (existsSync(generated) && statSync(generated).mtimeMs >= statSync(schema).mtimeMs) return;
  const result = spawnSync(process.execPath, [path.join(root, "scripts/prisma-generate.mjs")], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("prisma generate failed");
}

const defaultLockFile = path.join(root, ".next-build.lock");

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** The pid written in the lock file, or undefined once its owner has removed it. */
function lockOwner(lockFile) {
  try {
    return Number(readFileSync(lockFile, "utf8"));
  } catch (error) {
    if (error.code === "ENOENT") return undefined;
    throw error;
  }
}

/** Test runs started together must not build into the same .next at once. */
export function withBuildLock(work, lockFile = defaultLockFile) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const owner = lockOwner(lockFile);
      if (owner === undefined) continue;
      if (!isAlive(owner)) rmSync(lockFile, { force: true });
      else if (Date.now() > deadline) throw new Error(`another build (pid ${owner}) holds ${lockFile}`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}

export function ensureBuild() {
  ensurePrismaClient();
  withBuildLock(() => {
    const hash = sourceHash();
    if (existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === hash) return;
    console.log("[worklog] building the app (about 2 minutes the first time)…");
    const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) throw new Error("next build failed");
    writeFileSync(stampFile, hash);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureBuild();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
