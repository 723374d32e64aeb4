import { expect, test } from "@playwright/test";
import { screenshotPage, signUp, uniqueEmail } from "./support";

const jrnl = {
  tags: { "@work": 2 },
  entries: [
    { date: "2026-11-20", time: "09:30", title: "Reviewed the pricing page.", body: "Two fixes left.", tags: ["@work"], starred: false },
    { date: "2026-11-21", time: "14:00", title: "Shipped the footer.", body: "", tags: ["@work", "@release"], starred: true },
  ],
};

const upload = (name: string, document: unknown) => ({ name, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(document)) });

test("a jrnl journal imported from Settings → Data shows in the worklog, and a broken file lists its problems", async ({ page }) => {
  await page.goto("/signup");
  await signUp(page, uniqueEmail("import"));

  await page.goto("/settings/profile");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Data" }).click();
  await expect(page).toHaveURL(/\/settings\/data$/);

  await page.getByLabel("Format").selectOption("jrnl");
  await page.getByLabel("File", { exact: true }).setInputFiles(
    upload("broken.json", {
      entries: [
        { ...jrnl.entries[0], date: "2026-02-30" },
        { ...jrnl.entries[1], title: "", body: "" },
      ],
    }),
  );
  await page.getByRole("button", { name: "Import" }).click();
  const problems = page.getByRole("alert").filter({ hasText: "Nothing was imported" });
  await expect(problems).toContainText("the file has 2 problems");
  await expect(problems).toContainText("Entry 1, date");
  await expect(problems).toContainText("/entries/1/title");

  await page.getByLabel("Format").selectOption("jrnl");
  await page.getByLabel("File", { exact: true }).setInputFiles(upload("journal.json", jrnl));
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("Imported 2 entries")).toBeVisible();
  const summary = page.getByRole("region", { name: "Imported" });
  await expect(summary.getByRole("row", { name: /Entries/ })).toContainText("2");
  await screenshotPage(page, "settings-data-import");

  await page.goto("/");
  await expect(page.getByText("Reviewed the pricing page.")).toBeVisible();
  await expect(page.getByText("Shipped the footer.")).toBeVisible();
});

test("a large journal is imported by a job whose progress Settings → Data shows until its result", async ({ page }) => {
  await page.goto("/signup");
  await signUp(page, uniqueEmail("import-large"));
  // The page asks for the job's progress on its clock, which the test holds while it reads the progress.
  await page.clock.install();
  await page.goto("/settings/data");

  // Over 5 000 items, an import runs as a job (docs/api.md, "Import").
  const entries = Array.from({ length: 6_000 }, (_, index) => ({
    date: "2026-11-20",
    time: `${String(Math.floor(index / 60) % 24).padStart(2, "0")}:${String(index % 60).padStart(2, "0")}`,
    title: `Bulk entry ${index + 1}.`,
    body: "",
    tags: [],
    starred: false,
  }));
  await page.getByLabel("Format").selectOption("jrnl");
  await page.getByLabel("File", { exact: true }).setInputFiles(upload("large.json", { tags: {}, entries }));
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByRole("button", { name: "Import" }).click();
  const progress = page.getByRole("region", { name: "Importing…" });
  await expect(progress).toContainText("of 6000 items written");
  await expect(progress.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
  await page.clock.resume();

  // The notice and the summary come together; the notice first, as it goes after a few seconds.
  await expect(page.getByText("Imported 6000 entries")).toBeVisible({ timeout: 90_000 });
  const summary = page.getByRole("region", { name: "Imported" });
  await expect(summary.getByRole("row", { name: /Entries/ })).toContainText("6000");
});
