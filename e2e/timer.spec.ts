import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatDuration } from "../lib/formatting/time-words";
import { createKey, expectAccessible, pressUntilFocused, screenshotPage, signUp, uniqueEmail } from "./support";

// The timer in the web app (README "The web app"): t starts and stops it, the header and the
// tab's title tick on every page, tabs and devices follow the server, and a timer left running
// over 10 hours asks whether to keep those hours.

const composer = (page: Page) => page.getByRole("region", { name: "New entry" });
const entries = (page: Page) => page.getByRole("region", { name: /^Entries/ }).getByRole("article");
const headerTimer = (page: Page) => page.getByRole("banner").getByRole("group", { name: "Running timer" });

/** Waits for the page's scripts (c focuses the composer once they run), then leaves the focus outside any field. */
async function readyForKeys(page: Page) {
  await pressUntilFocused(page, "c", composer(page).getByLabel("What did you work on?"));
  await page.getByRole("heading", { level: 1, name: "Worklog" }).click();
}

/**
 * Presses the header's Stop once the page's scripts run, and waits for the dialog, however long it
 * takes to load. One press: a second one while the modal dialog opens would wait on a button the
 * dialog has made inert.
 */
async function askToStop(page: Page, dialog: ReturnType<Page["getByRole"]>) {
  await readyForKeys(page);
  await headerTimer(page).getByRole("button", { name: "Stop timer" }).click();
  await expect(dialog).toBeVisible();
}

/** The seconds of a stopwatch's reading ("0:00:07", "11:20:00"). */
function clockSeconds(reading: string | null): number {
  const [hours, minutes, seconds] = reading!.split(":").map(Number);
  return hours! * 3600 + minutes! * 60 + seconds!;
}

