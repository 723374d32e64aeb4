// `npm start`: builds if the sources changed, then serves the app (PORT, default 3000).
// Without DATABASE_URL the data lives in an embedded database in ./.data.
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBuild } from "./build.mjs";

const root = path.resolve(import.meta.dirname, "..");
if (process.argv.includes("--help")) {
  console.log('usage: npm start: builds the app when its sources changed, then serves it on PORT (default 3000); README.md, "Configuration", lists its variables');
  process.exit(0);
}
try {
  ensureBuild();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const args = [
  // Node's default 16 KiB would cut off a GET with the 1000 shas the commits query allows.
  "--max-http-header-size=81920",
  // TRACE and other methods Next.js cannot carry get the API's 405 instead of a bare 500.
  "--import",
  path.join(root, "scripts/unsupported-methods.mjs"),
  path.join(root, "node_modules/next/dist/bin/next"),
  "start",
  "--port",
  process.env.PORT ?? "3000",
];
const server = spawn(process.execPath, args, { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
