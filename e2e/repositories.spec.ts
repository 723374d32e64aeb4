import { expect, test, type Page } from "@playwright/test";
import { formatDateTime } from "../lib/formatting/time-words";
import { apiClient, pressUntilFocused, screenshotPage, signUp, uniqueEmail } from "./support";

const sha = (digit: string) => digit.repeat(40);
/** A time as the pages show it to an account in UTC (the browser's zone at sign-up), on the en-US browser's 12-hour clock. */
const shown = (iso: string) => formatDateTime(iso, { timeZone: "UTC", hourCycle: 12 });

/** Opens in a new tab, without handing the other site this window or this address. */
async function expectExternal(link: ReturnType<Page["getByRole"]>, href: string) {
  await expect(link).toHaveAttribute("href", href);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
}

test("repositories link to their host, show their commits' count and last activity, and commits are detached from entries", async ({ page, request }) => {
  await signUp(page, uniqueEmail("repositories"));
  const post = await apiClient(page, request);
  const project = await post("/projects", { name: "Engine", identifier: "ENG" });
  const engine = await post(`/projects/${project.id}/repositories`, { name: "engine", remote_url: "git@github.com:ada/engine.git" });
  const intranet = await post("/repositories", { name: "intranet", remote_url: "https://git.example.com/ada/intranet.git" });
  await post("/repositories", { name: "sketches" });
  const { commits } = (await post(`/repositories/${engine.id}/commits`, {
    commits: [
      { sha: sha("a"), message: "Fix the login form", committed_at: "2026-11-18T09:00:00Z", author_name: "Ada" },
      { sha: sha("b"), message: "Ship the engine", committed_at: "2026-11-20T16:30:00Z", author_name: "Ada" },
    ],
  })) as unknown as { commits: { id: string }[] };
  await post(`/repositories/${intranet.id}/commits`, { commits: [{ sha: sha("c"), message: "Intranet page", committed_at: "2026-11-19T10:00:00Z" }] });
  const shipped = await post("/worklog/entries", {
    content: "**Shipped** the _engine_ with [its docs](https://example.com/docs)\n\nThe rest of the story.",
    recorded_at: "2026-11-20T17:00:00Z",
    project_id: project.id,
  });
  const reviewed = await post("/worklog/entries", { content: "# Reviewed `login`", recorded_at: "2026-11-18T10:00:00Z" });
  await post(`/worklog/entries/${shipped.id}/commits`, { commit_ids: commits.map((commit) => commit.id) });
  await post(`/worklog/entries/${reviewed.id}/commits`, { commit_ids: [commits[0]!.id] });

  // The list: each repository's commits counted, the latest by commit time, or none yet.
  await page.goto("/repositories");
  const row = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(row("engine")).toContainText("2 commits");
  await expect(row("engine")).toContainText(`Last commit${shown("2026-11-20T16:30:00Z")}`);
  await expect(row("intranet")).toContainText("1 commit");
  await expect(row("intranet")).toContainText(`Last commit${shown("2026-11-19T10:00:00Z")}`);
  await expect(row("sketches")).toContainText("No commits yet");
  await expectExternal(row("engine").getByRole("link", { name: "git@github.com:ada/engine.git (opens in a new tab)" }), "https://github.com/ada/engine");
  // A host it does not know is shown, not linked.
  await expect(row("intranet")).toContainText("https://git.example.com/ada/intranet.git");
  await expect(row("intranet").getByRole("link")).toHaveCount(1);
  await screenshotPage(page, "repositories");

  // A repository's page, titled by its name: its remote and each commit link to the host.
  await page.goto(`/repositories/${engine.id}`);
  await expect(page).toHaveTitle("engine · Worklog");
  await expectExternal(page.getByRole("link", { name: "git@github.com:ada/engine.git (opens in a new tab)" }), "https://github.com/ada/engine");
  await expectExternal(page.getByRole("link", { name: "bbbbbbb (opens in a new tab)" }), `https://github.com/ada/engine/commit/${sha("b")}`);
  await expectExternal(page.getByRole("link", { name: "aaaaaaa (opens in a new tab)" }), `https://github.com/ada/engine/commit/${sha("a")}`);

  // Each entry a commit is attached to is a chip: its first block as plain text, a link to it in the worklog.
  const chipsOf = (shortSha: string) => page.getByRole("list", { name: `Entries with commit ${shortSha}` }).getByRole("link");
  const shippedChip = `${shown("2026-11-20T17:00:00Z")}: Shipped the engine with its docs`;
  const reviewedChip = `${shown("2026-11-18T10:00:00Z")}: Reviewed login`;
  await expect(chipsOf("bbbbbbb")).toHaveText([shippedChip]);
  await expect(chipsOf("aaaaaaa")).toHaveText([shippedChip, reviewedChip]);
  await expect(page.getByRole("region", { name: "Commits (2)" })).not.toContainText("*");
  await expect(chipsOf("bbbbbbb")).toHaveAttribute("href", `/?from=2026-11-20&to=2026-11-20#entry-${shipped.id}`);
  await expect(chipsOf("aaaaaaa").nth(1)).toHaveAttribute("href", `/?from=2026-11-18&to=2026-11-18#entry-${reviewed.id}`);
  await screenshotPage(page, "repository");

  // Detached with the keyboard: Tab from the chip's link to its Detach button, then Enter.
  await chipsOf("aaaaaaa").nth(1).focus();
  await page.keyboard.press("Tab");
  const detachReviewed = page.getByRole("button", { name: `Detach commit aaaaaaa from the entry of ${shown("2026-11-18T10:00:00Z")}` });
  await expect(detachReviewed).toBeFocused();
  await page.keyboard.press("Enter");
  const notice = page.getByRole("status").filter({ hasText: `Commit aaaaaaa detached from the entry of ${shown("2026-11-18T10:00:00Z")}.` });
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  await expect(chipsOf("aaaaaaa")).toHaveText([shippedChip]);
  await page.reload();
  await expect(chipsOf("aaaaaaa")).toHaveText([shippedChip]);
  await expect(chipsOf("bbbbbbb")).toHaveText([shippedChip]);

  // The chip leads to the entry among its day's in the worklog, where a commit is detached too.
  await chipsOf("bbbbbbb").click();
  await expect(page).toHaveURL(`/?from=2026-11-20&to=2026-11-20#entry-${shipped.id}`);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-11-20");
  const entry = page.locator(`#entry-${shipped.id}`);
  await expect(entry.getByRole("strong")).toHaveText("Shipped");
  // The row says how many commits; all of the entry lists them.
  await expect(entry).toContainText("2 commits");
  const showAll = entry.getByRole("button", { name: /^Show all of the entry of/ });
  await showAll.click();
  const attached = entry.getByRole("list", { name: "Attached commits" }).getByRole("listitem");
  await expect(attached).toHaveText([/^engine@aaaaaaaFix the login form/, /^engine@bbbbbbbShip the engine/]);
  await entry.getByRole("button", { name: `Detach engine@aaaaaaa from the entry of ${shown("2026-11-20T17:00:00Z")}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Commit engine@aaaaaaa detached." })).toBeFocused();
  await expect(attached).toHaveText([/^engine@bbbbbbbShip the engine/]);
  await page.reload();
  await pressUntilFocused(page, "c", page.getByRole("region", { name: "New entry" }).getByLabel("What did you work on?"));
  await showAll.click();
  await expect(attached).toHaveText([/^engine@bbbbbbbShip the engine/]);

  await page.goto(`/repositories/${engine.id}`);
  await expect(page.getByRole("list", { name: "Entries with commit aaaaaaa" })).toHaveCount(0);
  await expect(chipsOf("bbbbbbb")).toHaveText([shippedChip]);

  // A remote on a host it does not know: neither it nor the commits are links.
  await page.goto(`/repositories/${intranet.id}`);
  await expect(page.getByText("https://git.example.com/ada/intranet.git")).toBeVisible();
  await expect(page.getByRole("link", { name: /git\.example\.com/ })).toHaveCount(0);
  await expect(page.getByText("ccccccc", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /ccccccc/ })).toHaveCount(0);
});
