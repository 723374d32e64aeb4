import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

const screenshotDir = path.join(import.meta.dirname, "screenshots");

/** Saves the page at desktop and phone width under e2e/screenshots/ for reviewers. */
export async function screenshotPage(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.screenshot({ path: path.join(screenshotDir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(screenshotDir, `${name}-phone.png`), fullPage: true });
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
