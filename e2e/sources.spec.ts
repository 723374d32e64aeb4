import { expect, test, type Page } from "@playwright/test";
import { createKey, signUp, uniqueEmail } from "./support";

const entries = (page: Page) => page.getByRole("region", { name: /^Entries/ }).getByRole("article");

test("an entry written through the API carries its source as a badge, which filters the worklog by it", async ({ page, request }) => {
  await signUp(page, uniqueEmail("sources"));
  await page.goto("/settings/api-keys");
  const key = await createKey(page, "script", ["Worklog: All"]);
  const created = await request.post("/api/v1/worklog/entries", {
    headers: { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` },
    data: { content: "Rotated the staging certificates" },
  });
  expect(created.status()).toBe(201);
  expect((await created.json()).source).toBe("api");

  await page.goto("/");
  const composer = page.getByRole("region", { name: "New entry" }).getByLabel("What did you work on?");
  await composer.fill("Wrote the release notes");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(entries(page)).toHaveCount(2);

  const fromWeb = entries(page).filter({ hasText: "Wrote the release notes" });
  const fromApi = entries(page).filter({ hasText: "Rotated the staging certificates" });
  await expect(fromWeb.getByRole("link", { name: "API" })).toHaveCount(0);
  const badge = fromApi.getByRole("link", { name: "API", exact: true });
  await expect(badge).toBeVisible();

  await badge.click();
  await expect(page).toHaveURL(/\/\?source=api$/);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText("Rotated the staging certificates");

  const written = page.getByLabel("Source", { exact: true });
  if (!(await written.isVisible())) await page.getByRole("button", { name: /^Filters/ }).click();
  await expect(written).toHaveValue("api");
  await written.selectOption({ label: "Web app" });
  await expect(page).toHaveURL(/\/\?source=web$/);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText("Wrote the release notes");
});
