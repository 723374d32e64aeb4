import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createKey, pressUntilFocused, screenshotPage, signUp, uniqueEmail } from "./support";

// The daily loop in the browser: write, find and fix an entry in seconds, with the keyboard alone
// if one likes (README, "The web app").

const composer = (page: Page) => page.getByRole("region", { name: "New entry" });
const entries = (page: Page) => page.getByRole("region", { name: /^Entries/ }).getByRole("article");
const entriesHeading = (page: Page) => page.getByRole("heading", { name: /^Entries/ });
const filters = (page: Page) => page.getByRole("search", { name: "Filter entries" });

/** Seeds entries through the REST API with a key made on the settings page. */
async function seed(page: Page, request: APIRequestContext, items: Record<string, unknown>[], projectName?: string) {
  await page.goto("/settings/api-keys");
  const key = await createKey(page, "seed", ["Project: All", "Worklog: All"]);
  const headers = { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` };
  let projectId: string | undefined;
  if (projectName) {
    const response = await request.post("/api/v1/projects", { headers, data: { name: projectName, identifier: "AL" } });
    projectId = (await response.json()).id;
  }
  for (const { inProject, ...item } of items) {
    const response = await request.post("/api/v1/worklog/entries", { headers, data: { ...item, project_id: inProject ? projectId : undefined } });
    expect(response.status(), await response.text()).toBe(201);
  }
  return projectId;
}

/** Marks the document, so that a later check can tell a full page load (which drops the mark) from an update in place. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { worklogMark: true }));
  return async () => expect(await page.evaluate(() => "worklogMark" in window)).toBe(true);
}

const daysAgo = (days: number, hour = 10) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - days);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

test("writing: c, the words with #tags and ~duration inline, ⌘/Ctrl+Enter; measured from opening /", async ({ page }) => {
  await signUp(page, uniqueEmail("compose"));
  const started = Date.now();
  await page.goto("/");
  const textarea = composer(page).getByLabel("What did you work on?");
  // Compact until used: one line, and the fields appear on focus.
  await expect(textarea).toHaveAttribute("rows", "1");
  await expect(composer(page).getByLabel("Tags")).toHaveCount(0);
  const words = "Profiled the export #perf ~1h30";
  await pressUntilFocused(page, "c", textarea);
  await expect(textarea).toHaveAttribute("rows", "5");
  await page.keyboard.type(words);
  await expect(composer(page).getByText("From the text: #perf · 1h 30m.")).toBeVisible();
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(entries(page)).toHaveCount(1);
  const elapsed = Date.now() - started;
  // The notice first: it goes after a few seconds.
  await expect(page.getByText("Entry added")).toBeVisible();
  const entry = entries(page).first();
  await expect(entry.getByRole("paragraph")).toHaveText("Profiled the export");
  await expect(entry).toContainText("1h 30m");
  await expect(entry.getByRole("list", { name: "Tags" })).toHaveText("#perf");
  await expect(textarea).toHaveValue("");
  test.info().annotations.push({ type: "measure", description: `opening / to a saved entry: ${words.length + 2} keypresses, ${elapsed} ms` });

  // A duration the field cannot read is explained, and nothing is lost.
  await textarea.fill("Half a day");
  await composer(page).getByLabel("Duration").fill("half");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(composer(page).getByText("Use minutes (45), hours and minutes (1h 30m, 1:30) or hours (1.5h)")).toBeVisible();
  await expect(textarea).toHaveValue("Half a day");
  await expect(entries(page)).toHaveCount(1);
});

test("on a phone the header is one row and the timer's, and the first entry shows without scrolling", async ({ page, request }) => {
  await signUp(page, uniqueEmail("phone"));
  await seed(page, request, [{ content: "Yesterday's work", recorded_at: daysAgo(1), duration_seconds: 3600, tags: ["ops"] }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  // The pages and the account in one row; the timer's row (kept whether a timer runs or not) under it.
  const [pagesRow, timerRow] = await page.getByRole("banner").locator(":scope > div").all();
  expect((await pagesRow!.boundingBox())!.height).toBeLessThan(64);
  await expect(timerRow!.getByRole("button", { name: "Start timer" })).toBeVisible();
  expect((await timerRow!.boundingBox())!.height).toBeLessThan(40);
  // Its first lines, not only its top edge.
  const first = await entries(page).first().boundingBox();
  expect(first!.y + 80).toBeLessThan(844);
  // The search and filters wait behind a button above it.
  await expect(page.getByRole("button", { name: "Search and filters" })).toBeInViewport();
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeHidden();
  // The pages fold into a menu; Docs is in it, not cut off.
  await expect(page.getByRole("navigation", { name: "Primary" })).toBeHidden();
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const nav = page.getByRole("navigation", { name: "Menu" });
  await expect(nav.getByRole("link", { name: "Docs" })).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await nav.getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL("/projects");
  await expect(nav).toBeHidden();
});

test("finding: filters apply in place, # is accepted, chips, badges and chart days filter, Back returns, a reversed range is explained", async ({
  page,
  request,
}) => {
  await signUp(page, uniqueEmail("find"));
  await seed(
    page,
    request,
    [
      { content: "Flame graphs of the export", recorded_at: daysAgo(2), tags: ["perf"], duration_seconds: 1800 },
      { content: "Reviewed the design", recorded_at: daysAgo(1), tags: ["design"], inProject: true },
      { content: "Index for the search", recorded_at: daysAgo(0, 9), tags: ["perf", "db"], duration_seconds: 2700 },
    ],
    "Alpha",
  );
  await page.goto("/");
  await expect(entriesHeading(page)).toHaveText("Entries (3)");
  const inPlace = await markDocument(page);

  // / goes to the search, Tab to the button that opens the other filters, Enter opens them and Tab goes
  // on to the tag filter; what is typed applies after a pause, without a page load.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const tagField = filters(page).getByLabel("Any of the tags");
  await pressUntilFocused(page, "/", filters(page).getByLabel("Search"));
  await page.keyboard.press("Tab");
  await expect(filters(page).getByRole("button", { name: "Filters" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(tagField).toBeVisible();
  await pressUntilFocused(page, "Tab", tagField);
  const typedAt = Date.now();
  await page.keyboard.type("#perf");
  await expect(entriesHeading(page)).toHaveText("Entries (2)");
  const filterElapsed = Date.now() - typedAt;
  await expect(page).toHaveURL("/?tags=perf");
  await expect(entries(page)).toHaveCount(2);
  await inPlace();
  test.info().annotations.push({ type: "measure", description: `typing a tag filter to the updated list: ${filterElapsed} ms` });

  // Escape clears the field; Back returns to the previous filters, and the field follows.
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL("/");
  await expect(entriesHeading(page)).toHaveText("Entries (3)");
  await page.goBack();
  await expect(page).toHaveURL("/?tags=perf");
  await expect(entriesHeading(page)).toHaveText("Entries (2)");
  await expect(tagField).toHaveValue("perf");
  await page.goBack();
  await expect(page).toHaveURL("/");
  await expect(entriesHeading(page)).toHaveText("Entries (3)");
  await expect(tagField).toHaveValue("");

  // A tag chip and a project badge filter in place.
  await entries(page).filter({ hasText: "Index for the search" }).getByRole("link", { name: "#db" }).click();
  await expect(page).toHaveURL("/?tags=db");
  await expect(entries(page)).toHaveCount(1);
  await expect(tagField).toHaveValue("db");
  await filters(page).getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL("/");
  await entries(page).filter({ hasText: "Reviewed the design" }).getByRole("link", { name: "AL Alpha" }).click();
  await expect(page).toHaveURL(/\/\?project_id=[0-9a-f-]{36}$/);
  await expect(entries(page)).toHaveCount(1);
  await inPlace();
  await filters(page).getByRole("button", { name: "Clear filters" }).click();

  // A reversed range says why nothing can match.
  await filters(page).getByLabel("From").fill("2026-11-20");
  await filters(page).getByLabel("To").fill("2026-11-02");
  await expect(page.getByRole("alert").filter({ hasText: "is after" })).toBeVisible();
  await expect(page.getByText("No day is in this range", { exact: true })).toBeVisible();
  await filters(page).getByRole("button", { name: "Clear filters" }).click();
  await expect(entries(page)).toHaveCount(3);

  // A day of the chart filters to that day, and again clears it.
  const today = daysAgo(0).slice(0, 10);
  await page.getByRole("button", { name: "Week chart" }).click();
  const day = page.getByRole("button", { name: /Show this day’s entries$/ }).and(page.getByRole("button", { name: /45m/ }));
  await day.click();
  await expect(page).toHaveURL(`/?from=${today}&to=${today}`);
  await expect(entries(page)).toHaveCount(1);
  await expect(day).toHaveAttribute("aria-pressed", "true");
  await day.click();
  await expect(page).toHaveURL("/");
  await inPlace();
  await screenshotPage(page, "worklog-filters");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.emulateMedia({ colorScheme: "light" });
});

test("the chart: values on the bars, each day's breakdown, and the weeks before", async ({ page, request }) => {
  await signUp(page, uniqueEmail("chart"));
  await seed(page, request, [
    { content: "This week", recorded_at: daysAgo(0, 8), duration_seconds: 5400 },
    { content: "Two weeks back", recorded_at: daysAgo(14), duration_seconds: 1200 },
  ]);
  await page.goto("/");
  // The chart waits behind a button above the list.
  await pressUntilFocused(page, "c", composer(page).getByLabel("What did you work on?"));
  await page.getByRole("button", { name: "Week chart" }).click();
  const chart = page.getByRole("region", { name: "This week" });
  await expect(chart.getByRole("button", { name: /^1h 30m .*Show this day’s entries$/ })).toHaveAttribute("title", /No project: 1h 30m/);
  await expect(chart.getByRole("list", { name: "This week, by day" }).getByText("1h 30m", { exact: true })).toBeVisible();
  await chart.getByRole("button", { name: "Previous week" }).click();
  const previous = page.getByRole("region", { name: /^Week of / });
  await expect(previous).toContainText("No time tracked yet");
  await previous.getByRole("button", { name: "Previous week" }).click();
  await expect(previous.getByRole("button", { name: /^20m .*Show this day’s entries$/ })).toBeVisible();
  await previous.getByRole("button", { name: "This week" }).click();
  await expect(page.getByRole("region", { name: "This week" })).toContainText("1h 30m tracked");
  await expect(page.getByRole("region", { name: "This week" }).getByRole("button", { name: "Next week" })).toBeDisabled();
});

test("feedback: a delete takes the count with it and Undo brings the entry back; focus moves on", async ({ page, request }) => {
  await signUp(page, uniqueEmail("undo"));
  await seed(page, request, [
    { content: "Older work", recorded_at: daysAgo(0, 8), duration_seconds: 600 },
    { content: "Newer work", recorded_at: daysAgo(0, 9), duration_seconds: 1200, tags: ["keep"] },
  ]);
  await page.goto("/");
  await expect(entriesHeading(page)).toHaveText("Entries (2)");
  await expect(page.getByText("Total 30m")).toBeVisible();
  const newer = entries(page).filter({ hasText: "Newer work" });
  // An entry's buttons show while the pointer is on it (and in its "…" menu).
  await newer.hover();
  await newer.getByRole("button", { name: /^Delete entry of/ }).click();
  await expect(newer).toHaveCount(0);
  await expect(entriesHeading(page)).toHaveText("Entries (1)");
  await expect(page.getByText("Total 10m")).toBeVisible();
  await expect(entries(page).filter({ hasText: "Older work" })).toBeFocused();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Entry restored")).toBeVisible();
  await expect(entriesHeading(page)).toHaveText("Entries (2)");
  await expect(entries(page).first()).toContainText("Newer work");
  await expect(entries(page).first().getByRole("list", { name: "Tags" })).toHaveText("#keep");
  await expect(page.getByText("Total 30m")).toBeVisible();
  await page.reload();
  await expect(entriesHeading(page)).toHaveText("Entries (2)");
});

test("⌘K: jump to a project or a page, or start a new entry", async ({ page, request }) => {
  await signUp(page, uniqueEmail("palette"));
  await seed(page, request, [], "Alpha");
  await page.goto("/settings/profile");
  const palette = page.getByRole("dialog");
  const input = palette.getByRole("combobox");
  await pressUntilFocused(page, "ControlOrMeta+k", input);
  await page.keyboard.type("alpha");
  await expect(palette.getByRole("option", { name: "AL Alpha" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle("Alpha · Worklog");

  await page.getByRole("button", { name: /^Go to/ }).click();
  await page.keyboard.type("new entry");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/");
  await expect(composer(page).getByLabel("What did you work on?")).toBeFocused();

  await page.keyboard.press("Escape");
  await page.keyboard.press("ControlOrMeta+k");
  await page.keyboard.type("api keys");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/settings/api-keys");
  await page.keyboard.press("ControlOrMeta+k");
  await page.keyboard.type("zzzz-nothing");
  await expect(page.getByText("Nothing matches.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("revoking a key is confirmed by a toast", async ({ page }) => {
  await signUp(page, uniqueEmail("revoke"));
  await page.goto("/settings/api-keys");
  await createKey(page, "short-lived", ["Worklog: Read"]);
  await page.getByRole("button", { name: "Revoke short-lived" }).click();
  await page.getByRole("dialog", { name: "Revoke API key" }).getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("API key revoked: short-lived")).toBeVisible();
});

test("signed out: the header offers only what a visitor can use, and the landing page shows the product", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link")).toHaveText(["Worklog", "Docs", "Sign in", "Sign up"]);
  const sample = page.getByRole("region", { name: "A day of work, as Worklog shows it" });
  await expect(sample.getByRole("article")).toHaveCount(2);
  await expect(sample.locator("strong").first()).toHaveText("double charge");
  // Dated yesterday, whenever it is read, not on a day that grows old.
  await expect(sample.getByRole("heading", { level: 3 })).toHaveText(/^Yesterday · \w{3} \d{1,2} \w{3}$/);
  await screenshotPage(page, "landing");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotPage(page, "landing-dark");
});

test("right after writing, a click on the new entry's tag lands: the composer does not shrink under the pointer", async ({ page }) => {
  await signUp(page, uniqueEmail("click-after-write"));
  await page.goto("/");
  await composer(page).getByLabel("What did you work on?").fill("Wrote the release notes #ops");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(entries(page)).toHaveCount(1);
  // The composer still has the focus, and is open: the press on the tag takes it away.
  await expect(composer(page).getByLabel("What did you work on?")).toBeFocused();
  await entries(page).first().getByRole("link", { name: "#ops" }).click();
  await expect(page).toHaveURL("/?tags=ops");
  await expect(composer(page).getByLabel("What did you work on?")).toHaveAttribute("rows", "1");
});

test("a save that ends while the pointer is down on the new entry's tag leaves the focus and the composer's size to the click", async ({ page }) => {
  await signUp(page, uniqueEmail("save-ends-under-press"));
  await page.goto("/");
  // The save ends once the lists it changed have been loaded again, one server action after
  // another: the entries first, which lists the new entry; the rest are held until the press.
  const releases: (() => void)[] = [];
  let actionsSinceCreate: number | undefined;
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (request.method() === "POST" && request.headers()["next-action"]) {
      if (request.postData()?.includes("Wrote the changelog")) actionsSinceCreate = 0;
      else if (actionsSinceCreate !== undefined && ++actionsSinceCreate > 1) await new Promise<void>((release) => releases.push(release));
    }
    await route.continue();
  });
  const text = composer(page).getByLabel("What did you work on?");
  await text.fill("Wrote the changelog #docs");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(entries(page)).toHaveCount(1);
  await expect.poll(() => releases.length).toBeGreaterThan(0);
  await expect(text).toHaveValue("Wrote the changelog #docs");

  const tag = entries(page).first().getByRole("link", { name: "#docs" });
  const box = await tag.boundingBox();
  if (!box) throw new Error("the tag is not on the screen");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  actionsSinceCreate = undefined;
  for (const release of releases.splice(0)) release();
  await expect(text).toHaveValue("");
  await page.mouse.up();

  await expect(page).toHaveURL("/?tags=docs");
  await expect(text).not.toBeFocused();
  await expect(text).toHaveAttribute("rows", "1");
});
