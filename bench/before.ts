// BENCH_BEFORE=<another checkout>: the benchmarks that compare this commit with another run the
// same against that checkout's server (a `git worktree` of an older commit, with its own
// node_modules). Each checkout is built from its own sources, with its own build script.
import path from "node:path";
import { ensureBuild } from "../scripts/build.mjs";

/** The other checkout, when BENCH_BEFORE names one. */
export const BEFORE = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : undefined;

/** Builds this checkout and the other one, each when its sources changed since its last build. */
export async function ensureBuilds(): Promise<void> {
  ensureBuild();
  if (BEFORE) ((await import(path.join(BEFORE, "scripts/build.mjs"))) as { ensureBuild: () => void }).ensureBuild();
}
