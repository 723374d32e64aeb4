// The worklog as a dense list worked with all day: many entries on one screen, edited in place,
// selected with x and shift-click and changed together (with one Undo), its keys listed by ?.
import { expect, test, type Page } from "@playwright/test";
import { apiClient, signUp, uniqueEmail } from "./support";

const entries = (page: Page) =>
  page
    .getByRole("region", { name: /^Entries/ })
    .getByRole("article")
    .and(page.locator("[data-entry-id]"));
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("a dense list: 8 entries on the first screen, edited in place, selected and changed together with Undo, its keys on ?", async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page, uniqueEmail("dense"));
  const post = await apiClient(page, request);
  const project = await post("/projects", { name: "Dense", identifier: "DN" });
  const start = Date.now() - 12 * 60_000;
  for (let index = 1; index <= 12; index++) {
    await post("/worklog/entries", {
      content: `Task number ${index}`,
      recorded_at: new Date(start + index * 60_000).toISOString(),
      duration_seconds: 900,
      project_id: project.id,
      tags: ["work"],
    });
  }
  await page.goto("/");
  await expect(entries(page)).toHaveCount(12);
  const fullyShown = await entries(page).evaluateAll(
    (rows) => rows.filter((row) => row.getBoundingClientRect().top >= 0 && row.getBoundingClientRect().bottom <= window.innerHeight).length,
  );
  expect(fullyShown).toBeGreaterThanOrEqual(8);
  // What loads takes room kept for it: the page's layout shifts add up to under 0.05 (Lighthouse's CLS).
  const layoutShift = await page.evaluate(async () => {
    type Shift = { value: number; hadRecentInput: boolean };
    const shifts: Shift[] = [];
    const observer = new PerformanceObserver((list) => shifts.push(...(list.getEntries() as unknown as Shift[])));
    observer.observe({ type: "layout-shift", buffered: true });
    // The buffered entries come with the next frames' callbacks.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    shifts.push(...(observer.takeRecords() as unknown as Shift[]));
    observer.disconnect();
    return shifts.reduce((sum, shift) => sum + (shift.hadRecentInput ? 0 : shift.value), 0);
  });
  expect(layoutShift).toBeLessThan(0.05);

  // A click on the text opens the entry's form in its place; Escape closes it unsaved, and the row has the focus.
  const editor = page.getByRole("region", { name: /^Edit entry of/ });
  await entries(page).first().getByText("Task number 12").click();
  await expect(editor.getByLabel("What did you work on?")).toHaveValue("Task number 12");
  await expect(page).toHaveURL("/");
  await page.keyboard.type(" and more");
  await page.keyboard.press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(entries(page).first()).toBeFocused();
  await expect(entries(page).first()).toContainText("Task number 12");
  await expect(entries(page).first()).not.toContainText("and more");
  // Enter on the focused entry opens it too; Ctrl/⌘+Enter saves.
  await page.keyboard.press("Enter");
  await expect(editor.getByLabel("What did you work on?")).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.type(", done");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(editor).toHaveCount(0);
  await expect(entries(page).first()).toContainText("Task number 12, done");

  // x selects the focused entry; a shift-click selects every entry from it to the one clicked.
  await expect(entries(page).first()).toBeFocused();
  await page.keyboard.press("x");
  const bar = page.getByRole("region", { name: "Selected entries" });
  await expect(bar).toContainText("1 entry selected");
  await entries(page)
    .nth(3)
    .getByRole("checkbox")
    .click({ modifiers: ["Shift"] });
  await expect(bar).toContainText("4 entries selected");
  for (let index = 0; index < 4; index++) await expect(entries(page).nth(index).getByRole("checkbox")).toBeChecked();
  await expect(entries(page).nth(4).getByRole("checkbox")).not.toBeChecked();

  // One tag for the four, in one request; one Undo takes it off all four.
  // Server actions are POSTs whose body holds their arguments: the bulk action's names its kind.
  const bulkRequests: string[] = [];
  page.on("request", (sent) => sent.method() === "POST" && sent.postData()?.includes('"add_tag"') && bulkRequests.push(sent.url()));
  await bar.getByLabel("Tag").fill("batch");
  await bar.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByRole("link", { name: "#batch" })).toHaveCount(4);
  expect(bulkRequests).toHaveLength(1);
  await toast(page, "Tag added").getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("link", { name: "#batch" })).toHaveCount(0);

  // Delete the four at once; Undo brings them all back.
  await bar.getByRole("button", { name: "Delete" }).click();
  await expect(entries(page)).toHaveCount(8);
  await expect(bar).toHaveCount(0);
  await toast(page, "Deleted").getByRole("button", { name: "Undo" }).click();
  await expect(entries(page)).toHaveCount(12);
  await expect(entries(page).first()).toContainText("Task number 12, done");

  // ? lists every key.
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("?");
  const keys = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(keys).toBeVisible();
  for (const key of ["j", "k", "e", "x", "Enter", "t", "?"])
    await expect(keys.locator("kbd", { hasText: new RegExp(`^${key.replace("?", "\\?")}$`) })).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(keys).toHaveCount(0);
});
