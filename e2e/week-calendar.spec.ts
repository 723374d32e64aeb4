import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createKey, expectAccessible, showWeekChart, signUp, uniqueEmail } from "./support";

// The week view as a calendar (issue 46): blocks in their project's colour, overlapping ones side by
// side and large enough to hit, a running entry in the evening shown with a line for now; a
// project's colour the same on the worklog, the week view and Reports; Reports' month chart
// showing today. At a desktop's and a phone's size, in light and dark. The account is in UTC.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A day of last week, at any hour: its entries are in the past whenever the test runs. */
const workday = day(-7);
const week = (page: Page) => page.getByRole("region", { name: /–|day \d/ }).filter({ has: page.getByRole("button", { name: /Previous (week|day)/ }) });

type Api = (method: "POST" | "PUT", path: string, data: unknown) => Promise<{ id: string; [field: string]: unknown }>;

async function api(page: Page): Promise<Api> {
  await page.goto("/settings/api-keys");
  const key = await createKey(page, "seed", ["Project: All", "Worklog: All"]);
  const headers = { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` };
  return async (method, path, data) => {
    const response = await page.request.fetch(`/api/v1${path}`, { method, headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
}

/** A computed colour of the element, as the browser resolves it. */
const colourOf = (locator: Locator, property: "backgroundColor" | "borderLeftColor" | "fill") =>
  locator.evaluate((element, name) => getComputedStyle(element)[name], property);

/** axe's WCAG 2.2 rule on targets' size (off by default): no block or button of the week smaller than 24 px, or too near another. */
async function expectTargetsLargeEnough(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include("[data-week-scroller]").withRules(["target-size"]).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The sidebar week chart's value labels: one line each, none over a bar or over another label. */
async function expectChartLabelsApart(page: Page) {
  const days = page.getByRole("list", { name: /, by day$/ });
  await expect(days.getByRole("button").first()).toBeVisible();
  const { labels, bars } = await days.evaluate((list) => ({
    labels: [...list.querySelectorAll("li span > span")].filter((label) => label.textContent).map((label) => label.getBoundingClientRect().toJSON()),
    bars: [...list.querySelectorAll("li svg")].map((bar) => bar.getBoundingClientRect().toJSON()),
  }));
  type Box = { left: number; right: number; top: number; bottom: number; height: number };
  const meet = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  expect(labels.length).toBeGreaterThan(0);
  for (const [index, label] of (labels as Box[]).entries()) {
    expect(label.height).toBeLessThanOrEqual(18);
    for (const bar of bars as Box[]) expect(meet(label, bar)).toBe(false);
    for (const other of (labels as Box[]).slice(index + 1)) expect(meet(label, other)).toBe(false);
  }
}

const sizes = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of sizes) {
  test(`the week as a calendar, one colour per project, the month's chart with today (${name})`, async ({ page }) => {
    // Two schemes laid out and checked with axe: a bound on a hang that a slow machine meets.
    test.setTimeout(480_000);
    await signUp(page, uniqueEmail(`calendar-${name}`));
    await page.setViewportSize(viewport);
    const call = await api(page);
    const billing = await call("POST", "/projects", { name: "Billing", identifier: "BIL" });
    const engine = await call("POST", "/projects", { name: "Engine", identifier: "ENG" });
    const docs = await call("POST", "/projects", { name: "Docs", identifier: "DOC" });
    // Three entries over one another, 10:00–11:30 on the workday; a timer started there at 19:20.
    await call("POST", "/worklog/entries", { content: "Invoices", recorded_at: `${workday}T11:00:00Z`, duration_seconds: 3600, project_id: billing.id });
    await call("POST", "/worklog/entries", { content: "Parser", recorded_at: `${workday}T11:30:00Z`, duration_seconds: 3600, project_id: engine.id });
    await call("POST", "/worklog/entries", { content: "Guide", recorded_at: `${workday}T11:15:00Z`, duration_seconds: 1800, project_id: docs.id });
    const { timer } = (await call("POST", "/worklog/timer", { content: "Evening fix", project_id: billing.id })) as unknown as { timer: { id: string } };
    await call("PUT", `/worklog/entries/${timer.id}`, { recorded_at: `${workday}T19:20:00Z` });
    // Today's Billing time, for the worklog's first rows and this month's report; long days before it, for wide labels in the week chart.
    await call("POST", "/worklog/entries", { content: "Billing today", duration_seconds: 2700, project_id: billing.id });
    for (let offset = 1; offset < 7; offset++)
      await call("POST", "/worklog/entries", {
        content: "Long day",
        recorded_at: `${day(-offset)}T18:45:00Z`,
        duration_seconds: 38_700,
        project_id: engine.id,
      });

    // The browser's clock at 20:05 on the workday: the timer has run 45 minutes, and the line for now is there.
    await page.clock.setFixedTime(new Date(`${workday}T20:05:00Z`));

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/?view=week&date=${workday}`);
      const calendar = week(page);
      const scroller = calendar.locator("[data-week-scroller]");
      const blocks = ["Invoices", "Parser", "Guide"].map((text) => calendar.getByRole("button", { name: new RegExp(`^Edit: ${text},`) }));
      for (const block of blocks) await expect(block).toBeVisible();

      // Side by side, none over another, each at least 24 px both ways.
      const boxes = await Promise.all(blocks.map(async (block) => (await block.boundingBox())!));
      for (const box of boxes) {
        expect(box.width).toBeGreaterThanOrEqual(24);
        expect(box.height).toBeGreaterThanOrEqual(24);
      }
      const spans = boxes.map((box) => [box.x, box.x + box.width] as const).sort((a, b) => a[0] - b[0]);
      for (let index = 1; index < spans.length; index++) expect(spans[index]![0]).toBeGreaterThanOrEqual(spans[index - 1]![1] - 0.5);

      // The running entry and the line for now, within what the calendar shows without scrolling it.
      const running = calendar.getByRole("button", { name: /^Edit: Evening fix, 7:20\sPM–now/ });
      await expect(running).toHaveAttribute("data-running", "true");
      const shown = (await scroller.boundingBox())!;
      const now = calendar.locator("[data-now]");
      await expect(now).toHaveCount(1);
      for (const part of [running, now]) {
        const box = (await part.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(shown.y);
        expect(box.y + box.height).toBeLessThanOrEqual(shown.y + shown.height);
      }
      // The days are on one line each.
      for (const header of await calendar.locator("[data-day]:not([role])").all()) expect((await header.boundingBox())!.height).toBeLessThanOrEqual(42);

      // An empty slot is reached with the keyboard and starts an entry there.
      // An empty slot is reached with the keyboard (its day's + button, the first free half-hour shown, 7:00 AM), moved with ↓, and starts an entry there.
      const add = calendar.locator(`[role="group"][data-day="${workday}"]`).getByRole("button", { name: /^Add an entry on / });
      await expect(add).toHaveAttribute("aria-label", /at 7:00\sAM$/);
      await add.focus();
      await page.keyboard.press("ArrowDown");
      await expect(add).toHaveAttribute("aria-label", /at 7:30\sAM$/);
      await expect(add).toBeInViewport();
      // The dark scheme changes colours alone: its pass checks the rules about colours.
      await expectAccessible(page, { coloursOnly: scheme === "dark" });
      if (scheme === "light") await expectTargetsLargeEnough(page);
      await page.keyboard.press("Enter");
      const starter = page.getByRole("dialog", { name: "New entry" });
      await expect(starter.getByLabel("Date and time")).toHaveValue(`${workday}T08:00`);
      await expect(starter.getByLabel("Duration")).toHaveValue("30");
      await page.keyboard.press("Escape");
      await expect(starter).toBeHidden();

      // One colour for Billing: its blocks here, its badge's dot in the list, its bars and swatch in Reports.
      const weekColour = await colourOf(calendar.locator(`[data-kind="block"][data-project-colour="${billing.id}"]`).first(), "borderLeftColor");
      expect(weekColour).not.toBe(await colourOf(calendar.locator(`[data-project-colour="${engine.id}"]`).first(), "borderLeftColor"));
      await page.goto("/");
      const rows = page.getByRole("region", { name: /^Entries/ });
      await expect(rows.getByText("Billing today")).toBeVisible();
      expect(await colourOf(rows.locator(`[data-project-colour="${billing.id}"]`).first(), "backgroundColor")).toBe(weekColour);
      // The week chart's labels: each on one line, above the bars, none over another; this week and the one before.
      await showWeekChart(page);
      if (name === "phone") await page.getByRole("button", { name: "Show the days" }).click();
      await expectChartLabelsApart(page);
      await page
        .getByRole("region", { name: /^This week/ })
        .getByRole("button", { name: "Previous week" })
        .click();
      await expect(page.getByRole("heading", { name: /^Week of / })).toBeVisible();
      await expectChartLabelsApart(page);
      await page.goto("/reports?preset=this-month");
      const chart = page.getByRole("region", { name: "Time by day" });
      expect(await colourOf(chart.locator(`rect[data-project-colour="${billing.id}"]`).first(), "fill")).toBe(weekColour);
      const table = page.getByRole("region", { name: "Time by project" });
      expect(await colourOf(table.locator(`[data-project-colour="${billing.id}"]`), "backgroundColor")).toBe(weekColour);

      // The month's chart fits its width: today's bar is on the screen, as is the last day's.
      const today = chart.locator("li[data-current]");
      await expect(today).toHaveCount(1);
      await chart.getByRole("list").scrollIntoViewIfNeeded();
      await expect(today).toBeInViewport({ ratio: 1 });
      await expect(chart.getByRole("listitem").last()).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // Its value labels stay within their bars' columns: none over another.
      const labels = await chart.getByRole("listitem").evaluateAll((items) =>
        items.map((item) => {
          const label = item.querySelector("span")!.getBoundingClientRect();
          const column = item.getBoundingClientRect();
          return label.left >= column.left - 0.5 && label.right <= column.right + 0.5;
        }),
      );
      expect(labels.every(Boolean)).toBe(true);
      await expectAccessible(page, { coloursOnly: scheme === "dark" });
    }
  });
}
