import { expect, test } from "@playwright/test";
import { expectAccessible, screenshotPage } from "./support";

type Document = { paths: Record<string, Record<string, { operationId: string; summary: string }>> };

test("the header's Docs link opens the API reference, with every endpoint, signed out", async ({ page }) => {
  const document: Document = await (await page.request.get("/api/v1/openapi.json")).json();
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
  expect(operations.length).toBeGreaterThan(30);

  await page.goto("/");
  await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Docs" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page).toHaveTitle("API reference · Worklog");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

  const contents = page.getByRole("navigation", { name: "API reference contents" });
  for (const { operationId, summary } of operations) {
    await expect(page.locator(`article#${operationId}`).getByRole("heading", { level: 3, name: summary })).toHaveCount(1);
    await expect(contents.locator(`a[href="#${operationId}"]`)).toContainText(summary);
  }

  await contents.getByRole("link", { name: "Create a project" }).click();
  await expect(page).toHaveURL(/\/docs#createProject$/);
  const createProject = page.locator("article#createProject");
  await expect(createProject.getByRole("heading", { name: "Create a project" })).toBeInViewport();
  await expect(createProject).toContainText("/api/v1/projects");
  await expect(createProject).toContainText("project:write");
  await expect(createProject.getByRole("listitem").filter({ hasText: /^name/ })).toContainText("1–100 characters");
  await expect(createProject).toContainText("422");

  const stream = page.locator("article#streamRecapEvents");
  await expect(stream).toContainText("text/event-stream");
  await expect(page.locator("article#pollDeviceToken")).toContainText("authorization_pending");

  // The page is long: axe needs a while, and the screenshots show the window only.
  test.setTimeout(120_000);
  await expectAccessible(page);
  await screenshotPage(page, "docs", { fullPage: false });
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page);
  await screenshotPage(page, "docs-dark", { fullPage: false });
});

test("the footer links to the API reference and to the OpenAPI document", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const raw = footer.getByRole("link", { name: "OpenAPI document" });
  const response = await page.request.get((await raw.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/json");
  expect((await response.json()).openapi).toMatch(/^3\.1\./);

  await footer.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await page.getByRole("link", { name: "openapi.json" }).click();
  await expect(page).toHaveURL(/\/api\/v1\/openapi\.json$/);
});
