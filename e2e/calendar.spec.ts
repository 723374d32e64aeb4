import { expect, test } from "@playwright/test";
import { expectAccessible, signUp, uniqueEmail } from "./support";

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
