// Preloaded into a test's server (NODE_OPTIONS=--import, tests/api/memory.test.ts): on SIGUSR2 it
// collects all the garbage and writes the V8 heap's used size, in bytes, to WORKLOG_HEAP_PROBE_FILE.
// A heap's size without a full collection says little about what is kept.
import { renameSync, writeFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const file = process.env.WORKLOG_HEAP_PROBE_FILE;
if (file) {
  setFlagsFromString("--expose-gc");
  const collectGarbage = runInNewContext("gc");
  process.on("SIGUSR2", () => {
    collectGarbage();
    // Renamed into place: the test never reads half a number.
    writeFileSync(`${file}.partial`, String(process.memoryUsage().heapUsed));
    renameSync(`${file}.partial`, file);
  });
}
