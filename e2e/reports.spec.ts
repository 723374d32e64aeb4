import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { apiClient, screenshotPage, showWeekChart, signUp, uniqueEmail } from "./support";

// The reports page (README, "Reports"): presets, the chart and the table, each leading to the
// worklog filtered to it, the CSV of the table, the empty state and the phone layout. The
// browser and the account are in UTC, with weeks from Monday.

const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** This week's Monday and Sunday, as the preset computes them. */
function thisWeek(): { from: string; to: string } {
  const sinceMonday = (new Date().getUTCDay() + 6) % 7;
  return { from: day(-sinceMonday), to: day(6 - sinceMonday) };
}

const breakdown = (page: Page) => page.getByRole("region", { name: /^Time by (project|tag|source)$/ });
const entriesHeading = (page: Page) => page.getByRole("heading", { name: /^Entries/ });

test("this week's report: the project's row and today's bar lead to the worklog filtered to them; the CSV holds the table", async ({ page, request }) => {
  await signUp(page, uniqueEmail("reports"));
  const post = await apiClient(page, request, ["Project: All", "Worklog: All"]);
  const project = await post("/projects", { name: "Reporting" });
  await post("/worklog/entries", { content: "Drew the chart", project_id: project.id, tags: ["ui"], duration_seconds: 5400 });
  await post("/worklog/entries", { content: "Wrote the table", project_id: project.id, tags: ["ui", "a11y"], duration_seconds: 2700 });
  await post("/worklog/entries", { content: "Answered mail", duration_seconds: 1800 });
  // A week ago: last week's figure, which this week's change is against.
  await post("/worklog/entries", {
    content: "Planned the reports",
    project_id: project.id,
    duration_seconds: 3600,
    recorded_at: new Date(Date.now() - 7 * 86_400_000).toISOString(),
  });

  await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL("/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByRole("link", { name: "This week" })).toHaveAttribute("aria-current", "true");
  const row = breakdown(page).getByRole("row", { name: /^Reporting/ });
  await expect(row.getByRole("cell")).toHaveText(["2h 15m", "82%", "2", "+1h 15m (+125%)"]);
  await expect(
    breakdown(page)
      .getByRole("row", { name: /^No project/ })
      .getByRole("cell"),
  ).toHaveText(["30m", "18%", "1", "+30m (new)"]);
  await expect(
    breakdown(page)
      .getByRole("row", { name: /^Total/ })
      .getByRole("cell"),
  ).toHaveText(["2h 45m", "100%", "3", "+1h 45m (+175%)"]);
  await screenshotPage(page, "reports");

  // The row leads to the worklog filtered to its project and the period.
  const week = thisWeek();
  await row.getByRole("link", { name: "Reporting" }).click();
  await expect(page).toHaveURL(`/?project_id=${project.id}&from=${week.from}&to=${week.to}`);
  await expect(entriesHeading(page)).toHaveText("Entries (2)");

  // Today's bar, reached with the keyboard, leads to today's entries.
  await page.goBack();
  const bar = page.getByRole("region", { name: "Time by day" }).getByRole("link", { name: /^2h 45m / });
  await bar.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/?from=${day()}&to=${day()}`);
  await expect(entriesHeading(page)).toHaveText("Entries (3)");

  // By tag, a filter, and the CSV of that table; the URL keeps every choice.
  await page.goto("/reports?preset=this-week");
  await page.getByRole("link", { name: "Tag", exact: true }).click();
  await expect(page).toHaveURL("/reports?group_by=tag");
  await expect(breakdown(page).getByRole("row", { name: /^#ui/ }).getByRole("cell").first()).toHaveText("2h 15m");
  await page.getByRole("combobox", { name: "Project" }).selectOption(project.id as string);
  await expect(page).toHaveURL(`/reports?group_by=tag&project_id=${project.id}`);
  await expect(
    breakdown(page)
      .getByRole("row", { name: /^Total/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("2h 15m");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`worklog-report-${week.from}-to-${week.to}-by-tag.csv`);
  const csv = readFileSync((await download.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(csv).toEqual([
    "tag,hours,share_percent,entries,previous_hours,change_hours,change_percent",
    "#ui,2.25,100,2,0,2.25,",
    "#a11y,0.75,33.3,1,0,0.75,",
    "No tag,0,0,0,1,-1,-100",
    "Total,2.25,100,2,1,1.25,125",
  ]);
});

test("a period without entries says so; the header keeps one row beside Reports; on a phone the report does not scroll sideways; the CSV needs a session", async ({
  page,
  request,
}) => {
  await signUp(page, uniqueEmail("reports-empty"), "Augusta Ada King, Countess of Lovelace");
  // The narrowest width that shows the pages' links in the header, with a long name.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto("/reports?from=2020-01-01&to=2020-01-31");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await expect(page.getByRole("link", { name: "Custom" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByText(/^No entries were written in 1–31 Jan 2020$/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the worklog" })).toHaveAttribute("href", "/");

  const post = await apiClient(page, request, ["Project: All", "Worklog: All"]);
  const project = await post("/projects", { name: "A project with a rather long name to wrap on a phone" });
  await post("/worklog/entries", { content: "Work", project_id: project.id, tags: ["phone"], duration_seconds: 36_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/reports", "/reports?preset=this-month", "/reports?preset=this-year&group_by=tag"]) {
    await page.goto(path);
    await expect(breakdown(page).getByRole("row", { name: /^Total/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  // The worklog's week chart holds the same kind of table for screen readers, as wide as the project's name.
  await page.goto("/");
  await showWeekChart(page);
  await expect(page.getByRole("heading", { name: "This week" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const signedOut = await request.get("/reports/csv");
  expect(signedOut.status()).toBe(401);
});
