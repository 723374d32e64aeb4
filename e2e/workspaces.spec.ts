import { expect, test, type Page } from "@playwright/test";
import { composer, expectAccessible, pressUntilFocused, signUp, uniqueEmail, worklogEntries } from "./support";

const entries = worklogEntries;

async function writeEntry(page: Page, content: string) {
  const field = composer(page).getByLabel("What did you work on?");
  await field.fill(content);
  await composer(page).getByRole("button", { name: "Add entry" }).click();
  await expect(field).toHaveValue("");
  await expect(entries(page).filter({ hasText: content })).toHaveCount(1);
}

const switcher = (page: Page) => page.getByRole("button", { name: /Switch workspace/ });

test("a workspace is created from the switcher, lives at its own URL, and two tabs on two workspaces never mix", async ({ page, browser }) => {
  const email = uniqueEmail("switcher");
  await signUp(page, email, "Grace Hopper");
  await page.goto("/");
  await expect(switcher(page)).toHaveAccessibleName("Workspace: Grace Hopper's workspace. Switch workspace");

  // Created by keyboard alone: the switcher opens, its form takes the name, Enter creates.
  await pressUntilFocused(page, "Tab", switcher(page));
  await page.keyboard.press("Enter");
  await page.getByLabel("New workspace").fill("Payments team");
  await expectAccessible(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/w\/payments-team$/);
  await expect(switcher(page)).toHaveAccessibleName("Workspace: Payments team. Switch workspace");

  // Every link of the team's page stays in it, and the page a link opens is the team's.
  const primary = page.getByRole("navigation", { name: "Primary" });
  await expect(primary.getByRole("link", { name: "Worklog" })).toHaveAttribute("aria-current", "page");
  await expect(primary.getByRole("link", { name: "Reports" })).toHaveAttribute("href", "/w/payments-team/reports");
  await expect(primary.getByRole("link", { name: "Docs" })).toHaveAttribute("href", "/docs");
  await writeEntry(page, "Reviewed the refund flow with the team");
  await primary.getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/w\/payments-team\/projects$/);
  await expect(primary.getByRole("link", { name: "Projects" })).toHaveAttribute("aria-current", "page");

  // A second tab on the personal workspace: each tab writes and reads its own, also after reloads.
  const personal = await page.context().newPage();
  await personal.goto("/");
  await expect(switcher(personal)).toHaveAccessibleName("Workspace: Grace Hopper's workspace. Switch workspace");
  await writeEntry(personal, "Wrote my own notes");
  await page.goto("/w/payments-team");
  await expect(entries(page).filter({ hasText: "Reviewed the refund flow with the team" })).toHaveCount(1);
  await expect(entries(page).filter({ hasText: "Wrote my own notes" })).toHaveCount(0);
  await personal.reload();
  await expect(entries(personal).filter({ hasText: "Wrote my own notes" })).toHaveCount(1);
  await expect(entries(personal).filter({ hasText: "Reviewed the refund flow" })).toHaveCount(0);

  // Switching from the menu, and from ⌘K.
  await switcher(personal).click();
  await personal.getByRole("link", { name: /Payments team/ }).click();
  await expect(personal).toHaveURL(/\/w\/payments-team$/);
  await personal.keyboard.press("ControlOrMeta+k");
  await personal.getByRole("option", { name: "Switch to Grace Hopper's workspace" }).click();
  await expect(personal).toHaveURL(/:\d+\/$/);
  await expect(entries(personal).filter({ hasText: "Wrote my own notes" })).toHaveCount(1);

  // A pasted link to a workspace one is not a member of is a page not found, for any account.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await signUp(strangerPage, uniqueEmail("stranger"), "Alan Turing");
  const response = await strangerPage.goto("/w/payments-team/projects");
  expect(response?.status()).toBe(404);
  await expect(strangerPage.getByRole("heading", { name: /not found/i })).toBeVisible();
  await expect(strangerPage.getByText("Reviewed the refund flow")).toHaveCount(0);
  await expect(switcher(strangerPage)).toHaveAccessibleName("Switch workspace");
  await stranger.close();
});
