// The export at scale (called from bench/lists.ts): accounts of 1 000 and 100 000 entries, seeded
// like the lists' (bench/seed.ts), each exported whole as json and as csv through `next start`.
// Prints entries per second and the server's peak resident memory during each export (VmHWM of
// the `next start` process, reset before each through /proc/<pid>/clear_refs): constant memory
// means the same peak for both sizes (docs/api.md, "Export and import").
import type pg from "pg";
import type { TestServer } from "../tests/support/server";
import { memoryMiB, nextServerPid, resetPeakMemory } from "./next-server-memory";
import { insertEntries } from "./seed";

const EXPORT_SIZES = (process.env.BENCH_EXPORT_SIZES ?? "1000,100000").split(",").map(Number);
const FORMATS = ["json", "csv"] as const;

async function exportOnce(server: TestServer, key: string, format: string) {
  const started = performance.now();
  const response = await server.request(`/api/v1/export?format=${format}`, { key });
  if (response.status !== 200) throw new Error(`export ${format}: ${response.status} ${await response.text()}`);
  let firstByteMs = 0;
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
  }
  return { seconds: (performance.now() - started) / 1000, firstByteMs, bytes };
}

export async function benchExport(server: TestServer, client: pg.Client): Promise<void> {
  const pid = nextServerPid(server);
  console.log(`\nexport (GET /api/v1/export, whole account), server pid ${pid}, resident before: ${memoryMiB(pid, "VmHWM").toFixed(0)} MiB peak so far`);
  const rows: string[][] = [["entries", "format", "seconds", "entries/s", "first byte ms", "MiB sent", "peak RSS MiB"]];
  for (const size of EXPORT_SIZES) {
    const { email } = await server.createUser({ email: `export${size}@example.com` });
    const key = await server.createKey(email, ["user:read", "project:read", "repo:read", "worklog:read"]);
    const { rows: users } = await client.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]);
    await insertEntries(client, {
      userId: users[0]!.id,
      count: size,
      projectIds: [null],
      tagSets: [["backend", "review"]],
      content: 'Exported some work, with "quotes", commas\nand lines',
    });
    await client.query("VACUUM ANALYZE worklog_entries");
    for (const format of FORMATS) {
      await exportOnce(server, key, format); // warm-up
      resetPeakMemory(pid);
      const { seconds, firstByteMs, bytes } = await exportOnce(server, key, format);
      rows.push([
        String(size),
        format,
        seconds.toFixed(2),
        Math.round(size / seconds).toString(),
        firstByteMs.toFixed(0),
        (bytes / 1024 / 1024).toFixed(1),
        memoryMiB(pid, "VmHWM").toFixed(0),
      ]);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padStart(widths[column]!)).join("  "));
}
