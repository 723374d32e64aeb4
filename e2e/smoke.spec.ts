import { expect, test } from "@playwright/test";
import { screenshotPage } from "./support";

test("the home page introduces Worklog and offers sign-up", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Worklog");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A visitor is offered what works without an account: the docs, signing in and up.
  const navigation = page.getByRole("banner").getByRole("navigation");
  await expect(navigation.getByRole("link", { name: "Docs" })).toBeVisible();
  await expect(navigation.getByRole("link", { name: "Projects" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign up" }).first()).toHaveAttribute("href", "/signup");
  await expect(page.getByRole("contentinfo")).toContainText("Worklog");
  await screenshotPage(page, "home");
});

test("an unknown page shows the friendly 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Worklog" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("keyboard users can skip to the content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: /skip to content/i });
  await expect(skip).toBeFocused();
  await skip.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});
