import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { pressUntilFocused, screenshotPage, signUp, uniqueEmail } from "./support";

/** An hour ago: the push's commit is today's work, which the worklog suggests above today. */
const committedAt = new Date(Date.now() - 3_600_000).toISOString();

const push = {
  ref: "refs/heads/main",
  after: "b5a2c96250612366ea272ffac6d9744aaf4b45aa",
  repository: { clone_url: "https://github.com/Codertocat/Hello-World.git", html_url: "https://github.com/Codertocat/Hello-World", default_branch: "main" },
  commits: [
    {
      id: "b5a2c96250612366ea272ffac6d9744aaf4b45aa",
      message: "Add the pricing page",
      timestamp: committedAt,
      url: "https://github.com/Codertocat/Hello-World/commit/b5a2c96250612366ea272ffac6d9744aaf4b45aa",
      author: { name: "Codertocat", email: "codertocat@example.com" },
    },
  ],
};

test("an incoming hook is created from the keyboard, shows its secret once, turns a signed push into a suggestion that Log makes an entry of, and is deleted", async ({
  page,
  request,
}) => {
  await signUp(page, uniqueEmail("hooks"));
  await page.goto("/settings/integrations");
  await expect(page.getByText("No incoming hooks yet")).toBeVisible();

  await page.getByLabel("Forge").selectOption("github");
  await page.getByLabel("Name").fill("Codertocat");
  await page.getByLabel("Name").press("Enter");
  const secret = page.getByTestId("new-hook-secret");
  await expect(secret).toHaveValue(/^wlh_[0-9A-Za-z]{40}$/);
  await expect(secret).toBeFocused();
  await expect(page.getByText("Hook created: Codertocat")).toBeVisible();
  await expect(page.getByText("Settings → Webhooks → Add webhook")).toBeVisible();
  const url = await page.getByTestId("new-hook-url").inputValue();
  expect(url).toMatch(/\/api\/hooks\/[0-9a-f-]{36}$/);

  const body = JSON.stringify(push);
  const delivered = await request.post(new URL(url).pathname, {
    headers: {
      "content-type": "application/json",
      "x-github-event": "push",
      "x-github-delivery": "e2e-delivery",
      "x-hub-signature-256": `sha256=${createHmac("sha256", await secret.inputValue())
        .update(body)
        .digest("hex")}`,
    },
    data: body,
  });
  expect(delivered.status(), await delivered.text()).toBe(200);

  // The pushed commit is suggested in the strip above the list; Log writes the entry with it attached.
  await page.goto("/");
  await pressUntilFocused(page, "c", page.getByRole("region", { name: "New entry" }).getByLabel("What did you work on?"));
  await page.getByRole("button", { name: "Suggested entries (1)" }).click();
  const suggestion = page.getByRole("article", { name: "1 commit on Codertocat/Hello-World not logged yet" });
  await suggestion.getByRole("button", { name: "Log", exact: true }).click();
  const text = page.getByRole("region", { name: "Log: 1 commit on Codertocat/Hello-World not logged yet" }).getByLabel("What did you work on?");
  await expect(text).toHaveValue(`- Add the pricing page ([\`b5a2c96\`](${push.commits[0]!.url}))`);
  await text.press("ControlOrMeta+Enter");
  await expect(page.getByText("Entry added")).toBeVisible();
  await expect(suggestion).toHaveCount(0);
  const entry = page
    .getByRole("region", { name: /^Entries/ })
    .getByRole("article")
    .filter({ hasText: "Add the pricing page" });
  await expect(entry).toBeFocused();
  await expect(entry).toContainText("b5a2c96");

  // The secret is gone once the page is shown again; the delivery is listed.
  await page.goto("/settings/integrations");
  await expect(page.getByTestId("new-hook-secret")).toHaveCount(0);
  const hook = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Codertocat" }) });
  await expect(hook).not.toContainText("None yet");
  await hook.getByText("Deliveries (1)").click();
  await expect(hook.getByRole("table")).toContainText("e2e-delivery");
  await expect(hook.getByRole("table")).toContainText("push");
  await screenshotPage(page, "integrations");

  await hook.getByRole("button", { name: "Delete Codertocat" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete incoming hook" });
  await dialog.getByRole("button", { name: "Delete hook" }).click();
  await expect(page.getByText("Hook deleted: Codertocat")).toBeVisible();
  await expect(page.getByText("No incoming hooks yet")).toBeVisible();
  expect((await request.post(new URL(url).pathname, { headers: { "content-type": "application/json", "x-github-event": "ping" }, data: "{}" })).status()).toBe(
    404,
  );
});
