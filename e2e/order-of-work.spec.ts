import { expect, test, type Page } from "@playwright/test";
import { apiClient, pressUntilFocused, screenshotPage, signUp, uniqueEmail } from "./support";

/** The calendar day (YYYY-MM-DD) `offset` days from today in a time zone. */
function dayInZone(timeZone: string, offset = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** A day as its heading names it when it is neither today nor yesterday, e.g. "Fri 20 Nov" (a year may follow). */
const longDate = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));

const composer = (page: Page) => page.getByRole("region", { name: "New entry" });
const entryList = (page: Page) => page.getByRole("region", { name: /^Entries/ });

async function writeEntry(page: Page, fields: { content: string; when?: string; minutes: string }) {
  const form = composer(page);
  await form.getByLabel("What did you work on?").fill(fields.content);
  if (fields.when) await form.getByLabel("Date and time").fill(fields.when);
  await form.getByLabel("Duration").fill(fields.minutes);
  await form.getByRole("button", { name: "Add entry" }).click();
  await expect(form.getByLabel("What did you work on?")).toHaveValue("");
}

test("a backdated entry lands under its own day, below today's, and each day shows all its tracked time", async ({ page, request }) => {
  await signUp(page, uniqueEmail("order"));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Worklog", level: 1 })).toBeVisible();
  await writeEntry(page, { content: "Reviewed the release notes", minutes: "30" });
  const backdatedDay = dayInZone("UTC", -3);
  // Written after today's entry, about work three days ago.
  await writeEntry(page, { content: "Paired on the importer", when: `${backdatedDay}T09:00`, minutes: "45" });

  const days = entryList(page).getByRole("region");
  await expect(days).toHaveCount(2);
  const today = days.nth(0);
  const backdated = days.nth(1);
  await expect(today.getByRole("heading", { level: 3 })).toHaveText(/^Today · /);
  await expect(backdated.getByRole("heading", { level: 3 })).toHaveText(new RegExp(`^${longDate(backdatedDay)}`));
  await expect(today.getByRole("article")).toHaveText([/Reviewed the release notes/]);
  await expect(backdated.getByRole("article")).toHaveText([/Paired on the importer/]);
  await expect(today).toContainText("Total 30m");
  await expect(backdated).toContainText("Total 45m");

  // 25 more entries on the backdated day: the first page (25 entries) cuts that day in two, and
  // its heading still counts the whole day.
  const post = await apiClient(page, request);
  for (let minute = 1; minute <= 25; minute++) {
    await post("/worklog/entries", {
      content: `Import batch ${minute}`,
      recorded_at: `${backdatedDay}T10:${String(minute).padStart(2, "0")}:00Z`,
      duration_seconds: 60,
    });
  }
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Entries (27)" })).toBeVisible();
  await expect(days).toHaveCount(2);
  await expect(backdated.getByRole("article")).toHaveCount(24);
  await expect(backdated.getByRole("article").first()).toContainText("Import batch 25");
  await expect(backdated).toContainText("Total 1h 10m");
  await screenshotPage(page, "worklog-days");

  await page.getByRole("button", { name: "Load more" }).click();
  await expect(backdated.getByRole("article")).toHaveCount(26);
  await expect(days).toHaveCount(2);
  await expect(backdated).toContainText("Total 1h 10m");
  await expect(backdated.getByRole("article").last()).toContainText("Paired on the importer");

  // Moving an entry to another day moves it under that day's heading, with the totals.
  // An entry's buttons show while the pointer is on it (and in its "…" menu).
  await today.hover();
  await today.getByRole("button", { name: /^Edit entry of/ }).click();
  const editor = page.getByRole("region", { name: /^Edit entry of/ });
  await editor.getByLabel("Date and time").fill(`${backdatedDay}T08:00`);
  await editor.getByRole("button", { name: "Save entry" }).click();
  await expect(days).toHaveCount(1);
  await expect(days.first().getByRole("heading", { level: 3 })).toHaveText(new RegExp(`^${longDate(backdatedDay)}`));
  await expect(days.first()).toContainText("Total 1h 40m");
  await expect(days.first().getByRole("article").last()).toContainText("Reviewed the release notes");
});

