import { expect, test, type Page } from "@playwright/test";
import { apiClient, composer, pressUntilFocused, screenshotPage, signUp, uniqueEmail, worklogEntries } from "./support";
import { formatDay } from "../lib/formatting/time-words";

const sha = (index: number) => index.toString(16).padStart(40, "a");

async function createProject(page: Page, name: string, identifier: string) {
  await page.goto("/projects");
  const form = page.getByRole("region", { name: "New project" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Identifier").fill(identifier);
  await form.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Project created." })).toBeVisible();
}

async function idFromLink(page: Page, name: string): Promise<string> {
  const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
  return href!.split("/").at(-1)!;
}

const entries = worklogEntries;

async function writeEntry(page: Page, fields: { content: string; project?: string; tags?: string; when?: string; minutes?: string }) {
  const form = composer(page);
  await form.getByLabel("What did you work on?").fill(fields.content);
  if (fields.project) await form.getByLabel("Project").selectOption({ label: fields.project });
  if (fields.tags) await form.getByLabel("Tags").fill(fields.tags);
  if (fields.when) await form.getByLabel("Date and time").fill(fields.when);
  if (fields.minutes) await form.getByLabel("Duration").fill(fields.minutes);
  await form.getByRole("button", { name: "Add entry" }).click();
  await expect(form.getByLabel("What did you work on?")).toHaveValue("");
}

test("signed-out visitors of the private pages are sent to sign in, and / introduces Worklog", async ({ page }) => {
  for (const path of ["/projects", "/repositories", "/projects/0190d8a4-0000-7000-8000-000000000000", "/repositories/0190d8a4-0000-7000-8000-000000000000"]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  }
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Keep a log of your work, without the busywork" })).toBeVisible();
});

test("projects and repositories: create, counts, edit, delete; a repository's commits page by page with their entries", async ({ page, request }) => {
  await signUp(page, uniqueEmail("projects"));
  await page.goto("/projects");
  await expect(page.getByText("No projects yet")).toBeVisible();
  await screenshotPage(page, "projects-empty");

  const form = page.getByRole("region", { name: "New project" });
  await form.getByLabel("Name").fill("Website Project");
  await form.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Project created." })).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Website Project" }) });
  await expect(card).toContainText("WP");
  await expect(card).toContainText(/0 repositories.*0 entries.*0m this week/);

  await form.getByLabel("Name").fill("Other");
  await form.getByLabel("Identifier").fill("wp");
  await form.getByRole("button", { name: "Create project" }).click();
  await expect(form.getByText("Another project has this identifier")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("Other");
  await form.getByLabel("Identifier").fill("1");
  await form.getByRole("button", { name: "Create project" }).click();
  await expect(form.getByText("Use 1 to 3 letters (A–Z)")).toBeVisible();
  const projectId = await idFromLink(page, "Website Project");

  await page.goto("/repositories");
  await expect(page.getByText("No repositories yet")).toBeVisible();
  await screenshotPage(page, "repositories-empty");
  const repositoryForm = page.getByRole("region", { name: "New repository" });
  await repositoryForm.getByLabel("Name").fill("site");
  await repositoryForm.getByLabel("Project").selectOption({ label: "WP · Website Project" });
  await repositoryForm.getByLabel("Remote URL").fill("https://example.com/site.git");
  await repositoryForm.getByRole("button", { name: "Create repository" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Repository created." })).toBeVisible();
  await repositoryForm.getByLabel("Name").fill("site");
  await repositoryForm.getByRole("button", { name: "Create repository" }).click();
  await expect(repositoryForm.getByText("Another repository has this name")).toBeVisible();
  const repositoryRow = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "site", exact: true }) });
  await expect(repositoryRow).toContainText("WP");
  await expect(repositoryRow).toContainText("https://example.com/site.git");
  await screenshotPage(page, "repositories");
  const repositoryId = await idFromLink(page, "site");

  const post = await apiClient(page, request);
  const commits = Array.from({ length: 30 }, (_, index) => ({
    sha: sha(index),
    message: `Commit number ${index}`,
    committed_at: new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString(),
    author_name: "Ada",
  }));
  const stored = (await post(`/repositories/${repositoryId}/commits`, { commits })) as unknown as { commits: { id: string }[] };
  const entry = await post("/worklog/entries", { content: "# Shipped\nthe landing page", duration_seconds: 3600, project_id: projectId });
  await post(`/worklog/entries/${entry.id}/commits`, { commit_ids: [stored.commits[29]!.id] });

  await page.goto(`/repositories/${repositoryId}`);
  await expect(page.getByRole("heading", { name: "Commits (30)" })).toBeVisible();
  const commitList = page.getByRole("region", { name: "Commits (30)" }).getByRole("list").first();
  await expect(commitList.getByRole("listitem").filter({ hasText: "Commit number" })).toHaveCount(25);
  await expect(page.getByRole("list", { name: `Entries with commit ${sha(29).slice(0, 7)}` })).toContainText("Shipped");
  await screenshotPage(page, "repository");
  await page.getByRole("link", { name: "Older →" }).click();
  await expect(commitList.getByRole("listitem").filter({ hasText: "Commit number" })).toHaveCount(5);
  await expect(commitList).toContainText("Commit number 0");
  await page.getByRole("link", { name: "← Newer" }).click();
  await expect(commitList).toContainText("Commit number 29");
  await expect(page.getByRole("link", { name: "← Newer" })).toHaveCount(0);

  const editRepository = page.getByRole("region", { name: "Edit repository" });
  await editRepository.getByLabel("Name").fill("website");
  await editRepository.getByLabel("Default branch").fill("main");
  await editRepository.getByRole("button", { name: "Save repository" }).click();
  await expect(editRepository.getByRole("status")).toHaveText("Repository saved.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("website");
  await expect(page.getByText("branch main")).toBeVisible();

  await page.goto("/projects");
  await expect(card).toContainText(/1 repository.*1 entry.*1h this week/);
  await page.getByRole("link", { name: "Website Project" }).click();
  await expect(page.getByRole("region", { name: "Repositories" }).getByRole("link", { name: "website" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent entries" }).getByRole("heading", { name: "Shipped", level: 3 })).toBeVisible();
  await screenshotPage(page, "project");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotPage(page, "project-dark");
  await page.emulateMedia({ colorScheme: "light" });
  const editProject = page.getByRole("region", { name: "Edit project" });
  await editProject.getByLabel("Name").fill("Web site");
  await editProject.getByLabel("Description").fill("The public face");
  await editProject.getByRole("button", { name: "Save project" }).click();
  await expect(editProject.getByRole("status")).toHaveText("Project saved.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("WPWeb site");
  await expect(page.getByText("The public face", { exact: true }).first()).toBeVisible();

  await page.goto(`/repositories/${repositoryId}`);
  await page.getByRole("button", { name: "Delete repository" }).click();
  await page.getByRole("dialog", { name: "Delete repository" }).getByRole("button", { name: "Delete repository" }).click();
  await expect(page).toHaveURL("/repositories");
  await expect(page.getByText("No repositories yet")).toBeVisible();

  await page.goto(`/projects/${projectId}`);
  await page.getByRole("button", { name: "Delete project" }).click();
  await page.getByRole("dialog", { name: "Delete project" }).getByRole("button", { name: "Delete project" }).click();
  await expect(page).toHaveURL("/projects");
  await expect(page.getByText("No projects yet")).toBeVisible();
  expect((await page.goto(`/projects/${projectId}`))?.status()).toBe(404);
  expect((await page.goto("/repositories/not-a-uuid"))?.status()).toBe(404);
});

test("another account's project and repository are not found", async ({ page, browser }) => {
  await signUp(page, uniqueEmail("owner"));
  await createProject(page, "Secret", "SEC");
  const projectId = await idFromLink(page, "Secret");
  await page.goto("/repositories");
  await page.getByLabel("Name").fill("secret-code");
  await page.getByRole("button", { name: "Create repository" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Repository created." })).toBeVisible();
  const repositoryId = await idFromLink(page, "secret-code");
  const stranger = await browser.newPage();
  await signUp(stranger, uniqueEmail("stranger"));
  for (const path of [`/projects/${projectId}`, `/repositories/${repositoryId}`]) {
    expect((await stranger.goto(path))?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
  await stranger.close();
});

test("the worklog: write with a preview, edit and delete in place, filter by the URL, attach commits, and the week's chart", async ({ page, request }) => {
  await signUp(page, uniqueEmail("worklog"));
  await createProject(page, "Alpha", "AL");
  await createProject(page, "Beta", "BE");
  const alphaId = await idFromLink(page, "Alpha");
  const post = await apiClient(page, request);
  const repository = await post(`/projects/${alphaId}/repositories`, { name: "alpha-app" });
  await post(`/repositories/${repository.id}/commits`, {
    commits: [{ sha: sha(1), message: "Fix the login form", committed_at: "2026-11-01T10:00:00Z" }],
  });

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Worklog", level: 1 })).toBeVisible();
  await expect(page.getByText("No entries yet")).toBeVisible();
  // The week's chart waits behind a button above the list.
  await pressUntilFocused(page, "c", composer(page).getByLabel("What did you work on?"));
  await page.getByRole("button", { name: "Week chart" }).click();
  await expect(page.getByText("No time tracked yet")).toBeVisible();
  await screenshotPage(page, "worklog-empty");

  const form = composer(page);
  await form.getByLabel("What did you work on?").fill("Fixed **the** bug\n\n- one\n- two\n\n<b>raw</b> [bad](javascript:alert(1))");
  await form.getByRole("button", { name: "Preview" }).click();
  const preview = form.getByRole("region", { name: "Preview" });
  await expect(preview.locator("strong")).toHaveText("the");
  await expect(preview.getByRole("listitem")).toHaveText(["one", "two"]);
  await form.getByRole("button", { name: "Write" }).click();
  await form.getByLabel("Project").selectOption({ label: "AL · Alpha" });
  await form.getByLabel("Tags").fill("Bug, urgent");
  await form.getByLabel("Duration").fill("90");
  await form.getByRole("button", { name: "Add entry" }).click();
  await expect(entries(page)).toHaveCount(1);
  const first = entries(page).first();
  await expect(first).toContainText("1h 30m");
  await expect(first.getByRole("list", { name: "Tags" })).toHaveText("#bug#urgent");
  await expect(first.getByRole("link", { name: "AL Alpha" })).toBeVisible();
  await expect(first.locator("strong")).toHaveText("the");
  // A row shows the text's first line; its button shows all of it.
  await first.getByRole("button", { name: /^Show all of the entry of/ }).click();
  await expect(first.locator("b")).toHaveCount(0);
  await expect(first.getByRole("link", { name: "bad" })).not.toHaveAttribute("href", /javascript/);
  const chart = page.getByRole("table", { name: "Time tracked per day this week, by project" });
  await expect(chart.getByRole("columnheader")).toHaveText(["Day", "Alpha", "Total"]);
  await expect(page.getByText("1h 30m tracked")).toBeVisible();
  const todayLabel = formatDay(new Date().toISOString().slice(0, 10));
  await expect(chart.getByRole("row", { name: new RegExp(`^${todayLabel} `) }).getByRole("cell")).toHaveText(["1h 30m", "1h 30m"]);

  await form.getByLabel("What did you work on?").fill("Too many tags");
  await form.getByLabel("Tags").fill(Array.from({ length: 21 }, (_, index) => `t${index}`).join(" "));
  await form.getByRole("button", { name: "Add entry" }).click();
  await expect(form.getByText("Use at most 20 tags")).toBeVisible();
  await expect(form.getByLabel("Tags")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("What did you work on?")).toHaveValue("Too many tags");
  await expect(entries(page)).toHaveCount(1);
  await form.getByLabel("Tags").clear();
  await form.getByLabel("What did you work on?").clear();

  await writeEntry(page, { content: "Wrote the docs", project: "BE · Beta", tags: "docs", when: "2026-11-02T09:30", minutes: "20" });
  await writeEntry(page, { content: "Untagged thought" });
  await expect(entries(page)).toHaveCount(3);
  await expect(entries(page).first()).toContainText("Untagged thought");
  // The most recent work first: the docs, written last but done on 2 November, come after today's entries.
  await expect(entries(page).nth(1)).toContainText("Fixed the bug");
  await expect(entries(page).nth(2)).toContainText("Wrote the docs");
  // Its row says the time; its day's heading the date.
  await expect(page.getByRole("region", { name: /2 Nov$/ }).getByRole("article")).toContainText("9:30 AM");
  await screenshotPage(page, "worklog");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotPage(page, "worklog-dark");
  await page.emulateMedia({ colorScheme: "light" });

  const filters = page.getByRole("search", { name: "Filter entries" });
  // The filters besides the search wait in a panel that "Filters" opens.
  const filtersButton = filters.getByRole("button", { name: /^Filters/ });
  await filtersButton.click();
  await filters.getByLabel("Project").selectOption({ label: "AL · Alpha" });
  await expect(page).toHaveURL(`/?project_id=${alphaId}`);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page)).toContainText("Fixed the bug");
  await page.reload();
  await expect(entries(page)).toHaveCount(1);
  await page.goto("/?tags=docs+urgent");
  await expect(entries(page)).toHaveCount(2);
  await expect(filters.getByLabel("Any of the tags")).toHaveValue("docs urgent");
  await page.goto("/");
  // A date typed before the page's scripts have started is not applied, as for a person: type it
  // again until it is (cleared first: the same value again is no change to the field).
  await expect(async () => {
    if (!(await filters.getByLabel("From").isVisible())) await filtersButton.click();
    await filters.getByLabel("From").fill("", { timeout: 1_000 });
    await filters.getByLabel("From").fill("2026-11-01");
    await expect(page).toHaveURL("/?from=2026-11-01", { timeout: 1_000 });
  }).toPass();
  await filters.getByLabel("To").fill("2026-11-02");
  await expect(page).toHaveURL("/?from=2026-11-01&to=2026-11-02");
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page)).toContainText("Wrote the docs");
  await page.goto("/?tags=nothing-like-this");
  await expect(page.getByText("No entries match these filters")).toBeVisible();
  await page.goto("/?from=yesterday");
  await expect(page.getByText("Some filters in this link are not valid")).toBeVisible();
  await expect(entries(page)).toHaveCount(3);
  await page.goto("/");

  const docs = entries(page).filter({ hasText: "Wrote the docs" });
  // An entry's buttons show while the pointer is on it (and in its "…" menu).
  await docs.hover();
  await docs.getByRole("button", { name: /^Edit entry of/ }).click();
  const editor = page.getByRole("region", { name: /^Edit entry of/ });
  await expect(editor.getByLabel("Tags")).toHaveValue("docs");
  await expect(editor.getByLabel("Duration")).toHaveValue("20m");
  await expect(editor.getByLabel("Date and time")).toHaveValue("2026-11-02T09:30");
  await editor.getByLabel("What did you work on?").fill("Wrote *all* the docs");
  await editor.getByLabel("Duration").fill("45");
  await editor.getByRole("button", { name: "Save entry" }).click();
  const edited = entries(page).filter({ hasText: "Wrote all the docs" });
  await expect(edited).toContainText("45m");
  await page.reload();
  await expect(edited).toContainText("45m");
  await expect(edited.locator("em")).toHaveText("all");

  const alphaEntry = entries(page).filter({ hasText: "Fixed the bug" });
  await alphaEntry.hover();
  await alphaEntry.getByRole("button", { name: /^Attach commits to entry of/ }).click();
  const picker = page.getByRole("region", { name: "Attach commits from Alpha" });
  await picker.getByRole("checkbox", { name: /Fix the login form/ }).check();
  await picker.getByRole("button", { name: "Attach selected" }).click();
  await expect(picker).toHaveCount(0);
  // One line says how many commits; all of the entry lists them.
  await expect(alphaEntry).toContainText("1 commit");
  await alphaEntry.getByRole("button", { name: /^Show all of the entry of/ }).click();
  await expect(alphaEntry.getByRole("list", { name: "Attached commits" })).toContainText(`alpha-app@${sha(1).slice(0, 7)}Fix the login form`);
  await page.reload();
  await pressUntilFocused(page, "c", composer(page).getByLabel("What did you work on?"));
  await alphaEntry.getByRole("button", { name: /^Show all of the entry of/ }).click();
  await expect(alphaEntry.getByRole("list", { name: "Attached commits" })).toContainText("Fix the login form");

  const untagged = entries(page).filter({ hasText: "Untagged thought" });
  await untagged.hover();
  await untagged.getByRole("button", { name: /^Delete entry of/ }).click();
  await expect(untagged).toHaveCount(0);
  await expect(page.getByText("Entry deleted")).toBeVisible();
  await expect(entries(page)).toHaveCount(2);
  await page.reload();
  await expect(entries(page)).toHaveCount(2);
  await expect(page.getByRole("heading", { name: "Entries (2)" })).toBeVisible();
});

test("'Load more' pages through 61 entries by cursor, newest first", async ({ page, request }) => {
  await signUp(page, uniqueEmail("many"));
  const post = await apiClient(page, request);
  for (let index = 1; index <= 61; index++) await post("/worklog/entries", { content: `Entry number ${index}` });

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Entries (61)" })).toBeVisible();
  await expect(entries(page)).toHaveCount(25);
  await expect(entries(page).first()).toContainText("Entry number 61");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(entries(page)).toHaveCount(50);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(entries(page)).toHaveCount(61);
  await expect(entries(page).last()).toContainText("Entry number 1");
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  const contents = await entries(page).getByRole("paragraph").allTextContents();
  expect(contents).toEqual(Array.from({ length: 61 }, (_, index) => `Entry number ${61 - index}`));
});

test("an edit shows at once and is rolled back when the server refuses it", async ({ page, context }) => {
  await signUp(page, uniqueEmail("optimistic"));
  await page.goto("/");
  await writeEntry(page, { content: "The original words" });
  const entry = entries(page).first();

  const elsewhere = await context.newPage();
  await elsewhere.goto("/");
  await entries(elsewhere).first().hover();
  await entries(elsewhere)
    .first()
    .getByRole("button", { name: /^Delete entry of/ })
    .click();
  await expect(entries(elsewhere)).toHaveCount(0);
  await expect(elsewhere.getByText("Entry deleted")).toBeVisible();
  await elsewhere.close();

  // Server actions are POSTs with a Next-Action header; holding them shows the optimistic state.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*", async (route) => {
    if (route.request().method() === "POST" && route.request().headers()["next-action"]) await held;
    await route.continue();
  });
  await entry.hover();
  await entry.getByRole("button", { name: /^Edit entry of/ }).click();
  const editor = page.getByRole("region", { name: /^Edit entry of/ });
  await editor.getByLabel("What did you work on?").fill("Words the server will refuse");
  await editor.getByRole("button", { name: "Save entry" }).click();
  await expect(entries(page).first()).toContainText("Words the server will refuse");
  release();
  await expect(page.getByRole("alert").filter({ hasText: "This entry no longer exists" })).toBeVisible();
  await expect(entries(page).first()).toContainText("The original words");
  await expect(page.getByText("Words the server will refuse")).toHaveCount(0);
});

test("an entry is written, edited and deleted with the keyboard alone", async ({ page }) => {
  await signUp(page, uniqueEmail("keyboard"));
  await page.goto("/");
  // c goes to the composer, ⌘/Ctrl+Enter saves: no Tab through the fields.
  await pressUntilFocused(page, "c", composer(page).getByLabel("What did you work on?"));
  await page.keyboard.type("Typed without a mouse #keys ~15m");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText("15m");
  await expect(entries(page).first().getByRole("list", { name: "Tags" })).toHaveText("#keys");
  await expect(entries(page).first().getByRole("paragraph")).toHaveText("Typed without a mouse");
  // The save ends with the composer emptied and focused, after the list shows the entry: a key
  // pressed before that would have its focus taken back.
  await expect(composer(page).getByLabel("What did you work on?")).toHaveValue("");
  await expect(composer(page).getByLabel("What did you work on?")).toBeFocused();

  // j moves to the entry, e edits it, ⌘/Ctrl+Enter saves, and focus returns to the entry.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("j");
  await expect(entries(page).first()).toBeFocused();
  await page.keyboard.press("e");
  const editor = page.getByRole("region", { name: /^Edit entry of/ });
  await expect(editor.getByLabel("What did you work on?")).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.type(", then edited");
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(entries(page).first()).toContainText("Typed without a mouse, then edited");
  await expect(entries(page).first()).toBeFocused();

  // Enter edits the entry in focus too; Escape leaves an edit unsaved.
  await page.keyboard.press("Enter");
  await page.keyboard.press("End");
  await page.keyboard.type(" and dropped");
  await page.keyboard.press("Escape");
  await expect(entries(page).first()).not.toContainText("and dropped");

  // Delete takes effect at once, with Undo in the toast; focus goes to the composer when no entry is left.
  await entries(page)
    .first()
    .getByRole("button", { name: /^Delete entry of/ })
    .focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("No entries yet")).toBeVisible();
  await expect(composer(page).getByLabel("What did you work on?")).toBeFocused();
});
