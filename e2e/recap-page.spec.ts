import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { testWithHeldRecaps } from "./held-recaps";
import { apiClient, screenshotPage, signUp, uniqueEmail } from "./support";
import { formatDay, formatDayRange } from "../lib/formatting/time-words";

const phone = { width: 390, height: 844 };

/** The ISO dates shown in the page's main region that a line break splits (each must sit on one line), and how many there are. */
function brokenDates(page: Page) {
  return page.locator("main").evaluate((main) => {
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const broken: string[] = [];
    let count = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent!.matchAll(/\d{1,2} [A-Z][a-z]{2}(?: \d{4})?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        count++;
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return { broken, count };
  });
}

/** Whether the element starts in the upper half of the window, so that its text has room to show as it grows. */
const startsInView = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => {
    const { top } = element.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight / 2;
  });

testWithHeldRecaps(
  "a standup is chosen from a preset, streams in view on a phone, and is copied and downloaded as Markdown",
  async ({ page, request, baseURL, heldRecaps }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUp(page, uniqueEmail("recap-page"));
    const post = await apiClient(page, request);
    const project = await post("/projects", { name: "Importer" });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    for (let index = 1; index <= 6; index++) {
      await post("/worklog/entries", { content: `Parsed batch ${index} of the CSV`, project_id: project.id, duration_seconds: 1200, recorded_at: yesterday });
      await post("/worklog/entries", { content: `Shipped step ${index} of the importer`, project_id: project.id, tags: ["deploy"] });
    }

    await page.setViewportSize(phone);
    await page.goto("/recaps");
    const form = page.getByRole("form", { name: "New recap" });
    // The templates are a radio group: the arrow keys move between them.
    const summary = form.getByRole("radio", { name: "Summary" });
    await expect(summary).toBeChecked();
    await expect(form.getByText("Yesterday, today and blockers, in your entries' own words.")).toBeVisible();
    await summary.focus();
    await page.keyboard.press("ArrowRight");
    await expect(form.getByRole("radio", { name: "Standup", exact: true })).toBeChecked();

    const lastThirtyDays = form.getByRole("button", { name: "Last 30 days" });
    await lastThirtyDays.click();
    await expect(lastThirtyDays).toHaveAttribute("aria-pressed", "true");
    await expect(form.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "false");
    const to = await form.getByLabel("To", { exact: true }).inputValue();
    const from = await form.getByLabel("From", { exact: true }).inputValue();
    expect(Date.parse(to) - Date.parse(from)).toBe(29 * 86_400_000);

    await form.getByRole("button", { name: "Generate recap" }).click();
    // The recap opens on its own page: while it is being written (its model holds the rest until
    // released), its text shows on the phone's first screen.
    await expect(page).toHaveURL(/\/recaps\/[0-9a-f-]{36}$/);
    const recap = page.getByRole("article");
    // What is written so far is its title ("# Standup <day>"), which the page's own h1 says instead.
    await expect(recap.getByTestId("recap-content")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Recap ${formatDayRange(from, to)}`);
    await expect(page.getByText(`Standup ${formatDay(to, { withYear: true })}`)).toHaveCount(0);
    await expect(recap).toHaveAttribute("data-status", "processing");
    await expect(recap.getByRole("status")).toHaveText("Writing…");
    await expect.poll(() => startsInView(page, "recap-content")).toBe(true);

    heldRecaps.release();
    await expect(recap).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
    await expect(recap.getByRole("definition")).toHaveText(["12", "2h", "1", "0"]);
    await expect(recap.getByRole("term")).toHaveText(["Entries", "Tracked", "Projects", "Commits"]);
    expect((await brokenDates(page)).broken).toEqual([]);
    await screenshotPage(page, "recap-page");

    await recap.getByRole("button", { name: "Copy as Markdown" }).click();
    await expect(page.getByText("Recap copied as Markdown")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("Shipped step 6 of the importer");
    // Its citations lead to the app from wherever it is pasted.
    expect(copied).toMatch(new RegExp(`\\]\\(${baseURL}/\\?entry=[0-9a-f-]{36}\\)`));
    expect(copied).not.toContain("](/");

    const downloading = page.waitForEvent("download");
    await recap.getByRole("button", { name: "Download .md" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`recap-${from}-${to}.md`);
    expect(await readFile(await download.path(), "utf8")).toBe(copied);

    // The recap's own page, opened again from the list: its days on one line each, and the same two ways to take the text away.
    await page.goto("/recaps");
    await page.getByRole("link", { name: /completed\s*12 entries/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Recap ${formatDayRange(from, to)}`);
    const dates = await brokenDates(page);
    expect(dates.count).toBeGreaterThanOrEqual(2);
    expect(dates.broken).toEqual([]);
    await page.getByRole("button", { name: "Copy as Markdown" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(copied);
    const again = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download .md" }).click();
    expect(await readFile(await (await again).path(), "utf8")).toBe(copied);

    // A citation leads to its entry in the worklog, highlighted.
    const citation = page.getByTestId("recap-content").locator('a[href^="/?entry="]').first();
    const entryId = (await citation.getAttribute("href"))!.slice("/?entry=".length);
    await citation.click();
    await expect(page).toHaveURL(new RegExp(`/\\?from=\\d{4}-\\d\\d-\\d\\d&to=\\d{4}-\\d\\d-\\d\\d&entry=${entryId}$`));
    const cited = page.locator(`article[data-entry-id="${entryId}"]`);
    await expect(cited).toHaveAttribute("aria-current", "true");
    await expect(cited).toBeFocused();
    await expect(cited).toBeInViewport();
  },
);

test("a link to an entry opens its day with the entry highlighted and focused, even far past the first page", async ({ page, request, browser }) => {
  await signUp(page, uniqueEmail("entry-link"));
  const post = await apiClient(page, request);
  const old = await post("/worklog/entries", { content: "The migration plan, long ago", recorded_at: "2026-01-15T10:00:00Z" });
  await post("/worklog/entries", { content: "Same day, later", recorded_at: "2026-01-15T16:00:00Z" });
  for (let index = 1; index <= 30; index++) await post("/worklog/entries", { content: `Recent work ${index}` });

  await page.goto(`/?entry=${old.id}`);
  await expect(page).toHaveURL(`/?from=2026-01-15&to=2026-01-15&entry=${old.id}`);
  const linked = page.getByRole("article", { name: /^Linked entry of/ });
  await expect(linked).toContainText("The migration plan, long ago");
  await expect(linked).toHaveAttribute("aria-current", "true");
  await expect(linked).toBeFocused();
  await expect(linked).toBeInViewport();
  await expect(page.getByRole("article", { name: /^Entry of/ })).toHaveText(/Same day, later/);
  await expect(page.getByText("This link opened an entry: here are the entries of its day, that one highlighted.")).toBeVisible();

  await page.getByRole("button", { name: "Show all entries" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("article", { name: /^Entry of/ }).first()).toContainText("Recent work");
  await expect(page.getByRole("article", { name: /^Linked entry of/ })).toHaveCount(0);

  const missing = "The entry this link points to is not in your worklog: it may have been deleted, or belong to another account.";
  for (const id of ["01936f24-5f6a-7b7c-8d8e-9f0a1b2c3d45", "not-an-id"]) {
    await page.goto(`/?entry=${id}`);
    await expect(page.getByRole("alert").filter({ hasText: missing })).toBeVisible();
    await expect(page.getByRole("article", { name: /^Entry of/ }).first()).toContainText("Recent work");
  }

  const someoneElse = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signUp(someoneElse, uniqueEmail("entry-link-other"));
  await someoneElse.goto(`/?entry=${old.id}`);
  await expect(someoneElse).toHaveURL(`/?entry=${old.id}`);
  await expect(someoneElse.getByRole("alert").filter({ hasText: missing })).toBeVisible();
  await expect(someoneElse.getByText("The migration plan, long ago")).toHaveCount(0);
});