test.describe("in a browser in New York", () => {
  test.use({ timezoneId: "America/New_York" });

  test("a new account starts in the browser's time zone; the profile offers it back, and sets the first day of the week", async ({ page }) => {
    await page.goto("/signup");
    await expect(page.getByText("Your days will be counted in your browser’s time zone, America/New York.")).toBeVisible();
    await signUp(page, uniqueEmail("new-york"));

    await page.goto("/settings/profile");
    const timeZone = page.getByLabel("Time zone");
    await expect(timeZone).toHaveValue("America/New_York");
    await expect(page.getByText("Your browser is in")).toHaveCount(0);

    await timeZone.selectOption("UTC");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Profile saved." })).toBeVisible();
    await expect(timeZone).toHaveValue("UTC");
    await expect(page.getByText("Your browser is in America/New York.")).toBeVisible();
    await screenshotPage(page, "profile-browser-time-zone");
    const useIt = page.getByRole("button", { name: "Use America/New York" });
    await useIt.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Now using your browser’s time zone, America/New York." })).toBeVisible();
    await expect(timeZone).toHaveValue("America/New_York");
    await expect(useIt).toHaveCount(0);
    await page.reload();
    await expect(timeZone).toHaveValue("America/New_York");
    await expect(page.getByText("Your browser is in")).toHaveCount(0);

    const weekStart = page.getByLabel("Weeks start on");
    await expect(weekStart).toHaveValue("monday");
    await weekStart.selectOption({ label: "Sunday" });
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Profile saved." })).toBeVisible();
    await expect(weekStart).toHaveValue("sunday");
    await expect(timeZone).toHaveValue("America/New_York");
    await page.reload();
    await expect(weekStart).toHaveValue("sunday");

    await page.goto("/");
    // The week's chart waits behind a button above the list.
    await pressUntilFocused(page, "c", page.getByRole("region", { name: "New entry" }).getByLabel("What did you work on?"));
    await page.getByRole("button", { name: "Week chart" }).click();
    const chart = page.getByRole("table", { name: "Time tracked per day this week, by project" });
    await expect(chart.getByRole("rowheader").first()).toHaveText(/^Sun /);
    await expect(chart.getByRole("rowheader").last()).toHaveText(/^Sat /);

    const today = dayInZone("America/New_York");
    const sunday = dayInZone("America/New_York", -new Date(`${today}T12:00:00Z`).getUTCDay());
    const before = (day: string, count: number) => new Date(new Date(`${day}T12:00:00Z`).getTime() - count * 86_400_000).toISOString().slice(0, 10);
    await page.goto("/recaps");
    const periods = page.getByRole("group", { name: "Period" });
    await expect(periods.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Weeks start on Sunday")).toBeVisible();
    await periods.getByRole("button", { name: "Last week" }).click();
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(before(sunday, 7));
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(before(sunday, 1));
    await expect(periods.getByRole("button", { name: "Last week" })).toHaveAttribute("aria-pressed", "true");
    await periods.getByRole("button", { name: "This week" }).click();
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(sunday);
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(today);
  });
});

test("a repository's page lists the most recent commit first, whatever order they were sent in", async ({ page, request }) => {
  await signUp(page, uniqueEmail("commits"));
  const post = await apiClient(page, request);
  const repository = await post("/repositories", { name: "ordered" });
  const commit = (digit: string, message: string, committed_at: string) => ({ sha: digit.repeat(40), message, committed_at, author_name: "Ada" });
  await post(`/repositories/${repository.id}/commits`, {
    commits: [
      commit("a", "Middle commit", "2026-11-10T12:00:00Z"),
      commit("b", "Newest commit", "2026-11-20T12:00:00Z"),
      commit("c", "Oldest commit", "2026-11-01T12:00:00Z"),
    ],
  });
  // Sent last, committed first: captured late, as a CLI backfilling history does.
  await post(`/repositories/${repository.id}/commits`, { commits: [commit("d", "Backfilled commit", "2026-10-01T12:00:00Z")] });

  await page.goto(`/repositories/${repository.id}`);
  const commits = page.getByRole("region", { name: "Commits (4)" });
  await expect(commits.getByText("By commit time, the newest first.")).toBeVisible();
  await expect(commits.getByRole("list").first().getByRole("listitem")).toHaveText([/Newest commit/, /Middle commit/, /Oldest commit/, /Backfilled commit/]);
});
