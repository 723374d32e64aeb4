import { expect, test } from "@playwright/test";
import { apiClient, composer, screenshotPage, signUp, uniqueEmail, worklogEntries } from "./support";

// Issue references (docs/api.md, "Issue references"): a project's tracker given on its page, a
// key typed in the composer shown as a link on the saved entry and completed the next time, and the
// report by reference leading to the worklog filtered to the issue.

test("a PAY tracker: PAY-142 typed in the composer links to the issue, is completed later, and the report by reference leads to its entries", async ({
  page,
  request,
}) => {
  await signUp(page, uniqueEmail("references"));
  const post = await apiClient(page, request, ["Project: All", "Worklog: All"]);
  const project = await post("/projects", { name: "Payments", identifier: "PAM" });

  await page.goto(`/projects/${project.id}`);
  const form = page.getByRole("region", { name: "Edit project" });
  await form.getByLabel("Issue trackers").fill("pay https://linear.app/acme/issue/{key}");
  await form.getByRole("button", { name: "Save project" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Project saved." })).toBeVisible();
  await expect(form.getByLabel("Issue trackers")).toHaveValue("PAY https://linear.app/acme/issue/{key}");
  await screenshotPage(page, "project-trackers");

  await page.goto("/");
  const text = composer(page).getByLabel("What did you work on?");
  await text.fill("Fixed the retry storm in PAY-142, SHA-256 checked");
  await composer(page).getByLabel("Project").selectOption(project.id);
  await composer(page).getByLabel("Duration").fill("1h30");
  await composer(page).getByRole("button", { name: "Add entry" }).click();
  await expect(text).toHaveValue("");
  const saved = worklogEntries(page).filter({ hasText: "Fixed the retry storm" });
  const link = saved.getByRole("list", { name: "Issues" }).getByRole("link", { name: "PAY-142" });
  await expect(link).toHaveAttribute("href", "https://linear.app/acme/issue/PAY-142");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(saved.getByRole("link", { name: "SHA-256" })).toHaveCount(0);
  await screenshotPage(page, "entry-references", { fullPage: false });

  // The key seen before is offered once `PAY-` is typed.
  await page.reload();
  await text.click();
  await text.pressSequentially("Reviewed PAY-");
  const issues = page.getByRole("listbox", { name: "Issues" });
  await expect(issues.getByRole("option")).toHaveText(["PAY-142"]);
  await page.keyboard.press("Enter");
  await expect(text).toHaveValue("Reviewed PAY-142 ");

  await page.goto("/reports?group_by=reference");
  const breakdown = page.getByRole("region", { name: "Time by reference" });
  const row = breakdown.getByRole("row", { name: /^PAY-142/ });
  await expect(row.getByRole("cell")).toHaveText(["1h 30m", "100%", "1", "+1h 30m (new)"]);
  await screenshotPage(page, "report-by-reference");
  await row.getByRole("link", { name: "PAY-142" }).click();
  await expect(page).toHaveURL(/[?&]reference=PAY-142(&|$)/);
  await expect(page.getByRole("heading", { name: /^Entries/ })).toHaveText("Entries (1)");
  await expect(worklogEntries(page)).toHaveText([/Fixed the retry storm in PAY-142/]);
});
