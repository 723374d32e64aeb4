import { expect } from "@playwright/test";
import { testWithHeldRecaps as test } from "./held-recaps";
import { createKey, screenshotPage, signUp, uniqueEmail } from "./support";

test("a recap is generated in the browser and its text streams in before it completes", async ({ page, request, heldRecaps }) => {
  await signUp(page, uniqueEmail("recaps"));
  await page.goto("/settings/api-keys");
  const key = await createKey(page, "recap data", ["Project: All", "Worklog: All"]);
  const headers = { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` };
  const project = await (await request.post("/api/v1/projects", { headers, data: { name: "Importer" } })).json();
  for (const [content, tags] of [
    ["Parsed the CSV *headers*", ["backend"]],
    ["Shipped <img src=x onerror=alert(1)> the importer", ["deploy"]],
    ["Weekly planning", ["meeting"]],
  ] as const) {
    const created = await request.post("/api/v1/worklog/entries", { headers, data: { content, tags, project_id: project.id, duration_seconds: 1800 } });
    expect(created.status()).toBe(201);
  }

  await page.goto("/recaps");
  await expect(page.getByRole("heading", { name: "Recaps", level: 1 })).toBeVisible();
  await expect(page.getByText("No recaps yet. Generate one above.")).toBeVisible();

  await page.getByLabel("Excluded tags").fill("backend deploy meeting");
  await page.getByRole("button", { name: "Generate recap" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No worklog entries" })).toHaveText("No worklog entries match these filters");

  await page.getByLabel("Excluded tags").fill("meeting");
  await page.getByRole("checkbox", { name: "Importer" }).check();
  await page.getByRole("button", { name: "Generate recap" }).click();
  // The new recap opens on its own page, where it streams in; its title shows once, as the page's.
  await expect(page).toHaveURL(/\/recaps\/[0-9a-f-]{36}$/);
  const newRecapUrl = page.url();
  const recap = page.getByRole("article");
  const content = recap.getByTestId("recap-content");
  // Text shows while the recap is still being written: its model holds the rest until released.
  await expect(content).toContainText("2 entries across 1 project");
  await expect(recap).toHaveAttribute("data-status", "processing");
  await expect(recap.getByRole("status")).toHaveText("Writing…");
  await expect(content.getByRole("heading", { name: "Importer", level: 3 })).toHaveCount(0);

  heldRecaps.release();
  await expect(recap).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(recap.getByRole("status")).toHaveText("Completed");
  await expect(content.getByRole("heading", { name: "Importer", level: 3 })).toBeVisible();
  await expect(content.getByRole("heading", { name: "Day by day", level: 3 })).toBeVisible();
  await expect(content.locator("em")).toHaveText("headers");
  await expect(content.locator("img")).toHaveCount(0);
  await expect(content).not.toContainText("Weekly planning");
  await expect(recap.getByRole("definition").first()).toHaveText("2");
  await expect(page.getByRole("heading", { name: /^Recap / })).toHaveCount(1);
  await expect(page.getByRole("main").getByText(/^Recap /)).toHaveCount(1);
  await screenshotPage(page, "recaps");

  await page.goto("/recaps");
  const pastRecap = page.getByRole("link", { name: /Summary\s*completed\s*2 entries/ });
  await expect(pastRecap).toBeVisible();
  await pastRecap.click();
  await expect(page).toHaveURL(newRecapUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Recap \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(page.getByText("Summary · only 1 project; without meeting")).toBeVisible();
  await expect(page.getByTestId("recap-content")).toContainText("2 entries across 1 project, 1h tracked, 0 commits.");
  await screenshotPage(page, "recap");

  // The page's stream uses the browser's session, not an API key; a finished recap is one event.
  const events = `/recaps/${page.url().split("/").at(-1)}/events`;
  expect((await request.get(events, { headers })).status()).toBe(401);
  const finished = await page.context().request.get(events);
  expect(finished.headers()["content-type"]).toBe("text/event-stream; charset=utf-8");
  const body = await finished.text();
  expect(body.match(/^data: /gm)).toHaveLength(1);
  expect(body).toContain('"status":"completed"');
});
