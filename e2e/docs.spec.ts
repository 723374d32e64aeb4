import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, pressUntilFocused, screenshotPage } from "./support";

// Each test is independent (it reads the reference signed out): they run side by side.
test.describe.configure({ mode: "parallel" });

type Document = { paths: Record<string, Record<string, { operationId: string; summary: string }>> };

test("the header's Docs link opens the API reference, with every endpoint, signed out", async ({ page }) => {
  const openApi: Document = await (await page.request.get("/api/v1/openapi.json")).json();
  const operations = Object.values(openApi.paths).flatMap((item) => Object.values(item));
  expect(operations.length).toBeGreaterThan(30);

  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Docs" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page).toHaveTitle("API reference · Worklog");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

  // Every endpoint once, read in one go (an assertion per endpoint would take a round trip each):
  // an article of its id headed by its summary, and one link of the contents to it.
  const shown = await page.evaluate(() => ({
    articles: [...document.querySelectorAll("article")].map((article) => ({
      id: article.id,
      headings: [...article.querySelectorAll("h3")].filter((heading) => heading.checkVisibility()).map((heading) => heading.textContent.trim()),
    })),
    links: [...document.querySelectorAll('nav[aria-label="API reference contents"] a')].map((link) => ({
      href: link.getAttribute("href"),
      text: link.textContent,
    })),
  }));
  expect(
    operations.map(({ operationId }) => ({
      operationId,
      headings: shown.articles.filter((article) => article.id === operationId).map((article) => article.headings),
      links: shown.links.filter((link) => link.href === `#${operationId}`).map((link) => link.text),
    })),
  ).toEqual(operations.map(({ operationId, summary }) => ({ operationId, headings: [[summary]], links: [expect.stringContaining(summary)] })));
  const contents = page.getByRole("navigation", { name: "API reference contents" });

  await contents.getByRole("link", { name: "Create a project" }).click();
  await expect(page).toHaveURL(/\/docs#createProject$/);
  const createProject = page.locator("article#createProject");
  await expect(createProject.getByRole("heading", { name: "Create a project" })).toBeInViewport();
  await expect(createProject).toContainText("/api/v1/projects");
  await expect(createProject).toContainText("project:write");
  await expect(createProject.getByRole("listitem").filter({ hasText: /^name/ })).toContainText("1–100 characters");
  await expect(createProject).toContainText("422");
  // The bodies of the errors many endpoints share are shown once, under Common errors.
  await createProject.getByRole("listitem").filter({ hasText: /^401/ }).getByRole("link", { name: "3 bodies under Common errors" }).click();
  await expect(page).toHaveURL(/#error-Unauthorized$/);
  const unauthorized = page.locator("#error-Unauthorized");
  await expect(unauthorized.getByRole("heading", { level: 3, name: "401 Unauthorized" })).toBeInViewport();
  await expect(unauthorized.getByRole("figure")).toHaveCount(3);
  await expect(unauthorized).toContainText("authentication_error");

  const stream = page.locator("article#streamRecapEvents");
  await expect(stream).toContainText("text/event-stream");
  await expect(page.locator("article#pollDeviceToken")).toContainText("authorization_pending");
});

// Every operation is drawn by one component (components/docs/operation-reference.tsx): axe checks
// one of each kind (a JSON body, a query, a path, an event stream, an OAuth form, Prometheus's text)
// and leaves out the others, which repeat them in other words and took axe a minute a scheme.
const operationsOfEachKind = ["createProject", "listEntries", "getProject", "streamRecapEvents", "pollDeviceToken", "getMetrics"];

for (const colorScheme of ["light", "dark"] as const) {
  test(`the API reference is accessible in ${colorScheme}`, async ({ page }) => {
    // Each scheme is a test of its own; the screenshots show the window only. Dark changes
    // nothing but colours: there axe runs only its rules about colours.
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme });
    await page.goto("/docs#error-Unauthorized");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeAttached();
    for (const operationId of operationsOfEachKind) await expect(page.locator(`article#${operationId}`)).toHaveCount(1);
    await expectAccessible(page, { coloursOnly: colorScheme === "dark", exclude: `article${operationsOfEachKind.map((id) => `:not(#${id})`).join("")}` });
    await screenshotPage(page, colorScheme === "light" ? "docs" : "docs-dark", { fullPage: false });
  });
}

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

const contentsOf = (page: Page) => page.getByRole("navigation", { name: "API reference contents" });

test("an example's Copy button puts the example on the clipboard and says so", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/docs#createProject");
  const example = page.locator("article#createProject").getByRole("figure", { name: "Example request" });
  const shown = await example.locator("code").textContent();
  expect(shown).toContain("-X POST");

  const copy = example.getByRole("button", { name: "Copy Example request" });
  await copy.click();
  await expect(example.getByRole("button", { name: "Copied Example request" })).toBeVisible();
  await expect(example.getByText("Copied to the clipboard.")).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  // The button says "Copy" again after a moment, ready for another go.
  await expect(copy).toBeVisible();
});

test("where the clipboard is out of reach, Copy selects the example and says how to copy it", async ({ page }) => {
  // As on a page served over plain HTTP from another host than localhost: browsers offer no clipboard there.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }));
  await page.goto("/docs#createProject");
  const example = page.locator("article#createProject").getByRole("figure", { name: "Example request" });
  await example.getByRole("button", { name: "Copy Example request" }).click();
  await expect(example).toContainText("Copying is blocked here. The example is selected: press Ctrl+C");
  expect(await page.evaluate(() => getSelection()?.toString())).toBe(await example.locator("code").textContent());
});

test("the search box narrows the endpoints as one types, says when none match, and Escape brings them all back", async ({ page }) => {
  await page.goto("/docs");
  const endpoints = page.locator("article");
  const shownEndpoints = page.locator("article:visible");
  const total = await endpoints.count();
  const search = page.getByRole("searchbox", { name: "Search endpoints" });
  const count = page.getByRole("status").filter({ hasText: /match/ });
  const contents = contentsOf(page);

  await pressUntilFocused(page, "/", search);
  await page.keyboard.type("post project");
  await expect(page.locator("article#getProject")).toBeHidden();
  await expect(page.locator("article#createProject")).toBeVisible();
  await expect(contents.getByRole("link", { name: "Get a project" })).toBeHidden();
  await expect(contents.getByRole("link", { name: "Create a project" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Overview" })).toBeHidden();
  const matches = await shownEndpoints.count();
  expect(matches).toBeGreaterThan(0);
  expect(matches).toBeLessThan(total);
  await expect(count).toHaveText(`${matches} endpoint${matches === 1 ? " matches" : "s match"}`);
  for (const text of await shownEndpoints.allTextContents()) {
    expect(text.toLowerCase()).toContain("post");
    expect(text.toLowerCase()).toContain("project");
  }
  // A parameter's name finds its endpoint too.
  await search.fill("starting_after");
  await expect(page.locator("article#listProjects")).toBeVisible();
  await expect(page.locator("article#createProject")).toBeHidden();

  await search.fill("zzzz");
  await expect(page.getByText("No endpoint matches “zzzz”.")).toBeVisible();
  await expect(count).toHaveText("No endpoint matches");
  await expect(shownEndpoints).toHaveCount(0);
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotPage(page, "docs-search-empty", { fullPage: false });
  await page.emulateMedia({ colorScheme: "light" });

  await search.press("Escape");
  await expect(search).toHaveValue("");
  await expect(shownEndpoints).toHaveCount(total);
  await expect(page.getByText("No endpoint matches")).toHaveCount(0);

  await search.fill("zzzz");
  await page.getByRole("button", { name: "Clear the search" }).click();
  await expect(search).toBeFocused();
  await expect(shownEndpoints).toHaveCount(total);
});

test("the contents follow the reader: the link to the section in view is current", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/docs");
  const contents = contentsOf(page);
  const current = contents.locator('a[aria-current="true"]');
  await expect(current).toHaveAttribute("href", "#overview");

  await page.locator("article#listRepositories").evaluate((article) => article.scrollIntoView());
  await expect(current).toHaveAttribute("href", "#listRepositories");
  await expect(current).toHaveCount(1);
  // The contents stay beside the page, the current link in sight.
  await expect(current).toBeInViewport();
  await expect(page.getByRole("searchbox", { name: "Search endpoints" })).toBeInViewport();

  await page.locator("article#pollDeviceToken").evaluate((article) => article.scrollIntoView());
  await expect(current).toHaveAttribute("href", "#pollDeviceToken");
  await expect(current).toBeInViewport();
});

test("examples stand beside the parameters on wide screens, after them on phones", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/docs#createProject");
  const article = page.locator("article#createProject");
  const field = article.getByRole("listitem").filter({ hasText: /^name/ });
  const example = article.getByRole("figure", { name: "Example request" });
  let fieldBox = (await field.boundingBox())!;
  let exampleBox = (await example.boundingBox())!;
  expect(exampleBox.x).toBeGreaterThanOrEqual(fieldBox.x + fieldBox.width);
  expect(exampleBox.y).toBeLessThan(fieldBox.y + fieldBox.height);
  await screenshotPage(page, "docs-operation", { fullPage: false });

  await page.setViewportSize({ width: 390, height: 844 });
  fieldBox = (await field.boundingBox())!;
  exampleBox = (await example.boundingBox())!;
  expect(exampleBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
  expect(exampleBox.x + exampleBox.width).toBeLessThanOrEqual(390);
});

test("on a phone the reference comes first: its contents wait behind a button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs");
  const contents = contentsOf(page);
  const toggle = contents.getByRole("button", { name: "Contents" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(contents.getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "Overview" })).toBeInViewport();

  // From the search box, the keyboard goes past the folded contents straight into the reference.
  await page.getByRole("searchbox", { name: "Search endpoints" }).focus();
  await page.keyboard.press("Tab");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Copy Base URL" })).toBeFocused();

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await contents.getByRole("link", { name: "Create a project" }).click();
  await expect(page).toHaveURL(/#createProject$/);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator("article#createProject").getByRole("heading", { name: "Create a project" })).toBeInViewport();
});
