import { expect, test } from "@playwright/test";
import { expectAccessible, signUp, startReceiver, uniqueEmail } from "./support";

test("a standup schedule to Slack is created, listed with its next run, run now, delivered in mrkdwn with an absolute share link, and disabled", async ({
  page,
}) => {
  const { origin, received, close } = await startReceiver();
  try {
    await signUp(page, uniqueEmail("schedules"));
    const composer = page.getByRole("region", { name: "New entry" });
    await composer.getByLabel("What did you work on?").fill("Wired the **scheduled** recaps");
    await composer.getByRole("button", { name: "Add entry" }).click();
    await expect(composer.getByLabel("What did you work on?")).toHaveValue("");

    await page.goto("/settings/schedules");
    // In the list's region: while the page streams in, a hidden copy of its text may be there too.
    await expect(page.getByRole("region", { name: "Your schedules" }).getByText("No schedules yet")).toBeVisible();
    // The form in its region too: a hidden copy of it was there once, beside the one in view.
    const form = page.getByRole("region", { name: "Create a schedule" });
    await form.getByLabel("Template").selectOption("Standup");
    await form.getByLabel("Period").selectOption("Today");
    await form.getByLabel("Saturday").check();
    await form.getByLabel("Sunday").check();
    await form.getByLabel("Time").fill("08:45");
    await form.getByLabel("Send to").selectOption("Slack URL");
    // An internal address is refused, as a webhook's is.
    await form.getByLabel("Slack incoming-webhook URL").fill("http://10.0.0.1/refused");
    await form.getByRole("button", { name: "Create schedule" }).click();
    await expect(page.getByText(/The URL resolves to 10\.0\.0\.1, which is private/)).toBeVisible();
    await form.getByLabel("Slack incoming-webhook URL").fill(`${origin}/slack`);
    await form.getByRole("button", { name: "Create schedule" }).click();
    await expect(page.getByText("Schedule created")).toBeVisible();

    const schedule = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Standup of today" }) });
    await expect(schedule).toContainText("Mon, Tue, Wed, Thu, Fri, Sat, Sun at 8:45\u202fAM");
    await expect(schedule.getByTestId("schedule-next-run")).toContainText("8:45");
    await expect(schedule.getByTestId("schedule-last-run")).toHaveText("Not run yet");
    await expectAccessible(page);

    await schedule.getByRole("button", { name: "Run now: Standup of today" }).click();
    await expect(page.getByText("Run started: the recap is being made")).toBeVisible();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const { text } = JSON.parse(received[0]!.body) as { text: string };
    expect(text).toContain("• Wired the *scheduled* recaps");
    expect(text).not.toContain("**");
    const link = /<(http:\/\/[^|>]+\/r\/[0-9A-Za-z]{22})\|Open the recap>$/.exec(text)?.[1];
    expect(link).toBeDefined();

    await expect(async () => {
      await page.reload();
      await expect(schedule.getByTestId("schedule-last-run")).toContainText("Delivered", { timeout: 1_000 });
    }).toPass();
    await expect(schedule.getByRole("link", { name: "Open the recap" })).toBeVisible();

    await schedule.getByRole("button", { name: "Disable Standup of today" }).click();
    await expect(page.getByText("Schedule disabled")).toBeVisible();
    await expect(schedule.getByTestId("schedule-next-run")).toHaveText("Disabled");

    await page.goto(new URL(link!).pathname);
    await expect(page.getByText("Wired the")).toBeVisible();
  } finally {
    await close();
  }
});
