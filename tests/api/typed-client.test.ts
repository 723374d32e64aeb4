// README.md's typed-client example (openapi-fetch with the types openapi-typescript generates;
// `npm run lint:openapi` compiles it) run as a reader would run it, against a real server.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typedClientExample } from "../../scripts/typed-client-example";
import { runProcess, type TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newKey } from "../support/accounts";

const root = path.resolve(import.meta.dirname, "../..");
let server: TestServer;
let directory: string;

beforeAll(async () => {
  server = await sharedServer("standard");
  // Inside node_modules, so that the example finds openapi-fetch as the project installed it.
  const cache = path.join(root, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  directory = mkdtempSync(path.join(cache, "typed-client-"));
  writeFileSync(path.join(directory, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(path.join(directory, "example.ts"), typedClientExample(readFileSync(path.join(root, "README.md"), "utf8")));
});

afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

const runExample = (env: Record<string, string>) => runProcess(directory, process.execPath, ["--import", "tsx", "example.ts"], { ...process.env, ...env });

describe("README.md's typed client", () => {
  it("logs an entry and finds it by its tag", async () => {
    const key = await newKey(server, { scopes: ["worklog:*"] });
    const { exitCode, stdout, stderr } = await runExample({ WORKLOG_URL: server.url, WORKLOG_API_KEY: key });
    expect(exitCode, stderr).toBe(0);

    const list = await server.request("/api/v1/worklog/entries", { key });
    const { entries } = (await list.json()) as { entries: { id: string; content: string; recorded_at: string; tags: string[] }[] };
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ content: "Reviewed the pricing page", tags: ["review"] });
    expect(stdout).toContain(`Logged ${entries[0]!.id} at ${entries[0]!.recorded_at}`);
    expect(stdout).toContain(`${entries[0]!.recorded_at} Reviewed the pricing page`);
  }, 60_000);

  it("reports the API's error body when the key is refused", async () => {
    const { exitCode, stderr } = await runExample({ WORKLOG_URL: server.url, WORKLOG_API_KEY: "wl_not_a_key" });
    expect(exitCode).not.toBe(0);
    expect(stderr).toContain("authentication_error");
  }, 60_000);
});
