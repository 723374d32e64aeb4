import { expect, test, type Page } from "@playwright/test";
import { apiClient, pressUntilFocused, screenshotPage, signUp, uniqueEmail } from "./support";

// Searching the worklog with the keyboard alone (docs/api.md, "Search"; README, "The web app").

const entries = (page: Page) => page.getByRole("region", { name: /^Entries/ }).getByRole("article");
const entriesHeading = (page: Page) => page.getByRole("heading", { name: /^Entries/ });
const filters = (page: Page) => page.getByRole("search", { name: "Filter entries" });

test("/ goes to the search; the list narrows as one types, the matches are marked, the URL keeps q, and Escape clears it", async ({ page, request }) => {
  await signUp(page, uniqueEmail("search"));
  const post = await apiClient(page, request, ["Worklog: All"]);
  await post("/worklog/entries", { content: "Deployed the **release** to the Café server", tags: ["ops"] });
  await post("/worklog/entries", { content: "Profiled the dashboard", tags: ["perf"] });
  await post("/worklog/entries", { content: "Wrote the deploy notes" });
  await page.goto("/");
  await expect(entriesHeading(page)).toHaveText("Entries (3)");

  const search = filters(page).getByLabel("Search");
  await pressUntilFocused(page, "/", search);
  await page.keyboard.type("cafe deplo");
  await expect(entriesHeading(page)).toHaveText("Entries (1)");
  await expect(page).toHaveURL("/?q=cafe+deplo");
  const found = entries(page).first();
  await expect(found).toContainText("Deployed the release to the Café server");
  await expect(found.locator("mark")).toHaveText(["Deployed", "Café"]);
  await screenshotPage(page, "worklog-search");

  // A reload keeps the search, in the field and in the list.
  await page.reload();
  await expect(search).toHaveValue("cafe deplo");
  await expect(entriesHeading(page)).toHaveText("Entries (1)");

  // A tag is found by its word, and marked on its chip.
  await pressUntilFocused(page, "/", search);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL("/");
  await expect(entriesHeading(page)).toHaveText("Entries (3)");
  await page.keyboard.type("#perf");
  await expect(page).toHaveURL("/?q=%23perf");
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first().getByRole("link", { name: "#perf" }).locator("mark")).toHaveText("perf");

  // Nothing found says so, and offers to clear the search.
  await page.keyboard.press("Escape");
  await page.keyboard.type("kubernetes");
  await expect(page.getByText("Nothing matches “kubernetes”")).toBeVisible();
  await expect(entries(page)).toHaveCount(0);
  await pressUntilFocused(page, "Tab", page.getByRole("button", { name: "Clear the search" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/");
  await expect(entriesHeading(page)).toHaveText("Entries (3)");
  await expect(search).toHaveValue("");
});

test("typing on while the last pause's search is still being applied loses no character, on a slow device too", async ({ page, request }) => {
  await signUp(page, uniqueEmail("search-typing"));
  const post = await apiClient(page, request, ["Worklog: All"]);
  await post("/worklog/entries", { content: "Deployed the release notes" });
  await post("/worklog/entries", { content: "Profiled the dashboard", tags: ["perf"] });
  await page.goto("/");
  await expect(entriesHeading(page)).toHaveText("Entries (2)");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });

  const search = filters(page).getByLabel("Search");
  await pressUntilFocused(page, "/", search);
  let typed = "";
  for (const word of ["deployed ", "the ", "release ", "notes"]) {
    await page.keyboard.type(word);
    typed += word;
    // The pause applied the search to the URL: type on at once, while the list follows it.
    await page.waitForURL((url) => url.searchParams.get("q") === typed.trim(), { waitUntil: "commit", timeout: 15_000 });
  }
  await expect(search).toHaveValue("deployed the release notes");
  await expect(page).toHaveURL("/?q=deployed+the+release+notes");
  await expect(entriesHeading(page)).toHaveText("Entries (1)");

  // Escape clears the search, and what is typed right after it stays.
  await page.keyboard.press("Escape");
  await page.keyboard.type("dashboard");
  await expect(search).toHaveValue("dashboard");
  await expect(page).toHaveURL("/?q=dashboard");
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText("Profiled the dashboard");
});
