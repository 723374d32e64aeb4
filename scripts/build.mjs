// Builds the app when the sources changed since the last build (or there is none), so that
// `npm start` and the tests always serve the code in the working tree: `next build`, then the
// service worker (`serwist build`, serwist.config.js) into public/sw.js. `--always` builds
// whatever the sources: `npm run build`, which Vercel runs.
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
  "serwist.config.js",
  "postcss.config.mjs",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.build.json",
];
const stampFile = path.join(root, ".next", "worklog-source-hash");
/** What the service worker's build writes into public/ (serwist.config.js): an output, not a source. */
const serviceWorkerFiles = ["public/sw.js", "public/sw.js.map"];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const child of readdirSync(full).sort()) if (child !== "generated") yield* files(path.join(entry, child));
  } else if (!serviceWorkerFiles.includes(entry)) {
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

function isBuilt(hash) {
  return (
    [path.join(root, ".next", "BUILD_ID"), path.join(root, serviceWorkerFiles[0]), stampFile].every((file) => existsSync(file)) &&
    readFileSync(stampFile, "utf8") === hash
  );
}

function run(what, args, env = process.env) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${what} failed`);
}

export function ensureBuild({ always = false } = {}) {
  ensurePrismaClient();
  withBuildLock(() => {
    const hash = sourceHash();
    if (!always && isBuilt(hash)) return;
    console.log("[worklog] building the app (about 2 minutes the first time)…");
    rmSync(stampFile, { force: true });
    run("next build", [path.join(root, "node_modules/next/dist/bin/next"), "build"]);
    // After `next build`: the worker precaches the files it wrote. The CLI would otherwise ask the registry for a newer version of itself.
    run("serwist build", [path.join(root, "node_modules/@serwist/cli/cli.js"), "build"], { ...process.env, NODE_ENV: "production", NO_UPDATE_NOTIFIER: "1" });
    writeFileSync(stampFile, hash);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--help")) {
    console.log(
      'usage: node scripts/build.mjs [--always]: `next build` and the service worker (`serwist build`) when the sources changed since the last build; --always builds whatever they are (`npm run build`); README.md, "Offline and installing"',
    );
    process.exit(0);
  }
  try {
    ensureBuild({ always: process.argv.includes("--always") });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
