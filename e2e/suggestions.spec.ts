// Suggested entries in the worklog (docs/api.md, "Suggested entries"): the commits no entry cites,
// in one strip above the list that counts them, by day, logged through the composer or as they
// are, and dismissed (with Undo).
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiClient, pressUntilFocused, screenshotPage, signUp, uniqueEmail } from "./support";

const sha = (digit: string) => digit.repeat(40);
/** The calendar day `offset` days from today, in UTC: the browser's zone, and so the account's. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const suggestion = (page: Page, title: string) => page.getByRole("article", { name: title });
const strip = (page: Page) => page.getByRole("region", { name: /^Suggested entries/ });

/** Unfolds the strip of suggestions, once the page's scripts run (c focuses the composer then). */
async function showSuggestions(page: Page, count: number) {
  await pressUntilFocused(page, "c", page.getByRole("region", { name: "New entry" }).getByLabel("What did you work on?"));
  await page.getByRole("button", { name: `Suggested entries (${count})` }).click();
}

async function apiGet(request: APIRequestContext, key: string, path: string) {
  const response = await request.get(`/api/v1${path}`, { headers: { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` } });
  expect(response.status()).toBe(200);
  return response.json();
}

test("suggested entries appear in a strip above the list, by day; Log opens the composer with the draft and attaches the commits, Log as is and Dismiss take them away", async ({
  page,
  request,
}) => {
  await signUp(page, uniqueEmail("suggestions"));
  const post = await apiClient(page, request);
  const key = await page.getByTestId("new-api-key").inputValue();
  const project = await post("/projects", { name: "Acme", identifier: "ACM" });
  const app = await post(`/projects/${project.id}/repositories`, { name: "acme/app" });
  const docs = await post("/repositories", { name: "acme/docs" });
  const prices = await post(`/projects/${project.id}/repositories`, { name: "acme/api" });
  const yesterday = day(-1);
  const earlier = day(-2);
  const { commits } = (await post(`/repositories/${app.id}/commits`, {
    commits: [
      { sha: sha("a"), message: "fix(footer): broken links", committed_at: `${yesterday}T09:00:00Z` },
      { sha: sha("b"), message: "feat: annual plans\n\nWith a discount.", committed_at: `${yesterday}T10:00:00Z` },
      { sha: sha("c"), message: "fix: typo on the pricing page", committed_at: `${yesterday}T11:30:00Z` },
    ],
  })) as unknown as { commits: { id: string }[] };
  await post(`/repositories/${docs.id}/commits`, { commits: [{ sha: sha("d"), message: "Describe the plans", committed_at: `${yesterday}T12:00:00Z` }] });
  const cached = (await post(`/repositories/${prices.id}/commits`, {
    commits: [{ sha: sha("e"), message: "perf: cache the prices", committed_at: `${earlier}T15:00:00Z` }],
  })) as unknown as { commits: { id: string }[] };
  await post("/worklog/entries", { content: "Planned the pricing page", recorded_at: `${yesterday}T08:00:00Z`, duration_seconds: 1800 });

  // In the strip, by day, the latest work first; the commits on demand. The day's entries stay in the list.
  await page.goto("/");
  const yesterdayGroup = page.getByRole("region", { name: /^Yesterday/ });
  const appSuggestion = suggestion(page, "3 commits on acme/app not logged yet");
  await showSuggestions(page, 3);
  await expect(strip(page).getByRole("article")).toHaveText([
    /1 commit on acme\/docs not logged yet/,
    /3 commits on acme\/app not logged yet/,
    /1 commit on acme\/api not logged yet/,
  ]);
  await expect(strip(page).getByRole("heading", { level: 3 })).toHaveText(["Yesterday", /^\w{3} \d{1,2} \w{3}$/]);
  await expect(yesterdayGroup.getByRole("article")).toHaveText([/Planned the pricing page/]);
  await appSuggestion.getByText("Show the 3 commits").click();
  await expect(appSuggestion.getByRole("listitem")).toHaveText([
    /^aaaaaaa\s*fix\(footer\): broken links/,
    /^bbbbbbb\s*feat: annual plans/,
    /^ccccccc\s*fix: typo on the pricing page/,
  ]);
  await screenshotPage(page, "suggestions");

  // Log: the composer, filled in with the draft, the repository's project and the latest commit's time.
  await appSuggestion.getByRole("button", { name: "Log", exact: true }).click();
  const logForm = page.getByRole("region", { name: "Log: 3 commits on acme/app not logged yet" });
  const text = logForm.getByLabel("What did you work on?");
  await expect(text).toBeFocused();
  await expect(text).toHaveValue("- Features: annual plans (`bbbbbbb`)\n- Fixes: **footer:** broken links (`aaaaaaa`); typo on the pricing page (`ccccccc`)");
  await expect(logForm.getByLabel("Project")).toHaveValue(project.id);
  await expect(logForm.getByLabel("Date and time")).toHaveValue(`${yesterday}T11:30`);
  await expect(logForm).toContainText("Saving attaches 3 commits to the entry.");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotPage(page, "suggestion-log-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await text.press("ControlOrMeta+End");
  await text.pressSequentially(" ~1h");
  await text.press("ControlOrMeta+Enter");

  await expect(page.getByText("Entry added")).toBeVisible();
  await expect(appSuggestion).toHaveCount(0);
  const logged = yesterdayGroup.getByRole("article").filter({ hasText: "annual plans" });
  await expect(logged).toBeFocused();
  await expect(logged).toContainText("1h");
  const { entries } = await apiGet(request, key, "/worklog/entries");
  expect(entries[0]).toMatchObject({
    content: expect.stringContaining("typo on the pricing page (`ccccccc`)"),
    recorded_at: `${yesterday}T11:30:00.000Z`,
    duration_seconds: 3600,
    project_id: project.id,
    source: "web",
    commit_ids: commits.map((commit) => commit.id).sort(),
  });

  // Log as is: the draft as it stands, at once.
  const pricesSuggestion = suggestion(page, "1 commit on acme/api not logged yet");
  await pricesSuggestion.getByRole("button", { name: "Log as is" }).click();
  await expect(pricesSuggestion).toHaveCount(0);
  await expect(
    page
      .getByRole("region", { name: /^Entries/ })
      .getByRole("article")
      .filter({ hasText: "cache the prices" }),
  ).toBeFocused();
  const asIs = (await apiGet(request, key, `/worklog/entries?from=${earlier}&to=${earlier}`)).entries;
  expect(asIs).toMatchObject([{ content: "- Performance: cache the prices (`eeeeeee`)", project_id: project.id, commit_ids: [cached.commits[0]!.id] }]);

  // Dismiss from the keyboard: the focus moves on to what follows; Undo brings it back.
  const docsSuggestion = suggestion(page, "1 commit on acme/docs not logged yet");
  await docsSuggestion.getByRole("button", { name: "Dismiss" }).focus();
  await page.keyboard.press("Enter");
  await expect(docsSuggestion).toHaveCount(0);
  await expect(logged).toBeFocused();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(docsSuggestion).toBeVisible();
  await docsSuggestion.getByRole("button", { name: "Dismiss" }).click();
  await expect(docsSuggestion).toHaveCount(0);

  await page.reload();
  await expect(yesterdayGroup.getByRole("article")).toHaveText([/annual plans/, /Planned the pricing page/]);
  await expect(strip(page)).toHaveCount(0);
  expect((await apiGet(request, key, "/worklog/suggestions")).suggestions).toEqual([]);
});

test("a day of more than 100 commits is suggested 100 at a time: Log as is attaches the oldest 100, and the rest come next", async ({ page, request }) => {
  await signUp(page, uniqueEmail("suggestions-busy"));
  const post = await apiClient(page, request);
  const key = await page.getByTestId("new-api-key").inputValue();
  const repository = await post("/repositories", { name: "acme/busy" });
  const yesterday = day(-1);
  const { commits } = (await post(`/repositories/${repository.id}/commits`, {
    commits: Array.from({ length: 150 }, (_, index) => ({
      sha: index.toString(16).padStart(4, "0").padEnd(40, "a"),
      message: `Step ${index}`,
      committed_at: new Date(Date.parse(`${yesterday}T08:00:00Z`) + index * 60_000).toISOString(),
    })),
  })) as unknown as { commits: { id: string; committed_at: string }[] };
  const oldestFirst = commits.toSorted((a, b) => a.committed_at.localeCompare(b.committed_at)).map((commit) => commit.id);

  await page.goto("/");
  const busy = suggestion(page, "150 commits on acme/busy not logged yet");
  await showSuggestions(page, 1);
  await busy.getByText("Show the oldest 100 of the 150 commits").click();
  await expect(busy.getByRole("listitem")).toHaveCount(100);
  await busy.getByRole("button", { name: "Log", exact: true }).click();
  await expect(page.getByRole("region", { name: "Log: 150 commits on acme/busy not logged yet" })).toContainText(
    "Saving attaches the oldest 100 of the 150 commits to the entry; the others are suggested next.",
  );
  await busy.getByRole("button", { name: "Log as is" }).click();

  const rest = suggestion(page, "50 commits on acme/busy not logged yet");
  await expect(rest).toBeVisible();
  await expect(busy).toHaveCount(0);
  const [entry] = (await apiGet(request, key, "/worklog/entries")).entries;
  expect(entry.commit_ids).toEqual(oldestFirst.slice(0, 100).toSorted());
  await rest.getByRole("button", { name: "Log as is" }).click();
  await expect(rest).toHaveCount(0);
  const entries = (await apiGet(request, key, "/worklog/entries")).entries as { commit_ids: string[] }[];
  expect(entries.map((each) => each.commit_ids.length)).toEqual([50, 100]);
  expect((await apiGet(request, key, "/worklog/suggestions")).suggestions).toEqual([]);
});
