import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { apiClient, screenshotPage, signUp, uniqueEmail } from "./support";

/** A moment's calendar day in UTC, the account's time zone. */
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Clicks an export button and returns the saved file's name and text, and the names it may have:
 * the file is named for the day it was made, the day of the click or, once midnight has passed
 * before the download, the next.
 */
async function downloadOf(page: Page, button: string, extension: string): Promise<{ name: string; text: string; names: string[] }> {
  const clickedAt = Date.now();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: button }).click();
  const download = await downloading;
  const names = [...new Set([dayOf(clickedAt), dayOf(Date.now())])].map((day) => `worklog-${day}.${extension}`);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, "utf8"), names };
}

test("Settings → Data downloads the account as JSON, CSV and markdown", async ({ page, request }) => {
  await page.goto("/signup");
  await signUp(page, uniqueEmail("export"));
  const post = await apiClient(page, request);
  const project = await post("/projects", { name: "Website" });
  const content = 'Shipped the "pricing" page, finally\nwith ünïcödé 🧪';
  await post("/worklog/entries", { content, tags: ["release"], project_id: project.id, duration_seconds: 3600, recorded_at: "2026-11-20T10:00:00Z" });
  await post("/worklog/entries", { content: "Planned the week", recorded_at: "2026-11-16T09:00:00Z" });

  await page.goto("/settings/profile");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Data" }).click();
  await expect(page).toHaveURL(/\/settings\/data$/);
  await expect(page.getByText("Your account has 2 entries.")).toBeVisible();
  await screenshotPage(page, "settings-data");

  const json = await downloadOf(page, "Export JSON", "json");
  await expect(page.getByText(`Exported ${json.name}`)).toBeVisible();
  expect(json.names).toContain(json.name);
  // tests/api/export.test.ts checks the document against its schema, which imports server-only modules.
  const document: { format: string; entries: { content: string }[]; projects: { name: string }[] } = JSON.parse(json.text);
  expect(document.format).toBe("worklog-export");
  expect(document.entries.map((entry) => entry.content)).toEqual([content, "Planned the week"]);
  expect(document.projects.map((each) => each.name)).toEqual(["Website"]);

  const csv = await downloadOf(page, "Export CSV", "csv");
  expect(csv.names).toContain(csv.name);
  const rows: Record<string, string>[] = parse(csv.text, { bom: true, columns: true });
  expect(rows.map((row) => [row.content, row.project_name, row.tags, row.duration_seconds])).toEqual([
    [content, "Website", "release", "3600"],
    ["Planned the week", "", "", ""],
  ]);

  const markdown = await downloadOf(page, "Export Markdown", "md");
  expect(markdown.names).toContain(markdown.name);
  expect(markdown.text.match(/^## .*$/gm)).toEqual(["## 2026-11-20 (Friday)", "## 2026-11-16 (Monday)"]);
  expect(markdown.text).toContain('> Shipped the "pricing" page, finally\n> with ünïcödé 🧪\n\n- Project: Website');
});
