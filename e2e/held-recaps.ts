import { test } from "@playwright/test";
import { isPostgresReachable } from "../scripts/postgres.mjs";
import { startHeldModel } from "../tests/support/held-model";
import { launchServer } from "../tests/support/server";

/** A server whose recaps stop mid-stream until `release` is called. */
export type HeldRecaps = { url: string; release: () => void; stop: () => Promise<void> };

/**
 * A server of its own whose recaps a stand-in model writes (tests/support/held-model.ts): the
 * built-in recap's title and headline at once, the rest once `release` is called. Until then the
 * recap is being written, its first lines shown: a test looks at it as long as it needs, however
 * slow the machine. The shared server cannot: its recaps finish on their own.
 */
async function startHeldRecaps(): Promise<HeldRecaps> {
  const model = await startHeldModel();
  // The database the API tests use: PostgreSQL when it answers, which starts sooner than the embedded one.
  const backend = (await isPostgresReachable()) ? "postgres" : "pglite";
  const server = await launchServer({ backend, env: { RECAP_LLM_URL: model.url, RECAP_LLM_API_KEY: "e2e-model-key" } });
  return {
    url: server.url,
    release: model.release,
    async stop() {
      model.release();
      await server.stop();
      await model.close();
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
