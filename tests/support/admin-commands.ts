// The fixtures' admin commands (TestServer.createUser, createKey): one process per server runs
// them all, where the admin CLI (scripts/admin-cli.ts) would start Node, load the app's modules
// and check the migrations once per command. It does what the CLI does once the database is
// migrated, which the server did when it started: it runs a command itself, or, on the embedded
// database, hands it to the server that owns it.
// Protocol: one JSON line `{ id, argv }` per command on stdin, one `{ id, result }` per answer on stdout.
import { register } from "node:module";
import { createInterface } from "node:readline";

register("../../scripts/server-only-hook.mjs", import.meta.url);
const { adminSocketPath, sendAdminCommand } = await import("@/lib/admin/socket");
const { runAdminCommand } = await import("@/lib/admin/commands");
const { getConfig } = await import("@/lib/config");

const { database } = getConfig();
const run = database.kind === "pglite" ? (argv: string[]) => sendAdminCommand(adminSocketPath(database.dataDir), argv) : runAdminCommand;

for await (const line of createInterface({ input: process.stdin })) {
  const { id, argv } = JSON.parse(line) as { id: number; argv: string[] };
  run(argv).then(
    (result) => process.stdout.write(`${JSON.stringify({ id, result })}\n`),
    (error: Error) => process.stdout.write(`${JSON.stringify({ id, result: { exitCode: 1, stdout: "", stderr: `${error.stack ?? error}\n` } })}\n`),
  );
}
