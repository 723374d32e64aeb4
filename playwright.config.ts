import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";
import { mailboxEnv } from "./tests/support/mailbox";

const port = Number(process.env.E2E_PORT ?? 3210);
/** A fresh embedded database for every run, so tests never meet earlier data. */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "worklog-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // the config is loaded again in each worker
/** The SMTP server e2e/global-setup.ts starts, which writes what the server sends to this directory (tests/support/mailbox.ts). */
process.env.E2E_SMTP_PORT ??= String(port + 1000);
process.env.WORKLOG_TEST_MAILBOX ??= mkdtempSync(path.join(os.tmpdir(), "worklog-e2e-mailbox-"));

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // Two files at a time: each spec signs up accounts of its own, and a browser mostly waits on
  // the server, so two keep the cores of a 2-core machine busy (E2E_WORKERS for another count).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  globalSetup: "./e2e/global-setup.ts",
  reporter: "list",
  // Budgets a machine three times slower than a developer's meets: the longest flows take about
  // 30 s on a busy developer machine. They bound hangs; they are not performance assertions.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    // next-auth redirects to localhost whatever the configured host (see README), so tests use it too.
    baseURL: `http://localhost:${port}`,
    // Sign-up starts an account in the browser's time zone: one zone wherever the tests run (a spec may emulate another).
    timezoneId: "UTC",
    trace: "retain-on-failure",
    // The offline worker precaches the app's assets in every new context, a tenth of a spec's CPU
    // for what only e2e/installable.spec.ts and e2e/offline-outbox.spec.ts test: they allow it.
    serviceWorkers: "block",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // A pause between a recap's pieces, so that the browser can be seen receiving them live; the
    // tests sign up many accounts from one address; webhooks may reach the receivers specs start on 127.0.0.1 (e2e/support.ts, startReceiver).
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      RECAP_DELTA_DELAY_MS: "150",
      SIGN_UPS_PER_HOUR: "1000",
      WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
      ...mailboxEnv(Number(process.env.E2E_SMTP_PORT)),
    },
    stdout: "pipe",
  },
});
