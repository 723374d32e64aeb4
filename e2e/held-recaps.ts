import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "@playwright/test";
import { isPostgresReachable } from "../scripts/postgres.mjs";
import { launchServer } from "../tests/support/server";

/** A server whose recaps stop mid-stream until `release` is called. */
export type HeldRecaps = { url: string; release: () => void; stop: () => Promise<void> };

const token = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

/**
 * A server of its own whose recaps a stand-in language model writes (RECAP_LLM_URL, README
 * "Configuration"). The model writes back the draft the server sends it (lib/recaps/llm.ts), the
 * built-in recap: what comes before its first section at once, the rest once `release` is called.
 * Until then the recap is being written, its first lines shown: a test looks at it as long as it
 * needs, however slow the machine. The shared server cannot: its recaps finish on their own.
 */
async function startHeldRecaps(): Promise<HeldRecaps> {
  let release = () => {};
  let released = new Promise<void>((resolve) => (release = resolve));
  const model = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const prompt = (JSON.parse(body) as { messages: { content: string }[] }).messages.at(-1)!.content;
    const draft = prompt.slice(prompt.indexOf("Draft:\n") + "Draft:\n".length);
    const firstSection = draft.indexOf("\n## ") + 1;
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.write(token(draft.slice(0, firstSection)));
    await released;
    response.end(`${token(draft.slice(firstSection))}data: [DONE]\n\n`);
  });
  await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
  const modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  // The database the API tests use: PostgreSQL when it answers, which starts sooner than the embedded one.
  const backend = (await isPostgresReachable()) ? "postgres" : "pglite";
  const server = await launchServer({ backend, env: { RECAP_LLM_URL: modelUrl, RECAP_LLM_API_KEY: "e2e-model-key" } });
  return {
    url: server.url,
    release() {
      release();
      released = new Promise<void>((resolve) => (release = resolve));
    },
    async stop() {
      release();
      await server.stop();
      model.closeAllConnections();
      await new Promise((resolve) => model.close(resolve));
    },
  };
}

/** Tests whose pages (and `request`) are on a server of held recaps (`heldRecaps`), started for each test. */
export const testWithHeldRecaps = test.extend<{ heldRecaps: HeldRecaps }>({
  heldRecaps: [
    async ({}, provide) => {
      const held = await startHeldRecaps();
      await provide(held);
      await held.stop();
    },
    // Starting a server (and migrating its database) is not part of the test's own time.
    { timeout: 120_000 },
  ],
  baseURL: async ({ heldRecaps }, provide) => provide(heldRecaps.url),
});
