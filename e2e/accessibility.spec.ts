// Accessibility: axe on every page in both colour schemes, on an account that has something in
// every list (a project, a repository with a commit, an entry with it attached, a suggested entry
// of a commit not logged yet, a recap, shared by a link, an API key, an incoming hook).
// Each page is loaded once: axe checks it in light, then in dark only the rules about colours, as
// the dark scheme changes nothing else (app/globals.css: CSS alone, no script, picks it).
// Each page is also laid out at a phone's and a desktop's widths: nothing may run off the side,
// not even an entry's long code line or URL.
// The other specs test what pages do; their states are not checked with axe again. The API
// reference, long enough to take axe some 10 s, is checked in e2e/docs.spec.ts, in both schemes too.
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { apiClient, expectAccessible, pressUntilFocused, signUp, uniqueEmail } from "./support";

const signedIn = path.join(os.tmpdir(), `worklog-e2e-a11y-${process.pid}.json`);
const ids = { project: "", repository: "", recap: "", sharedRecap: "" };

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, uniqueEmail("a11y"));
  const post = await apiClient(page, context.request);
  const project = await post("/projects", { name: "Accessible website" });
  const repository = await post(`/projects/${project.id}/repositories`, { name: "website", remote_url: "https://github.com/example/website.git" });
  const recorded = await post(`/repositories/${repository.id}/commits`, {
    commits: [
      { sha: "a".repeat(40), message: "Raise the contrast of links", committed_at: new Date().toISOString() },
      { sha: "b".repeat(40), message: "fix: focus rings on the menu", committed_at: new Date().toISOString() },
    ],
  });
  const [commit] = recorded.commits as { id: string }[];
  await post("/worklog/entries", {
    content: "Raised the **contrast** of links",
    project_id: project.id,
    tags: ["a11y"],
    duration_seconds: 1800,
    commit_ids: [commit!.id],
  });
  // Work past midnight, whatever the hour of the run: its time names both days, the longest label a row has.
  const today = new Date();
  await post("/worklog/entries", {
    content: "Watched the night's deploy",
    project_id: project.id,
    recorded_at: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 0, 1)).toISOString(),
    duration_seconds: 7200,
  });
  const longLine = `const widths = [${Array.from({ length: 60 }, (_, index) => index * 16).join(", ")}];`;
  await post("/worklog/entries", {
    content: `Measured the widths:\n\n\`\`\`ts\n${longLine}\n\`\`\`\n\nSee https://example.com/${"very-long-path-".repeat(12)}`,
    project_id: project.id,
    tags: ["layout"],
  });
  const recap = await post("/worklog/recaps", {});
  await post("/incoming_hooks", { provider: "github", name: "Accessible organisation" });
  await page.goto(`/recaps/${recap.id}`);
  await expect(page.getByRole("article")).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await page.getByRole("button", { name: "Create a link" }).click();
  const sharedRecap = new URL(await page.getByTestId("recap-share-url").inputValue()).pathname;
  Object.assign(ids, { project: project.id, repository: repository.id, recap: recap.id, sharedRecap });
  await context.storageState({ path: signedIn });
  await context.close();
});

type Checked = { name: string; path: () => string; signedIn: boolean; ready: (page: Page) => Promise<void>; widths?: readonly number[] };

/**
 * A small phone's, a phone's, a tablet's and a desktop's. A page of fixed text (no user's content
 * to grow it) needs no 390: it has 320's layout and more room. 768 is the one width in Tailwind's
 * sm layout (a header, footer and landing grid of its own).
 */
const allWidths = [320, 390, 768, 1440];
const fixedTextWidths = [320, 768, 1440];

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
};
const showing = (text: string) => async (page: Page) => {
  await expect(page.getByText(text).first()).toBeVisible();
};

