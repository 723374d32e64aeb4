import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support";

const content = [
  "Shipped the importer",
  "",
  "```ts",
  "const first = 1;",
  "const second = 2;",
  "```",
  "",
  "| step | time |",
  "| --- | --- |",
  "| parse | 2 ms |",
  "",
  "- [x] parse the file",
  "- [ ] report the errors",
].join("\n");

test("an entry's markdown: code blocks start at their margin, tables have light rules, task lists show boxes, not bullets", async ({ page }) => {
  await signUp(page, uniqueEmail("markdown"));
  await page.goto("/");
  const composer = page.getByRole("region", { name: "New entry" });
  await composer.getByLabel("What did you work on?").fill(content);
  await composer.getByRole("button", { name: "Add entry" }).click();
  const entry = page
    .getByRole("region", { name: /^Entries/ })
    .getByRole("article")
    .first();
  await expect(entry).toContainText("Shipped the importer");
  // The row shows the first line; its button shows all of it.
  await entry.getByRole("button", { name: /^Show all of the entry of/ }).click();

  // The code's first line is not pushed in by inline code's padding.
  const code = entry.locator("pre code");
  await expect(code).toContainText("const first = 1;");
  const [preLeft, codeLeft] = await Promise.all([
    entry.locator("pre").evaluate((pre) => pre.getBoundingClientRect().left + parseFloat(getComputedStyle(pre).paddingLeft)),
    code.evaluate((element) => {
      const range = document.createRange();
      range.setStart(element.firstChild ?? element, 0);
      range.setEnd(element.firstChild ?? element, 1);
      return range.getBoundingClientRect().left;
    }),
  ]);
  expect(Math.abs(codeLeft - preLeft)).toBeLessThan(1);

  // Table rules are a light grey, not the text's black.
  for (const cell of [entry.locator("th").first(), entry.locator("td").first()]) {
    const color = await cell.evaluate((element) => getComputedStyle(element).borderTopColor);
    expect(color).not.toBe(await cell.evaluate((element) => getComputedStyle(element).color));
  }

  // Task items: a checkbox each, no bullet.
  const tasks = entry.locator("li:has(input[type=checkbox])");
  await expect(tasks).toHaveCount(2);
  await expect(tasks.first().locator("input")).toBeChecked();
  expect(await tasks.first().evaluate((element) => getComputedStyle(element).listStyleType)).toBe("none");
});
