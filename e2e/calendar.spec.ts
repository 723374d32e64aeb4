import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { expectAccessible, pressUntilFocused, screenshotPage, signUp, uniqueEmail, worklogEntries } from "./support";

test("Settings → Calendar explains how to subscribe, passes axe, shows a new feed's URL once with a copy button, and revokes it", async ({ page }) => {
  await signUp(page, uniqueEmail("calendar"));
  await page.goto("/settings/calendar");
  await expect(page.getByRole("heading", { name: "Calendar", exact: true })).toBeVisible();
  for (const app of ["Google Calendar", "Outlook", "Apple Calendar"]) await expect(page.getByText(`Subscribe in ${app}:`)).toBeVisible();
  await expect(page.getByTestId("calendar-feed-state")).toHaveText("You have no calendar feed.");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Create a feed URL" }).click();
  const field = page.getByTestId("calendar-feed-url");
  await expect(field).toHaveValue(/\/cal\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
  const url = await field.inputValue();
  const path = new URL(url).pathname;
  const feed = await page.request.get(path);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toContain("BEGIN:VCALENDAR");
  await expectAccessible(page);
  await screenshotPage(page, "calendar-settings");

  // Shown once: a new visit tells only that a feed exists.
  await page.reload();
  await expect(page.getByTestId("calendar-feed-url")).toHaveCount(0);
  await expect(page.getByTestId("calendar-feed-state")).toContainText("You have a feed");

  await page.getByRole("button", { name: "Revoke the feed" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke feed" }).click();
  await expect(page.getByText("Calendar feed revoked")).toBeVisible();
  await expect(page.getByTestId("calendar-feed-state")).toHaveText("You have no calendar feed.");
  expect((await page.request.get(path)).status()).toBe(404);
});

test("a calendar added in Settings → Calendar is fetched, and its past meeting is suggested with a calendar label and logged with its length", async ({
  page,
}) => {
  const start = new Date(Date.now() - 90 * 60_000);
  const end = new Date(Date.now() - 30 * 60_000);
  const icsTime = (instant: Date) =>
    instant
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  const body = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Tests//Tests//EN",
    "BEGIN:VEVENT",
    "UID:retro@tests",
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    "SUMMARY:Team retrospective",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  const calendarServer = createServer((_request, response) => response.writeHead(200, { "content-type": "text/calendar" }).end(body));
  await new Promise<void>((resolve) => calendarServer.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(calendarServer.address() as AddressInfo).port}/team.ics`;
  try {
    await signUp(page, uniqueEmail("calendar-subscriptions"));
    await page.goto("/settings/calendar");
    await page.getByLabel("Calendar URL").fill(url);
    await page.getByLabel("Name").fill("Team");
    await page.getByRole("button", { name: "Add calendar" }).click();
    const listed = page.getByRole("list", { name: "Your calendars" }).getByRole("listitem").filter({ hasText: url });
    await expect(listed).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(listed.getByText(/^Last fetched/)).toBeVisible({ timeout: 1_000 });
    }).toPass();

    await page.goto("/");
    await pressUntilFocused(page, "c", page.getByRole("region", { name: "New entry" }).getByLabel("What did you work on?"));
    await page.getByRole("button", { name: "Suggested entries (1)" }).click();
    const suggestion = page.getByRole("article", { name: "Team retrospective" });
    await expect(suggestion.getByText("Suggested from your calendar · Team")).toBeVisible();
    // Its time and length, as logging it records them.
    await expect(suggestion.getByText(/ · 1h$/)).toBeVisible();
    await screenshotPage(page, "calendar-suggestion", { fullPage: false });
    await suggestion.getByRole("button", { name: "Log as is" }).click();
    await expect(page.getByText("Entry added")).toBeVisible();
    await expect(page.getByRole("article", { name: "Team retrospective" })).toHaveCount(0);
    await expect(worklogEntries(page).filter({ hasText: "Team retrospective" })).toContainText("1h");
  } finally {
    await new Promise<void>((resolve) => calendarServer.close(() => resolve()));
  }
});
