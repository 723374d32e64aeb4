import { expect, test, type Page } from "@playwright/test";
import { datePresetRange } from "../lib/worklog/date-presets";
import { apiClient, expectAccessible, signUp, uniqueEmail } from "./support";

// The worklog as a place one works in all day: the week view, the composer's @ and #, the date
// filter, the keyboard from the search to the results, and a project's page that leads with its time.

const composer = (page: Page) => page.getByRole("region", { name: "New entry" });
const entries = (page: Page) => page.getByRole("region", { name: /^Entries/ }).getByRole("article");
const filters = (page: Page) => page.getByRole("search", { name: "Filter entries" });
const week = (page: Page) => page.getByRole("region", { name: /–|day \d/ }).filter({ has: page.getByRole("button", { name: /Previous (week|day)/ }) });
/** A point of a day's column at a time of day, as a fraction of its height. */
async function clickAt(page: Page, day: string, hours: number) {
  // The week's hours scroll inside their box, which the page may first have to bring into view.
  await week(page).locator("[data-week-scroller]").scrollIntoViewIfNeeded();
  const column = week(page).getByRole("group", { name: day });
  const box = (await column.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + (box.height * hours) / 24);
}

test.use({ viewport: { width: 1280, height: 1100 } });

test("week view, @ and # in the composer, a typed date kept, presets, ↓ from the search, a project's totals", async ({ page, request }) => {
  await signUp(page, uniqueEmail("week"));
  const post = await apiClient(page, request);
  const project = await post("/projects", { name: "Engine", identifier: "EN" });
  // The user's time zone is UTC; 2026-11-16 is a Monday, the first day of the week by default.
  await post("/worklog/entries", {
    content: "Paired on the parser",
    recorded_at: "2026-11-18T11:30:00Z",
    duration_seconds: 5400,
    project_id: project.id,
    tags: ["review"],
  });
  await post("/worklog/entries", { content: "Standup notes", recorded_at: "2026-11-17T09:00:00Z", tags: ["research"] });
  await post("/worklog/entries", { content: "Shipped the deploy", recorded_at: "2026-11-10T15:00:00Z", duration_seconds: 3600, tags: ["review", "ops"] });

  // List | Week, in the URL.
  await page.goto("/");
  await page.getByRole("group", { name: "Show entries as" }).getByRole("button", { name: "Week" }).click();
  await expect(page).toHaveURL(/[?&]view=week/);
  await expect(page.getByRole("heading", { name: /^Entries/ })).toBeHidden();
  await page.goto("/?view=week&date=2026-11-18");
  await expect(week(page).getByRole("heading", { name: "16–22 Nov 2026" })).toBeVisible();
  // A block from recorded_at − duration to recorded_at, sized by it; a marker for an entry without one; each day's total.
  const block = week(page).getByRole("button", { name: /^Edit: Paired on the parser, 10:00–11:30\sAM, 1\s?h 30\s?m/ });
  await expect(block).toBeVisible();
  const hour = (await week(page).getByRole("group", { name: "Wednesday 18 November" }).boundingBox())!.height / 24;
  expect(Math.round(((await block.boundingBox())!.height / hour) * 2)).toBe(3);
  await expect(week(page).getByRole("button", { name: /^Edit: Standup notes, 9:00\sAM/ })).toHaveAttribute("data-kind", "marker");
  await expect(week(page).locator('[data-day="2026-11-18"]').first()).toContainText(/1\s?h 30\s?m/);
  await expectAccessible(page);

  // ← and → keys and buttons move by a week.
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(/date=2026-11-11/);
  await expect(week(page).getByRole("button", { name: /^Edit: Shipped the deploy, 2:00–3:00\sPM/ })).toBeVisible();
  await week(page).getByRole("button", { name: "Next week" }).click();
  await expect(page).toHaveURL(/date=2026-11-18/);

  // A block opens its entry to edit.
  await block.click();
  const editor = page.getByRole("dialog", { name: "Edit entry" });
  await expect(editor.getByLabel("What did you work on?")).toHaveValue("Paired on the parser");
  await editor.getByLabel("Duration").fill("2h");
  await editor.getByRole("button", { name: "Save entry" }).click();
  await expect(editor).toBeHidden();
  await expect(week(page).getByRole("button", { name: /^Edit: Paired on the parser, 9:30–11:30\sAM, 2\s?h/ })).toBeVisible();

  // An empty slot starts an entry there.
  await clickAt(page, "Friday 20 November", 14.2);
  const starter = page.getByRole("dialog", { name: "New entry" });
  await expect(starter.getByLabel("Date and time")).toHaveValue("2026-11-20T14:30");
  await expect(starter.getByLabel("Duration")).toHaveValue("30");
  await starter.getByLabel("What did you work on?").fill("Slot entry");
  await starter.getByRole("button", { name: "Add entry" }).click();
  await expect(week(page).getByRole("button", { name: /^Edit: Slot entry, 2:00–2:30\sPM/ })).toBeVisible();

  // Times follow the profile's clock: the browser's (en-US, 12-hour) until 24-hour is chosen there.
  await page.goto("/settings/profile");
  await expect(page.getByLabel("Clock")).toHaveValue("");
  await page.getByLabel("Clock").selectOption("24");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();
  await page.goto("/?view=week&date=2026-11-18");
  await expect(week(page).getByRole("button", { name: /^Edit: Paired on the parser, 09:30–11:30, 2\s?h/ })).toBeVisible();
  await expect(week(page).getByRole("button", { name: /^Edit: Standup notes, 09:00/ })).toBeVisible();

  // The composer: @ completes projects, # tags (the most used first); what is chosen is saved.
  await page.getByRole("group", { name: "Show entries as" }).getByRole("button", { name: "List" }).click();
  await expect(page).toHaveURL("/");
  const text = composer(page).getByLabel("What did you work on?");
  await text.click();
  await text.pressSequentially("Fixed the lexer @en");
  const projects = page.getByRole("listbox", { name: "Projects" });
  await expect(projects.getByRole("option", { name: /Engine/ })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(projects).toBeHidden();
  await expect(text).toHaveValue("Fixed the lexer ");
  await expect(composer(page).getByLabel("Project")).toHaveValue(project.id);
  await text.pressSequentially("#re");
  const tags = page.getByRole("listbox", { name: "Tags" });
  await expect(tags.getByRole("option")).toHaveText(["#review", "#research"]);
  await expectAccessible(page);
  await page.keyboard.press("ArrowDown");
  await expect(text).toHaveAttribute("aria-activedescendant", (await tags.getByRole("option", { name: "#research" }).getAttribute("id"))!);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Tab");
  await expect(text).toHaveValue("Fixed the lexer #review ");
  await expect(text).toBeFocused();
  await page.keyboard.press("ControlOrMeta+Enter");
  const saved = entries(page).filter({ hasText: "Fixed the lexer" });
  await expect(saved).toHaveCount(1);
  await expect(saved).not.toContainText("@");
  await expect(saved.getByRole("link", { name: /Engine/ })).toBeVisible();
  await expect(saved).toContainText("review");
  // Back to one line, the focus kept for the next entry.
  await expect(text).toBeFocused();
  await expect(text).toHaveValue("");
  await expect(composer(page).getByLabel("Project")).toBeHidden();

  // A date being typed is not cleared, nor applied until whole; a preset writes from and to (in the panel "Filters" opens).
  await filters(page).getByRole("button", { name: "Filters" }).click();
  const from = filters(page).getByLabel("From");
  await from.fill("2026-11-17");
  await expect(page).toHaveURL("/?from=2026-11-17");
  await from.focus();
  await page.keyboard.press("Backspace");
  await expect(page).toHaveURL("/?from=2026-11-17");
  await page.keyboard.type("12");
  await expect(from).toHaveValue("2026-12-17");
  await expect(page).toHaveURL("/?from=2026-12-17");
  await filters(page).getByLabel("Dates").selectOption({ label: "Last week" });
  const lastWeek = datePresetRange("last-week", new Date(), "UTC", "monday");
  await expect(page).toHaveURL(`/?from=${lastWeek.from}&to=${lastWeek.to}`);
  await expect(from).toHaveValue(lastWeek.from);
  await filters(page).getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL("/");

  // ↓ from the search goes to the first result, then j and k.
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("review");
  await expect(page).toHaveURL("/?q=review");
  await expect(entries(page)).toHaveCount(3);
  await search.press("ArrowDown");
  await expect(entries(page).first()).toBeFocused();
  await page.keyboard.press("j");
  await expect(entries(page).nth(1)).toBeFocused();

  // The project's page leads with its time; its deletion sits at the foot and says what it affects.
  await page.goto(`/projects/${project.id}`);
  const totals = page.getByRole("group", { name: "The project’s time" });
  const stats = totals.getByRole("definition");
  await expect(totals.getByRole("term")).toHaveText(["This week", "This month", "All time", "Entries", "Last activity"]);
  await expect(stats.nth(2)).toHaveText(/^2\s?h$/);
  await expect(stats.nth(3)).toHaveText("2");
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toBeVisible();
  const danger = page.getByRole("region", { name: "Danger zone" });
  await expect(danger).toContainText("affects 2 entries");
  await danger.getByRole("button", { name: "Delete project" }).click();
  await expect(page.getByRole("dialog", { name: "Delete project" })).toContainText("Its 2 entries and 0 repositories stay");

  // On a phone: one day, with the same arrows; the search and filters behind a button.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/?view=week&date=2026-11-18");
  await expect(week(page).getByRole("heading", { name: "Wednesday 18 November" })).toBeVisible();
  await expect(week(page).getByRole("group")).toHaveCount(1);
  await week(page).getByRole("button", { name: "Next day" }).click();
  await expect(page).toHaveURL(/date=2026-11-19/);
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeHidden();
  await page.getByRole("button", { name: "Search and filters" }).click();
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
});