/** The timer's REST API with a key made on the settings page: how a test makes a timer that started hours ago. */
async function timerApi(page: Page, request: APIRequestContext) {
  await page.goto("/settings/api-keys");
  const key = await createKey(page, "timer", ["Worklog: All"]);
  const headers = { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` };
  return {
    /**
     * Starts a timer and moves its start back: it keeps running, since only a duration stops it
     * (docs/api.md, "Timer"). Returns its id and its start, in milliseconds since the epoch.
     */
    async startedAgo(seconds: number, content: string) {
      const started = await request.post("/api/v1/worklog/timer", { headers, data: { content } });
      expect(started.status(), await started.text()).toBe(201);
      const { timer } = (await started.json()) as { timer: { id: string } };
      const startedAt = Date.now() - seconds * 1000;
      const moved = await request.put(`/api/v1/worklog/entries/${timer.id}`, { headers, data: { recorded_at: new Date(startedAt).toISOString() } });
      expect(moved.status(), await moved.text()).toBe(200);
      expect(await moved.json()).toMatchObject({ running: true, duration_seconds: null });
      return { id: timer.id, startedAt };
    },
    async stop() {
      expect((await request.post("/api/v1/worklog/timer/stop", { headers })).status()).toBe(200);
    },
    /** How long an entry ran, as the server stored it when it stopped. */
    async durationOf(id: string): Promise<number> {
      const entry = await request.get(`/api/v1/worklog/entries/${id}`, { headers });
      expect(entry.status()).toBe(200);
      return ((await entry.json()) as { duration_seconds: number }).duration_seconds;
    },
  };
}

test("t starts the timer with the composer's words; the header and the title tick on every page, in every tab and after a reload; t stops it", async ({
  page,
  context,
}) => {
  await signUp(page, uniqueEmail("timer"));
  await page.goto("/");
  await readyForKeys(page);
  await composer(page).getByLabel("What did you work on?").fill("Reviewing the release notes #review");
  await page.getByRole("heading", { level: 1, name: "Worklog" }).click();
  const pressedAt = Date.now();
  await page.keyboard.press("t");

  await expect(page.getByText("Timer started")).toBeVisible();
  await expect(headerTimer(page)).toContainText("Reviewing the release notes");
  // It reads the time since the press (however long the machine took to show it).
  await expect(headerTimer(page).getByRole("timer")).toHaveText(/^\d+:\d\d:\d\d$/);
  const first = clockSeconds(await headerTimer(page).getByRole("timer").textContent());
  expect(first).toBeLessThanOrEqual(Math.ceil((Date.now() - pressedAt) / 1000));
  await expect(page).toHaveTitle(/^▶ \d+:\d\d:\d\d · Worklog$/);
  await expect(composer(page).getByLabel("What did you work on?")).toHaveValue("");
  const running = entries(page).first();
  await expect(running.locator("[data-part=time]")).toHaveText(/–running$/);
  await expect(running.getByRole("link", { name: "#review" })).toBeVisible();
  // It ticks: the reading moves on within a couple of seconds.
  const reading = await headerTimer(page).getByRole("timer").textContent();
  await expect(headerTimer(page).getByRole("timer")).not.toHaveText(reading!);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "light" });
  await screenshotPage(page, "timer-running");

  // Editing the running entry's words leaves it running.
  // An entry's buttons show while the pointer is on it (and in its "…" menu).
  await running.hover();
  await running.getByRole("button", { name: /^Edit entry of/ }).click();
  const editor = page.getByRole("region", { name: /^Edit entry of/ });
  await editor.getByLabel("What did you work on?").fill("Reviewing the release notes and the changelog #review");
  await editor.getByRole("button", { name: "Save entry" }).click();
  await expect(page.getByText("Entry saved")).toBeVisible();
  await expect(headerTimer(page)).toContainText("and the changelog");
  await expect(entries(page).first().locator("[data-part=time]")).toHaveText(/–running$/);

  // Another tab of the browser, and another page: the same timer.
  const other = await context.newPage();
  await other.goto("/projects");
  await expect(headerTimer(other)).toContainText("and the changelog");
  await expect(other).toHaveTitle(/^▶ \d+:\d\d:\d\d · Projects · Worklog$/);

  // A reload reads it from the server.
  await page.reload();
  await expect(headerTimer(page)).toBeVisible();
  await expect(page).toHaveTitle(/^▶ \d+:\d\d:\d\d · Worklog$/);

  await readyForKeys(page);
  await page.keyboard.press("t");
  await expect(page.getByText(/^Timer stopped: \d+(s|m)$/)).toBeVisible();
  await expect(headerTimer(page)).toHaveCount(0);
  await expect(page).toHaveTitle("Worklog");
  const stopped = entries(page).first();
  await expect(stopped.locator("[data-part=time]")).not.toContainText("running");
  await expect(stopped.locator("[data-part=duration]")).toHaveText(/^\d+(s|m)$/);
  // The other tab hears of it at once.
  await expect(headerTimer(other)).toHaveCount(0);
  await expect(other).toHaveTitle("Projects · Worklog");

  // Its time is in this week's report, grouped by tag as it was started (#review).
  await page.goto("/reports?group_by=tag");
  const review = page.getByRole("region", { name: "Time by tag" }).getByRole("row", { name: /^#review/ });
  await expect(review.getByRole("cell").nth(2)).toHaveText("1");
  await review.getByRole("link", { name: "#review" }).click();
  await expect(page).toHaveURL(/^.*\/\?tags=review&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
  await expect(entries(page)).toHaveCount(1);
});

test("a timer stopped on another device goes from the header when the window is focused", async ({ page, request }) => {
  await signUp(page, uniqueEmail("timer-device"));
  const api = await timerApi(page, request);
  await api.startedAgo(60, "Started from the CLI");
  await page.goto("/projects");
  await expect(headerTimer(page)).toContainText("Started from the CLI");
  await api.stop();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(headerTimer(page)).toHaveCount(0);
  await expect(page).toHaveTitle("Projects · Worklog");
});

test("a timer that ran over 10 hours asks whether to keep those hours: Cancel, Keep, or a duration set", async ({ page, request }) => {
  await signUp(page, uniqueEmail("timer-long"));
  const api = await timerApi(page, request);
  const overnight = await api.startedAgo(11 * 3600 + 20 * 60, "Left running overnight");
  // The page's clock stands still 11h 20m after the start, whenever the machine gets there; the server's runs on.
  await page.clock.setFixedTime(overnight.startedAt + (11 * 3600 + 20 * 60) * 1000);
  await page.goto("/");
  await expect(headerTimer(page).getByRole("timer")).toHaveText("11:20:00");

  const stopButton = headerTimer(page).getByRole("button", { name: "Stop timer" });
  const dialog = page.getByRole("dialog", { name: "The timer ran 11h 20m. Keep those hours?" });
  await askToStop(page, dialog);
  await expect(dialog.getByRole("button", { name: "Keep 11h 20m" })).toBeFocused();
  await expectAccessible(page);
  await screenshotPage(page, "timer-long", { fullPage: false });

  // A duration is whole hours and minutes; Cancel (or Escape) leaves the timer running, focus back on Stop.
  await dialog.getByLabel("Minutes").fill("75");
  await dialog.getByRole("button", { name: "Set duration" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/Use whole hours/);
  await expect(dialog.getByLabel("Minutes")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(stopButton).toBeFocused();
  await expect(headerTimer(page)).toBeVisible();

  // t asks too; Enter keeps the hours: the time it ran when the server stopped it, which the page then shows.
  await readyForKeys(page);
  await page.keyboard.press("t");
  await expect(dialog.getByRole("button", { name: "Keep 11h 20m" })).toBeFocused();
  await page.keyboard.press("Enter");
  const stopped = page.getByText(/^Timer stopped: /);
  await expect(stopped).toBeVisible();
  const said = await stopped.textContent();
  await expect(headerTimer(page)).toHaveCount(0);
  const kept = await api.durationOf(overnight.id);
  expect(kept).toBeGreaterThanOrEqual(11 * 3600 + 20 * 60);
  expect(kept).toBeLessThanOrEqual(Math.ceil((Date.now() - overnight.startedAt) / 1000));
  expect(said).toBe(`Timer stopped: ${formatDuration(kept)}`);
  await expect(entries(page).filter({ hasText: "Left running overnight" })).toContainText(formatDuration(kept));

  // Or sets how long the work took.
  const forgotten = await api.startedAgo(12 * 3600, "Forgot to stop it");
  await page.clock.setFixedTime(forgotten.startedAt + 12 * 3600 * 1000);
  await page.reload();
  const asked = page.getByRole("dialog", { name: "The timer ran 12h. Keep those hours?" });
  await askToStop(page, asked);
  await asked.getByLabel("Hours").fill("7");
  await asked.getByLabel("Minutes").fill("45");
  await asked.getByLabel("Minutes").press("Enter");
  await expect(page.getByText("Timer stopped: 7h 45m")).toBeVisible();
  await expect(entries(page).filter({ hasText: "Forgot to stop it" })).toContainText("7h 45m");
  await expect(headerTimer(page)).toHaveCount(0);
});
