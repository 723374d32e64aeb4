import { expect, test } from "@playwright/test";
import { apiClient, screenshotPage, signUp, uniqueEmail } from "./support";

test("a recap is shared by a link that opens it signed out, without links, until it is revoked", async ({ page, browser }) => {
  await signUp(page, uniqueEmail("share"));
  const post = await apiClient(page, page.context().request);
  const project = await post("/projects", { name: "Sharing" });
  const repository = await post(`/projects/${project.id}/repositories`, { name: "website", remote_url: "https://github.com/example/website.git" });
  const recorded = await post(`/repositories/${repository.id}/commits`, {
    commits: [{ sha: "c".repeat(40), message: "Share recaps by link", committed_at: new Date().toISOString() }],
  });
  const [commit] = recorded.commits as { id: string }[];
  await post("/worklog/entries", { content: "Built **share links** for recaps", project_id: project.id, duration_seconds: 3600, commit_ids: [commit!.id] });
  const recap = await post("/worklog/recaps", {});

  await page.goto(`/recaps/${recap.id}`);
  await expect(page.getByRole("article")).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  // The owner's page cites the entry and the commit by links.
  await expect(page.getByTestId("recap-content").getByRole("link")).not.toHaveCount(0);
  const share = page.getByRole("region", { name: "Share" });
  await share.getByRole("button", { name: "Create a link" }).click();
  await expect(share.getByText("Copy this link now. It will not be shown again.")).toBeVisible();
  const url = await share.getByTestId("recap-share-url").inputValue();
  expect(url).toMatch(/^http:\/\/localhost:\d+\/r\/[0-9A-Za-z]{22}$/);
  await screenshotPage(page, "recap-share");

  const visitor = await browser.newContext();
  const shared = await visitor.newPage();
  const opened = await shared.goto(url);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(shared.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(shared.getByRole("heading", { level: 1 })).toHaveText(/^Recap \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  const content = shared.getByTestId("recap-content");
  await expect(content.locator("strong", { hasText: "share links" })).toBeVisible();
  await expect(content).toContainText("cccccc");
  await expect(shared.getByRole("definition").first()).toHaveText("1");
  // Nothing on it leads into the owner's account: citations are text, the header is the brand alone.
  await expect(shared.getByRole("main").getByRole("link")).toHaveCount(0);
  await expect(shared.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  await screenshotPage(shared, "recap-shared");

  await page.reload();
  await expect(share.getByTestId("recap-share-status")).toContainText("1 view.");
  await share.getByRole("button", { name: "Revoke the link" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke link" }).click();
  await expect(share.getByTestId("recap-share-status")).toContainText("The link was revoked: it had 1 view.");
  await expect(share.getByRole("button", { name: "Create a link" })).toBeVisible();

  const revoked = await shared.reload();
  expect(revoked?.status()).toBe(404);
  await expect(shared.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await visitor.close();
});
