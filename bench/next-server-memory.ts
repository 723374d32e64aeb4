// The memory of a `next start` server, read from /proc, for the benchmarks that report it.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

/** The `next start` process of the server at `url` (not scripts/start.mjs): Next.js renames it next-server. */
export function nextServerPid({ url }: { url: string }): number {
  const port = new URL(url).port;
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = readFileSync(`/proc/${name}/cmdline`, "utf8");
      const environment = readFileSync(`/proc/${name}/environ`, "utf8").split("\0");
      if (environment.includes(`PORT=${port}`) && /next/.test(command) && !command.includes("scripts/start.mjs")) return Number(name);
    } catch {
      // A process that ended, or another user's.
    }
  }
  throw new Error(`no next start process on port ${port}`);
}

/** A memory figure of /proc/<pid>/status in MiB: `VmRSS` now, `VmHWM` the peak. */
export const memoryMiB = (pid: number, field: "VmRSS" | "VmHWM") =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/** Writing 5 to clear_refs resets the peak resident set (VmHWM) to the current one. */
export const resetPeakMemory = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, "5");
