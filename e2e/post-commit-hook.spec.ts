import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { apiClient, screenshotPage, signUp, uniqueEmail } from "./support";

test("a repository's page offers its post-commit hook: reached by the keyboard, copied, downloaded, scrolling inside itself on a phone", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page, uniqueEmail("git-hook"));
  const post = await apiClient(page, request);
  const repository = await post("/repositories", { name: "dotfiles" });

  await page.goto(`/repositories/${repository.id}`);
  const section = page.getByRole("region", { name: "Record commits from this machine" });
  await expect(section.getByRole("link", { name: "Settings → API keys" })).toHaveAttribute("href", "/settings/api-keys");
  const script = section.getByRole("region", { name: "The post-commit hook script" });
  await expect(script).toContainText(`repository='${repository.id}'\nurl='${baseURL}'`);

  // Tab goes from the buttons to the script, whose box scrolls with the arrow keys.
  const copy = section.getByRole("button", { name: "Copy the hook" });
  await copy.focus();
  await page.keyboard.press("Tab");
  await expect(section.getByRole("button", { name: "Download the hook" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(script).toBeFocused();

  await copy.click();
  await expect(section.getByRole("button", { name: "Copied the hook" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await script.textContent());
  expect(copied.startsWith("#!/bin/sh\n")).toBe(true);

  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download the hook" }).click()]);
  expect(download.suggestedFilename()).toBe("post-commit");
  expect(await readFile(await download.path(), "utf8")).toBe(copied);

  // On a phone the page keeps its width; the script's long lines scroll inside its box.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  expect(await script.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
  await section.scrollIntoViewIfNeeded();
  await screenshotPage(page, "repository-git-hook", { fullPage: false });
});
