import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { openAndKeep, workerInControl } from "./offline-support";
import { composer, createKey, pressUntilFocused, signIn, signUp, uniqueEmail, worklogEntries } from "./support";

// The service worker is what these tests are about: the other specs run without it (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

// The offline outbox (README "Offline and installing"): writes made offline wait in IndexedDB,
// shown as waiting, and are sent once, in order, when the browser is back online; a 401 keeps
// them and asks to sign in, a 412 shows both versions, a refusal shows the server's message.

type Entry = { id: string; content: string; recorded_at: string; duration_seconds: number | null; running: boolean; updated_at: string };

/** The REST API with a key made on the settings page (which it opens): how the test reads what the server has, and changes it meanwhile. */
async function restApi(page: Page, request: APIRequestContext) {
  await page.goto("/settings/api-keys");
  const key = await createKey(page, "outbox", ["Project: All", "Worklog: All"]);
  const headers = { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` };
  const send = async (method: "GET" | "POST" | "PUT" | "DELETE", path: string, data?: unknown) => {
    const response = await request.fetch(`/api/v1${path}`, { method, headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  return {
    send,
    entries: async (): Promise<Entry[]> => (await send("GET", "/worklog/entries?limit=100")).entries,
  };
}

const indicator = (page: Page) => page.getByRole("banner").getByRole("status", { name: "Unsent changes" });
const headerTimer = (page: Page) => page.getByRole("banner").getByRole("group", { name: "Running timer" });
/** The list's row of an entry; a change waiting for it is marked in it. */
const entryRow = (page: Page, text: string) => worklogEntries(page).filter({ hasText: text });

/** Opens the worklog and waits for its scripts (c focuses the composer once they run). */
async function openWorklog(page: Page) {
  await page.goto("/");
  await pressUntilFocused(page, "c", composer(page).getByLabel("What did you work on?"));
}

async function writeEntry(page: Page, content: string, project?: string) {
  const form = composer(page);
  await form.getByLabel("What did you work on?").fill(content);
  if (project) await form.getByLabel("Project").selectOption({ label: project });
  await form.getByRole("button", { name: "Add entry" }).click();
  await expect(form.getByLabel("What did you work on?")).toHaveValue("");
}

async function editEntry(page: Page, from: string, to: string) {
  // An entry's buttons show while the pointer is on it.
  const row = worklogEntries(page).filter({ hasText: from });
  await row.hover();
  await row.getByRole("button", { name: /^Edit entry of/ }).click();
  const editor = page.getByRole("region", { name: /^Edit entry of/ });
  await editor.getByLabel("What did you work on?").fill(to);
  await editor.getByRole("button", { name: "Save entry" }).click();
}

const count = (entries: Entry[], content: string) => entries.filter((entry) => entry.content === content).length;

test("writes made offline show as waiting, survive a reply cut off after the server answered, and are each saved once when back online", async ({
  page,
  context,
  request,
}) => {
  await signUp(page, uniqueEmail("outbox"));
  const api = await restApi(page, request);
  await openWorklog(page);
  await writeEntry(page, "Written online");
  await expect(page.getByText("Entry added")).toBeVisible();
  // The worklog as the service worker keeps it, to open again offline.
  await workerInControl(page);
  await openAndKeep(page, "/", "Written online");

  await context.setOffline(true);
  await expect(indicator(page)).toHaveText("Offline");
  await writeEntry(page, "Written offline, first");
  await writeEntry(page, "Written offline, second");
  await editEntry(page, "Written online", "Written online, edited offline");
  await page.getByRole("banner").getByRole("button", { name: "Start timer" }).click();
  await expect(headerTimer(page).getByText("Waiting to send")).toBeVisible();
  const beforeStop = Date.now();
  await headerTimer(page).getByRole("button", { name: "Stop timer" }).click();
  await expect(page.getByRole("banner").getByText("No timer running")).toBeVisible();
  const afterStop = Date.now();

  for (const text of ["Written offline, first", "Written offline, second", "Written online, edited offline", "Timer"])
    await expect(entryRow(page, text).getByTestId("pending-badge")).toHaveText("Waiting to send");
  await expect(indicator(page)).toHaveText("Offline — 5 changes waiting");
  // Opened again offline: the kept page, with the outbox's changes waiting over it.
  await page.reload();
  for (const text of ["Written offline, first", "Written offline, second", "Written online, edited offline", "Timer"])
    await expect(entryRow(page, text).getByTestId("pending-badge")).toHaveText("Waiting to send");
  await expect(indicator(page)).toHaveText("Offline — 5 changes waiting");
  // Nothing reached the server while offline.
  await expect((await api.entries()).map((entry) => entry.content)).toEqual(["Written online"]);

  // The first create's answer is lost on the way back, after the server saved it: the outbox
  // sends it again with the same Idempotency-Key and gets the kept answer.
  let firstAnswer: number | undefined;
  await context.route("**/api/v1/worklog/entries", async (route) => {
    if (firstAnswer !== undefined || route.request().method() !== "POST") return route.fallback();
    // Sent as the browser sent it: Playwright's copy of the request lacks the Sec-Fetch-Site the browser adds.
    firstAnswer = (await route.fetch({ headers: { ...route.request().headers(), "sec-fetch-site": "same-origin" } })).status();
    await route.abort("connectionreset");
  });
  await context.setOffline(false);
  await expect(indicator(page)).toBeHidden();
  expect(firstAnswer).toBe(201);

  const saved = await api.entries();
  for (const content of ["Written offline, first", "Written offline, second", "Written online, edited offline", "Timer"]) expect(count(saved, content)).toBe(1);
  expect(saved).toHaveLength(4);
  const timer = saved.find((entry) => entry.content === "Timer")!;
  expect(timer.running).toBe(false);
  // Stopped when the person stopped it offline, not when the stop reached the server.
  expect(Date.parse(timer.recorded_at)).toBeGreaterThanOrEqual(beforeStop);
  expect(Date.parse(timer.recorded_at)).toBeLessThanOrEqual(afterStop);
  await expect(worklogEntries(page).filter({ hasText: "Written offline, second" })).toBeVisible();
  await expect(page.getByTestId("pending-badge")).toHaveCount(0);
});

test("a 401 while sending keeps the changes and asks to sign in again; once signed in they are sent", async ({ page, context, request }) => {
  const email = uniqueEmail("outbox-401");
  await signUp(page, email);
  const api = await restApi(page, request);
  await openWorklog(page);
  await context.setOffline(true);
  await writeEntry(page, "Written before the session ended");
  await expect(indicator(page)).toHaveText("Offline — 1 change waiting");

  await context.clearCookies();
  await context.setOffline(false);
  await expect(indicator(page)).toContainText("Signed out — 1 change waiting");
  await expect(entryRow(page, "Written before the session ended").getByTestId("pending-badge")).toHaveText("Waiting to send");
  await indicator(page).getByRole("link", { name: "Sign in again" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await signIn(page, email);
  await expect(worklogEntries(page).filter({ hasText: "Written before the session ended" })).toBeVisible();
  await expect(indicator(page)).toBeHidden();
  expect(count(await api.entries(), "Written before the session ended")).toBe(1);
});

test("an offline edit of an entry changed elsewhere meanwhile shows both versions; Keep mine saves mine", async ({ page, context, request }) => {
  await signUp(page, uniqueEmail("outbox-conflict"));
  const api = await restApi(page, request);
  await openWorklog(page);
  await writeEntry(page, "The plan");
  await expect(worklogEntries(page).filter({ hasText: "The plan" })).toBeVisible();
  const [original] = await api.entries();

  await context.setOffline(true);
  await editEntry(page, "The plan", "The plan, as I rewrote it offline");
  await expect(entryRow(page, "The plan, as I rewrote it offline").getByTestId("pending-badge")).toHaveText("Waiting to send");
  await api.send("PUT", `/worklog/entries/${original!.id}`, { content: "The plan, as changed elsewhere" });

  await context.setOffline(false);
  await expect(indicator(page)).toHaveText("1 change failed — review");
  await indicator(page).getByRole("button", { name: "1 change failed — review" }).click();
  const conflict = page.getByRole("article", { name: /^Edit: The plan, as I rewrote it offline/ });
  await expect(conflict.getByRole("region", { name: "Yours" })).toContainText("The plan, as I rewrote it offline");
  await expect(conflict.getByRole("region", { name: "On the server" })).toContainText("The plan, as changed elsewhere");
  await conflict.getByRole("button", { name: "Keep mine" }).click();
  await expect(indicator(page)).toBeHidden();
  expect((await api.entries()).map((entry) => entry.content)).toEqual(["The plan, as I rewrote it offline"]);
});

test("a change the server refuses shows its message, and Discard removes it", async ({ page, context, request }) => {
  await signUp(page, uniqueEmail("outbox-refused"));
  const api = await restApi(page, request);
  const project = await api.send("POST", "/projects", { name: "Doomed", identifier: "DM" });
  await openWorklog(page);
  await context.setOffline(true);
  await writeEntry(page, "Work on a project deleted meanwhile", "DM · Doomed");
  await api.send("DELETE", `/projects/${project.id}`);

  await context.setOffline(false);
  await expect(indicator(page)).toHaveText("1 change failed — review");
  await expect(entryRow(page, "Work on a project deleted meanwhile").getByTestId("pending-badge")).toHaveText("Not sent — review");
  await indicator(page).getByRole("button", { name: "1 change failed — review" }).click();
  const refused = page.getByRole("article", { name: /^New entry: Work on a project deleted meanwhile/ });
  await expect(refused.getByRole("alert")).toHaveText("project_id: Invalid value");
  await refused.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByText("Change discarded")).toBeVisible();
  await expect(indicator(page)).toBeHidden();
  await expect(worklogEntries(page).filter({ hasText: "Work on a project deleted meanwhile" })).toHaveCount(0);
  expect(await api.entries()).toEqual([]);
});

test("signing out with changes waiting asks first, then forgets the outbox", async ({ page, context }) => {
  await signUp(page, uniqueEmail("outbox-sign-out"));
  await openWorklog(page);
  await context.setOffline(true);
  await writeEntry(page, "Never sent");
  // Back online, the server fails every send: the change keeps waiting.
  await context.route("**/api/v1/**", (route) => route.fulfill({ status: 503, json: { error: { message: "Unavailable", type: "internal_error" } } }));
  await context.setOffline(false);
  await expect(indicator(page)).toHaveText("1 change waiting");
  // The page, opened again, reads the change from IndexedDB and shows it waiting.
  await openWorklog(page);
  await expect(entryRow(page, "Never sent").getByTestId("pending-badge")).toHaveText("Waiting to send");
  await expect(indicator(page)).toHaveText("1 change waiting");

  await page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: "Sign out" }).click();
  const ask = page.getByRole("dialog", { name: "Sign out and lose unsent changes?" });
  await expect(ask).toContainText("1 change hasn’t been sent and will be lost.");
  await ask.getByRole("button", { name: "Sign out anyway" }).click();
  await expect(page.getByRole("heading", { name: "Keep a log of your work, without the busywork" })).toBeVisible();
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
  expect(databases).not.toContain("worklog-outbox");
});
