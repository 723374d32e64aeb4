// `npm run lint:openapi`: the OpenAPI document as /api/v1/openapi.json serves it, linted by Redocly
// (redocly.yaml) and Spectral (.spectral.yaml), and README.md's typed-client example compiled
// with `tsc --strict` against the types openapi-typescript generates from it. No server needed:
// the document is built from the operations' declarations, as the route builds it.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";
import { typedClientExample } from "./typed-client-example";

const usage = `Usage: npm run lint:openapi

Lints the OpenAPI document with Redocly (redocly.yaml) and Spectral (.spectral.yaml), failing on
any warning, and compiles README.md's typed-client example against the types openapi-typescript
generates from the document.`;

if (process.argv.includes("--help")) {
  console.log(usage);
  process.exit(0);
}

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

type Outcome = { name: string; ok: boolean; output: string };

function run(name: string, command: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd ?? root, env: { ...process.env, ...options.env } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", (error) => resolve({ name, ok: false, output: `${output}${error.message}\n` }));
    child.once("close", (code) => resolve({ name, ok: code === 0, output }));
  });
}

async function typedClient(directory: string, documentPath: string): Promise<Outcome> {
  const generated = await run("openapi-typescript", bin("openapi-typescript"), [documentPath, "-o", "worklog-api.d.ts"], { cwd: directory });
  if (!generated.ok) return generated;
  writeFileSync(path.join(directory, "example.ts"), typedClientExample(readFileSync(path.join(root, "README.md"), "utf8")));
  // An ES module (top-level await) resolved as Node resolves it; its packages are the project's.
  writeFileSync(path.join(directory, "package.json"), JSON.stringify({ type: "module" }));
  const compilerOptions = { strict: true, noEmit: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", types: ["node"] };
  writeFileSync(path.join(directory, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["example.ts"] }));
  return run('tsc --strict (README.md, "A typed client")', bin("tsc"), ["--project", "tsconfig.json"], { cwd: directory });
}

// Inside node_modules, so that the example resolves openapi-fetch and @types/node as the project does.
const cache = path.join(root, "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const directory = mkdtempSync(path.join(cache, "lint-openapi-"));
try {
  register("./server-only-hook.mjs", import.meta.url);
  const { buildOpenApiDocument } = await import("../lib/openapi/document");
  const documentPath = path.join(directory, "openapi.json");
  // The origin of a deployment: `servers` names it, and links in the examples.
  writeFileSync(documentPath, JSON.stringify(buildOpenApiDocument("https://worklog.example.org"), null, 2));
  const outcomes = await Promise.all([
    run("redocly lint", bin("redocly"), ["lint", documentPath, "--config", path.join(root, "redocly.yaml"), "--format", "stylish"], {
      env: { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    }),
    run("spectral lint", bin("spectral"), ["lint", documentPath, "--ruleset", path.join(root, ".spectral.yaml"), "--fail-severity", "warn"]),
    typedClient(directory, documentPath),
  ]);
  for (const { name, ok, output } of outcomes) console.log(`── ${name}: ${ok ? "ok" : "FAILED"}\n${output.trim()}\n`);
  process.exitCode = outcomes.every(({ ok }) => ok) ? 0 : 1;
} finally {
  rmSync(directory, { recursive: true, force: true });
}
