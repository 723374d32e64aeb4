import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

const screenshotDir = path.join(import.meta.dirname, "screenshots");

/**
 * Saves the page at desktop and phone width under e2e/screenshots/ for reviewers: all of it, or
 * for very long pages only what the window shows. Not in CI, whose clone nobody looks into: the
 * PNGs took 7% of the CPU of the specs that take them.
 */
export async function screenshotPage(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (process.env.CI) return;
  mkdirSync(screenshotDir, { recursive: true });
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.screenshot({ path: path.join(screenshotDir, `${name}-desktop.png`), fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(screenshotDir, `${name}-phone.png`), fullPage });
  await page.setViewportSize(desktop);
}

export const password = "correct horse battery";

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function signUp(page: Page, email: string, name = "Ada Lovelace") {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("navigation", { name: "Account" })).toContainText(name);
}

export async function signIn(page: Page, email: string, withPassword = password) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(withPassword);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Runs a command of the admin CLI (README.md, "Operations") on the test server's data, as an operator would, and returns what it printed. */
export function runAdmin(args: string[]): string {
  const env = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: "" };
  return execFileSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], { env, encoding: "utf8" }).trim();
}

/** axe's rules (its category "cat.color") whose outcome depends on the colours alone. */
const colourRules = ["color-contrast", "link-in-text-block"];

/**
 * axe's experimental rules that the checks run besides its default ones: a control whose visible
 * text is not where its accessible name begins (WCAG 2.5.3, Label in Name) is heard under another
 * name than the one a speech user says.
 */
const experimentalRules = { "label-content-name-mismatch": { enabled: true } };

/**
 * Runs axe on the page as it is: no serious or critical violation may remain. `coloursOnly` runs
 * only the rules about colours: enough for a page axe has checked in the other colour scheme, as
 * a scheme changes nothing but colours. `exclude`: a CSS selector of what axe leaves out.
 */
export async function expectAccessible(page: Page, { coloursOnly = false, exclude }: { coloursOnly?: boolean; exclude?: string } = {}): Promise<void> {
  const axe = new AxeBuilder({ page });
  if (exclude) axe.exclude(exclude);
  const { violations } = await (coloursOnly ? axe.withRules(colourRules) : axe.options({ rules: experimentalRules })).analyze();
  const severe = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The API-keys list's row for a key, found by its exact name (row names also hold prefixes, which could contain it). */
/** Opens the worklog's week chart, which waits behind its button (on a phone, behind "Search and filters" first). */
export async function showWeekChart(page: Page): Promise<void> {
  const weekChart = page.getByRole("button", { name: "Week chart", includeHidden: true });
  // Rendered with the filters at once; whether it shows is the stylesheet's (hidden on a phone), so it is known once it is there.
  await weekChart.waitFor({ state: "attached" });
  if (!(await weekChart.isVisible())) await page.getByRole("button", { name: /^Search and filters/ }).click();
  await weekChart.click();
}

export function keyRow(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
}

/** Creates a key on the API-keys page (which must be open) and returns its value. */
export async function createKey(page: Page, name: string, scopes: string[]): Promise<string> {
  await page.getByLabel("Name", { exact: true }).fill(name);
  for (const scope of scopes) await page.getByRole("radio", { name: scope }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Copy this key now. It will not be shown again.")).toBeVisible();
  const newKey = page.getByTestId("new-api-key");
  await expect(newKey).toHaveValue(new RegExp(`^wl_[0-9A-Za-z]{40}$`));
  await expect(keyRow(page, name)).toBeVisible();
  return newKey.inputValue();
}

/**
 * Presses a page's shortcut key until it has moved focus to `target`: a key pressed before the
 * page's scripts have started (hydration) does nothing, as it would for a person.
 */
export async function pressUntilFocused(page: Page, key: string, target: Locator): Promise<void> {
  // Tab moves the focus at once, and a press too many would pass the target: no wait between
  // presses. Another key may wait for the page's scripts, which a press before them misses.
  const moving = key === "Tab" || key === "Shift+Tab";
  await expect(async () => {
    await page.keyboard.press(key);
    await expect(target).toBeFocused({ timeout: moving ? 50 : 1000 });
  }).toPass(moving ? { intervals: [0] } : undefined);
}

export type ApiPost = (path: string, data: unknown) => Promise<{ id: string; [field: string]: unknown }>;

/**
 * Posts to the REST API with a key made on the API-keys page (which it opens): how tests seed
 * what the web app cannot make, e.g. commits, or makes only one at a time.
 */
export async function apiClient(page: Page, request: APIRequestContext, scopes = ["Project: All", "Repo: All", "Worklog: All"]): Promise<ApiPost> {
  await page.goto("/settings/api-keys");
  const key = await createKey(page, "seed", scopes);
  const headers = { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` };
  return async (path, data) => {
    const response = await request.post(`/api/v1${path}`, { headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
}

export type ReceivedRequest = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * A server on a free port of 127.0.0.1 that records what it is sent and answers 200: where the
 * webhooks and schedules a spec creates deliver (playwright.config.ts lets the server reach
 * 127.0.0.1 on any port). A port of its own per spec, as specs run side by side.
 */
export async function startReceiver(): Promise<{ origin: string; received: ReceivedRequest[]; close: () => Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "/", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => receiver.close(() => resolve())) };
}

/** The worklog's composer. */
export const composer = (page: Page) => page.getByRole("region", { name: "New entry" });

/** The entries of the worklog's list, not the suggestions above their days (also articles). */
export const worklogEntries = (page: Page) =>
  page
    .getByRole("region", { name: /^Entries/ })
    .getByRole("article")
    .and(page.locator("[data-entry-id]"));

/** Writes an entry in the worklog's composer and waits until the list shows it. */
export async function writeEntry(page: Page, content: string): Promise<void> {
  const field = composer(page).getByLabel("What did you work on?");
  await field.fill(content);
  await composer(page).getByRole("button", { name: "Add entry" }).click();
  await expect(field).toHaveValue("");
  await expect(worklogEntries(page).filter({ hasText: content })).toHaveCount(1);
}
