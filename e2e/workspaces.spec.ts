import { expect, test, type Page } from "@playwright/test";
import { waitForMessageTo } from "../tests/support/mailbox";
import { composer, expectAccessible, password, pressUntilFocused, signUp, uniqueEmail, worklogEntries, writeEntry } from "./support";

const entries = worklogEntries;

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

test("a team lead invites by email, the newcomer joins and writes, the lead sees it by author, makes them a viewer, and removes them", async ({
  page,
  browser,
}) => {
  const inviteeEmail = uniqueEmail("team-newcomer");
  await signUp(page, uniqueEmail("team-lead"), "Grace Hopper");
  await switcher(page).click();
  await page.getByLabel("New workspace").fill("Billing team");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/w\/billing-team(-\d+)?$/);
  const base = new URL(page.url()).pathname;

  await page.goto(`${base}/settings/members`);
  await page.getByRole("textbox", { name: "Email" }).fill(inviteeEmail);
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("member");
  await page.getByRole("button", { name: "Create invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation emailed to ${inviteeEmail}` })).toBeVisible();

  // The newcomer follows the emailed link in a browser of their own, signs up through it and joins.
  const message = await waitForMessageTo(inviteeEmail);
  expect(message.subject).toBe("Grace Hopper invited you to Billing team on Worklog");
  const newcomerContext = await browser.newContext();
  const newcomer = await newcomerContext.newPage();
  await newcomer.goto(new URL(message.links[0]!).pathname);
  await newcomer.getByRole("link", { name: "Create an account" }).click();
  await newcomer.getByLabel("Name").fill("Alan Turing");
  await newcomer.getByLabel("Password").fill(password);
  await newcomer.getByRole("button", { name: "Create account" }).click();
  await newcomer.getByRole("button", { name: "Accept and join" }).click();
  await newcomer.getByRole("link", { name: "Open Billing team" }).click();
  await expect(newcomer).toHaveURL(new RegExp(`${base}$`));
  await writeEntry(newcomer, "Reconciled the March invoices");

  // The lead's worklog shows it with its author; m shows only the lead's own, and m again everyone's.
  await page.goto(base);
  const theirs = entries(page).filter({ hasText: "Reconciled the March invoices" });
  await expect(theirs.getByRole("link", { name: "By Alan Turing" })).toHaveAttribute("title", "Written by Alan Turing: show only their entries");
  await expect(theirs.getByRole("link", { name: "By Alan Turing" })).toHaveText(/AT/);
  await page.locator("body").press("m");
  await expect(page).toHaveURL(/author_id=me/);
  await expect(theirs).toHaveCount(0);
  await page.locator("body").press("m");
  await expect(theirs).toHaveCount(1);
  await expectAccessible(page);

  // Made a viewer, the newcomer's worklog has no composer on their next load.
  await page.goto(`${base}/settings/members`);
  await page.getByRole("combobox", { name: "Role of Alan Turing" }).selectOption("viewer");
  await page.getByRole("button", { name: "Change role of Alan Turing" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Make viewer" }).click();
  await expect(page.getByText("Alan Turing is now viewer")).toBeVisible();
  await newcomer.reload();
  await expect(entries(newcomer).filter({ hasText: "Reconciled the March invoices" })).toHaveCount(1);
  await expect(composer(newcomer)).toHaveCount(0);

  // Removed, their next request is refused; their entry stays, with its author.
  await page.getByRole("button", { name: "Remove Alan Turing" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByRole("rowheader", { name: "Alan Turing", exact: true })).toHaveCount(0);
  const refused = await newcomer.goto(base);
  expect(refused?.status()).toBe(404);
  await newcomerContext.close();
  await page.goto(base);
  await expect(theirs.getByRole("link", { name: "By Alan Turing" })).toBeVisible();
});
