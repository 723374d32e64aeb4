import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

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
