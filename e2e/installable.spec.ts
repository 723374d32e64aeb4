import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { cachedPaths, keptPage, openAndKeep, workerInControl } from "./offline-support";
import { composer, signUp, uniqueEmail, worklogEntries, writeEntry } from "./support";

// The service worker is what these tests are about: the other specs run without it (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

// The installed app and the worklog offline (README "Offline and installing"): Chromium's own
// installability check and manifest parser over the DevTools protocol, the service worker
// (lib/offline/service-worker/worker.ts) in control, and what it serves with the network off.

const offlinePage = (page: Page) => page.getByRole("heading", { name: "You're offline" });

test("Chromium finds the worklog installable: a manifest for the page's workspace, its icons, a service worker in control, and nothing the Content-Security-Policy refuses", async ({
  request,
  baseURL,
}) => {
  // Chromium offers no installing in an incognito profile, which Playwright's own contexts are: this one is on disk.
  const profile = mkdtempSync(path.join(os.tmpdir(), "worklog-install-"));
  const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, baseURL, timezoneId: "UTC" });
  try {
    await expectInstallable(context.pages()[0] ?? (await context.newPage()), request);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function expectInstallable(page: Page, request: APIRequestContext) {
  const trouble: string[] = [];
  page.on("console", (message) => void (message.type() === "error" && trouble.push(message.text())));
  page.on("pageerror", (error) => trouble.push(error.message));
  await signUp(page, uniqueEmail("install"));
  await page.goto("/");
  expect(new URL(await workerInControl(page)).pathname).toBe("/sw.js");

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
  const manifest = await cdp.send("Page.getAppManifest");
  expect(new URL(manifest.url).pathname + new URL(manifest.url).search).toBe("/app.webmanifest");
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data!);
  expect(parsed).toMatchObject({ id: "/", name: "Worklog", short_name: "Worklog", start_url: "/", scope: "/", display: "standalone" });
  expect(parsed.description).toEqual(expect.any(String));
  expect(parsed.icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: "192x192", type: "image/png", purpose: "any" }),
      expect.objectContaining({ sizes: "512x512", type: "image/png", purpose: "any" }),
      expect.objectContaining({ sizes: "512x512", type: "image/png", purpose: "maskable" }),
    ]),
  );
  expect(parsed.shortcuts.map((shortcut: { name: string }) => shortcut.name)).toEqual(["New entry", "Start timer"]);
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute("content", "#09090b");
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute("content", parsed.theme_color);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
  for (const icon of [...parsed.icons, { src: "/icons/apple-touch-icon.png" }]) {
    const response = await request.get(icon.src);
    expect(response.headers()["content-type"], icon.src).toBe("image/png");
  }

  // A team's page links the manifest of its workspace: the app opens there, as an app of its own.
  const team = await request.get("/app.webmanifest?workspace=payments-team");
  expect(await team.json()).toMatchObject({
    id: "/w/payments-team",
    start_url: "/w/payments-team",
    scope: "/",
    shortcuts: [{ url: "/w/payments-team?action=new-entry" }, { url: "/w/payments-team?action=start-timer" }],
  });
  const hostile = await request.get(`/app.webmanifest?workspace=${encodeURIComponent('"><script>x</script>')}`);
  expect(hostile.status()).toBe(400);
  expect(await hostile.text()).not.toContain("script");
  expect(trouble).toEqual([]);
}

test("offline, the worklog opens as it was last shown, and a page never opened says so", async ({ page, context }) => {
  await signUp(page, uniqueEmail("offline"));
  await page.goto("/");
  await writeEntry(page, "Wrote the offline page");
  await workerInControl(page);
  await openAndKeep(page, "/", "Wrote the offline page");

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Worklog" })).toBeVisible();
  await expect(worklogEntries(page).filter({ hasText: "Wrote the offline page" })).toHaveCount(1);
  await page.goto("/reports");
  await expect(offlinePage(page)).toBeVisible();
  await expect(page.getByText("this page hasn't been opened on this device yet", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the worklog" })).toHaveAttribute("href", "/");
  // A shortcut's launch is never kept itself: offline it opens the worklog kept without it.
  await page.goto("/?action=new-entry");
  await expect(worklogEntries(page).filter({ hasText: "Wrote the offline page" })).toHaveCount(1);
  await context.setOffline(false);
});

test("a visitor's pages and sign-in are never kept, and a second account in the same browser never gets the first one's pages", async ({ page, context }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: /Keep a log of your work/ })).toBeVisible();
  await workerInControl(page);
  await page.reload();
  await page.goto("/signin");
  await page.goto("/signup");
  const paths = Object.values(await cachedPaths(page)).flat();
  expect(paths.filter((path) => !/^\/(?:_next\/static\/|icons\/|offline\.|favicon\.svg$)/.test(path))).toEqual([]);

  await signUp(page, uniqueEmail("first"), "Ada Lovelace");
  await page.goto("/");
  await writeEntry(page, "Ada's private notes");
  await openAndKeep(page, "/", "Ada's private notes");
  // Signing out forgets whose pages are served: offline, the first account's worklog no longer opens.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" })).toBeVisible();
  await context.setOffline(true);
  await page.goto("/");
  await expect(offlinePage(page)).toBeVisible();
  await context.setOffline(false);

  await signUp(page, uniqueEmail("second"), "Grace Hopper");
  await page.goto("/");
  await expect(page.getByText("No entries yet")).toBeVisible();
  await openAndKeep(page, "/", "No entries yet");
  expect(await keptPage(page, "/")).not.toContain("Ada's private notes");
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("No entries yet")).toBeVisible();
  await expect(page.getByText("Ada's private notes")).toHaveCount(0);
  await context.setOffline(false);
});

test("the shortcuts focus the composer or start the timer, then leave the URL; a link from another site starts nothing", async ({ page, request, baseURL }) => {
  await signUp(page, uniqueEmail("shortcuts"));
  const { shortcuts } = (await (await request.get("/app.webmanifest")).json()) as { shortcuts: { name: string; url: string }[] };
  const shortcut = (name: string) => shortcuts.find((each) => each.name === name)!.url;
  const headerTimer = page.getByRole("banner").getByRole("group", { name: "Running timer" });

  await page.goto(shortcut("New entry"));
  await expect(composer(page).getByLabel("What did you work on?")).toBeFocused();
  await expect(page).toHaveURL(`${baseURL}/`);

  await page.goto(shortcut("Start timer"));
  await expect(headerTimer).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`);
  await headerTimer.getByRole("button", { name: "Stop timer" }).click();
  await expect(page.getByRole("button", { name: "Start timer" })).toBeVisible();

  // The same URL linked from another site (on this machine, served for real) opens the worklog only.
  const elsewhere = createServer((_, response) =>
    response.writeHead(200, { "content-type": "text/html" }).end(`<a href="${baseURL}${shortcut("Start timer")}">Start a timer in Worklog</a>`),
  );
  await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
    await page.getByRole("link", { name: "Start a timer in Worklog" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await page.reload();
    await expect(page.getByRole("button", { name: "Start timer" })).toBeVisible();
    await expect(headerTimer).toHaveCount(0);
  } finally {
    await new Promise((resolve) => elsewhere.close(resolve));
  }
});