const pages: Checked[] = [
  { name: "the landing page", path: () => "/", signedIn: false, ready: heading(/./), widths: fixedTextWidths },
  { name: "sign in", path: () => "/signin", signedIn: false, ready: heading(/./), widths: fixedTextWidths },
  { name: "sign up", path: () => "/signup", signedIn: false, ready: heading(/./), widths: fixedTextWidths },
  { name: "a page that does not exist", path: () => "/no-such-page", signedIn: false, ready: heading("Page not found"), widths: fixedTextWidths },
  {
    name: "the worklog",
    path: () => "/",
    signedIn: true,
    // Checked with the suggestions unfolded and every entry shown whole (its code line and URL too), once the page's scripts run.
    ready: async (page) => {
      await showing("contrast")(page);
      await pressUntilFocused(page, "c", page.getByRole("region", { name: "New entry" }).getByLabel("What did you work on?"));
      await page.getByRole("button", { name: "Suggested entries (1)" }).click();
      await showing("1 commit on website not logged yet")(page);
      const showAll = page.getByRole("button", { name: /^Show all of the entry of/ });
      const folded = await showAll.count();
      for (let shown = 1; shown <= folded; shown++) {
        await showAll.first().click();
        await expect(showAll).toHaveCount(folded - shown);
      }
      await expect(page.getByRole("region", { name: "Code" })).toBeVisible();
    },
  },
  { name: "the projects", path: () => "/projects", signedIn: true, ready: showing("Accessible website") },
  { name: "a project", path: () => `/projects/${ids.project}`, signedIn: true, ready: heading("Accessible website") },
  { name: "the repositories", path: () => "/repositories", signedIn: true, ready: showing("website") },
  { name: "a repository", path: () => `/repositories/${ids.repository}`, signedIn: true, ready: showing("Raise the contrast of links") },
  {
    name: "the reports",
    path: () => "/reports",
    signedIn: true,
    ready: async (page) => expect(page.getByRole("rowheader", { name: "Accessible website" })).toBeVisible(),
  },
  { name: "the recaps", path: () => "/recaps", signedIn: true, ready: heading("Recaps") },
  { name: "a recap", path: () => `/recaps/${ids.recap}`, signedIn: true, ready: heading(/./) },
  { name: "a shared recap", path: () => ids.sharedRecap, signedIn: false, ready: heading(/^Recap/) },
  { name: "the profile", path: () => "/settings/profile", signedIn: true, ready: heading("Settings") },
  { name: "the workspace settings", path: () => "/settings/workspace", signedIn: true, ready: showing("Danger zone") },
  { name: "the members", path: () => "/settings/members", signedIn: true, ready: showing("Invite by email") },
  { name: "the API keys", path: () => "/settings/api-keys", signedIn: true, ready: showing("seed") },
  { name: "the data settings", path: () => "/settings/data", signedIn: true, ready: heading("Settings") },
  { name: "the devices", path: () => "/settings/devices", signedIn: true, ready: heading("Settings") },
  { name: "the integrations", path: () => "/settings/integrations", signedIn: true, ready: showing("Accessible organisation") },
  { name: "the webhooks", path: () => "/settings/webhooks", signedIn: true, ready: heading("Settings") },
  { name: "the calendar settings", path: () => "/settings/calendar", signedIn: true, ready: showing("Subscribe in Google Calendar:") },
  { name: "a device's approval", path: () => "/device", signedIn: true, ready: heading(/./) },
];

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

for (const checked of pages) {
  const widths = checked.widths ?? allWidths;
  test(`${checked.name} (${checked.signedIn ? "signed in" : "signed out"}): no serious or critical axe violation in light or dark, nothing past the side at ${widths.join(", ")} px`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: "light", storageState: checked.signedIn ? signedIn : undefined });
    const page = await context.newPage();
    await page.goto(checked.path());
    await checked.ready(page);
    await expectAccessible(page);

    const lightBackground = await bodyBackground(page);
    await page.emulateMedia({ colorScheme: "dark" });
    // The page must really have turned dark, or the second pass would check the light colours again.
    expect(await bodyBackground(page), "the body's background in dark").not.toBe(lightBackground);
    await expectAccessible(page, { coloursOnly: true });

    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      // Read after the resize's layout: a page wider than the window scrolls sideways.
      const { overflow, widest } = await page.evaluate(() => {
        const { scrollWidth, clientWidth } = document.scrollingElement!;
        // The elements that end past the window's right edge, the innermost named first: what to fix.
        // What a box that clips or scrolls holds widens nothing outside it, unless it is placed
        // absolutely (.sr-only) against a box outside the one that scrolls.
        const clipped = (element: Element) => {
          for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
            if (getComputedStyle(box).overflowX !== "visible") return getComputedStyle(element).position !== "absolute";
          }
          return false;
        };
        const past = [...document.body.querySelectorAll("*")].filter(
          (element) => element.getBoundingClientRect().right > clientWidth + 0.5 && !clipped(element),
        );
        const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
        return {
          overflow: scrollWidth - clientWidth,
          widest: innermost.slice(0, 3).map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`),
        };
      });
      expect(overflow, `${width} px wide: the page is ${overflow} px wider (${widest.join("; ")})`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
}
