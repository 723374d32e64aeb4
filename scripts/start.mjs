// `npm start`: builds if the sources changed, then serves the app on HOST (default 127.0.0.1)
// and PORT (default 3000). Without DATABASE_URL the data lives in an embedded database in ./.data.
// SIGTERM or SIGINT stops it cleanly (README "Stopping"; lib/server/stop.ts).
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBuild } from "./build.mjs";

const root = path.resolve(import.meta.dirname, "..");
if (process.argv.includes("--help")) {
  console.log(
    'usage: npm start: builds the app when its sources changed, then serves it on HOST (default 127.0.0.1) and PORT (default 3000); README.md, "Configuration", lists its variables and "Stopping" how it stops',
  );
  process.exit(0);
}
// Next.js's anonymous usage reports, announced at the first build (README "Configuration").
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const parent = process.ppid;
try {
  ensureBuild();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// `npm start` runs this script through `sh -c`, and the shell dies of the SIGTERM npm passes on
// to it without passing it on in turn: there, a parent that went away (here while building) asks
// for a stop too. Started otherwise, the script may well outlive its parent (`(node … &)`).
const startedByNpm = process.env.npm_lifecycle_event === "start";
const orphaned = () => startedByNpm && process.ppid !== parent;
if (orphaned()) process.exit(0);
const args = [
  // Node's default 16 KiB would cut off a GET with the 1000 shas the commits query allows.
  "--max-http-header-size=81920",
  // What a clean stop needs to know of Next.js's HTTP server (lib/server/stop.ts).
  "--import",
  path.join(root, "scripts/http-servers.mjs"),
  // TRACE and other methods Next.js cannot carry get the API's 405 instead of a bare 500.
  "--import",
  path.join(root, "scripts/unsupported-methods.mjs"),
  path.join(root, "node_modules/next/dist/bin/next"),
  "start",
  "--hostname",
  process.env.HOST || "127.0.0.1",
  "--port",
  process.env.PORT || "3000",
  // Longer than a proxy or an HTTP client keeps an idle connection (nginx and load balancers: 60 s),
  // so that the server never closes one just as the other side sends on it (a reset request).
  "--keepAliveTimeout",
  "65000",
];
// The server stops on signals by itself (lib/server/stop.ts), not as Next.js would: Next.js
// waits for every connection to close, an event stream's too, and stops neither the job worker
// nor the embedded database.
const server = spawn(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_MANUAL_SIG_HANDLE: "true" } });
const parentWatch = setInterval(() => {
  if (!orphaned()) return;
  clearInterval(parentWatch);
  server.kill("SIGTERM");
}, 200);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    clearInterval(parentWatch);
    server.kill(signal);
  });
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
