// The phone and polish points of issue 46: the week view's buttons on one line, the settings tab
// strip that shows where it is, a reports table that fits a phone, targets of at least 24×24 px in
// an entry's row, the user's name whole in the header, /docs in line with the header, and the
// Devices page's empty state that says how Worklog's own CLI signs in.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { apiClient, expectAccessible, signUp, uniqueEmail } from "./support";

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };
const schemes = ["light", "dark"] as const;

/** axe's `target-size` (WCAG 2.5.8, off by default) on what `include` selects. */
async function expectTargetsLargeEnough(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page }).include(include).withRules(["target-size"]).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Whether a locator's box lies whole inside another's, horizontally. */
async function horizontallyInside(inner: Locator, outer: Locator) {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  return a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
}

test("on a phone: the week view's buttons on one line, the settings tab strip shows the current page, the reports table fits, an entry's targets are 24 px", async ({
  page,
  request,
}) => {
  test.slow();
  await signUp(page, uniqueEmail("phone"));
  const post = await apiClient(page, request, ["Project: All", "Worklog: All"]);
  const project = await post("/projects", { name: "A project with a rather long name", identifier: "LNG" });
  const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
  await post("/worklog/entries", { content: "Planned the release", project_id: project.id, tags: ["ux", "release-notes"], duration_seconds: 8100 });
  await post("/worklog/entries", { content: "Planned the release before", project_id: project.id, recorded_at: lastWeek, duration_seconds: 3600 });
  await page.setViewportSize(phone);

  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    const coloursOnly = colorScheme === "dark";

    // The week view (a day on a phone): ←, Today and → share one line.
    await page.goto("/?view=week");
    const previous = page.getByRole("button", { name: "Previous day" });
    const next = page.getByRole("button", { name: "Next day" });
    await expect(next).toBeVisible();
    expect((await next.boundingBox())!.y).toBe((await previous.boundingBox())!.y);
    expect(await horizontallyInside(next, page.locator("main"))).toBe(true);
    await expectAccessible(page, { coloursOnly });

    // The settings tab strip: on every page its tab is in view, marked and coloured apart.
    const tabs = page.getByRole("navigation", { name: "Settings" });
    for (const label of ["Profile", "API keys", "Devices", "Integrations", "Webhooks", "Schedules", "Data"]) {
      await page.goto("/settings/profile");
      await tabs.getByRole("link", { name: label }).click();
      const current = tabs.getByRole("link", { name: label });
      await expect(current).toHaveAttribute("aria-current", "page");
      await expect(tabs.locator("[aria-current]")).toHaveCount(1);
      await expect.poll(() => horizontallyInside(current, tabs), { message: label }).toBe(true);
      const other = tabs.getByRole("link", { name: label === "Profile" ? "Data" : "Profile" });
      const background = (link: Locator) => link.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(await background(current), label).not.toBe(await background(other));
    }
    // Opened by its address, Data (the strip's last tab) is scrolled into view too.
    await page.goto("/settings/data");
    await expect.poll(() => horizontallyInside(tabs.getByRole("link", { name: "Data" }), tabs)).toBe(true);
    await expectAccessible(page, { coloursOnly });

    // The reports table fits: Entries and Change are in view, nothing scrolls sideways.
    await page.goto("/reports");
    const table = page.getByRole("region", { name: "Time by project" });
    await expect(table.getByRole("row", { name: /^A project with a rather long name/ }).getByRole("cell")).toHaveText([
      "2h 15m",
      "100%",
      "1",
      /^\+1h 15m \(\+125%\)$/,
    ]);
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    for (const name of ["Entries", /^Change/]) expect(await horizontallyInside(table.getByRole("columnheader", { name }), table)).toBe(true);
    await expectAccessible(page, { coloursOnly });

    // An entry's "…" button, project badge and tag chips: 24×24 px at least.
    await page.goto("/");
    const row = page.locator("[data-entry-id]").filter({ hasText: "Planned the release" }).first();
    const targets = [
      row.getByRole("button", { name: /^Actions of entry of / }),
      row.getByRole("link", { name: /^#/ }).first(),
      row.getByRole("link", { name: /LNG/ }),
    ];
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    await expectTargetsLargeEnough(page, "[data-entry-id]");
    await expectAccessible(page, { coloursOnly });
  }
});

test("the header shows the whole name where there is room, /docs lines up with the header, and Devices says how the Accomplish CLI signs in", async ({
  page,
}) => {
  await signUp(page, uniqueEmail("polish"));
  await page.setViewportSize(desktop);
  await page.goto("/settings/devices");
  const account = page.getByRole("navigation", { name: "Account" });
  const name = account.getByText("Ada Lovelace", { exact: true });
  await expect(name).toBeVisible();
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(name).toHaveAttribute("title", /^Ada Lovelace \(/);

  // The empty state names Worklog's CLI and the device flow it signs in with.
  const empty = page.getByText(/^To log work from a terminal/);
  await expect(empty).toContainText("the Accomplish CLI (acc)");
  await expect(empty).toContainText("api_base");
  await expect(empty.getByRole("link", { name: "/device" })).toHaveAttribute("href", "/device");
  await expectAccessible(page);

  // /docs: its content starts and ends where the header's does (axe checks it in e2e/docs.spec.ts).
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    await page.goto("/docs");
    const header = (await page.getByRole("banner").getByRole("link", { name: "Worklog", exact: true }).first().boundingBox())!;
    const signOut = (await page.getByRole("button", { name: "Sign out" }).boundingBox())!;
    const title = (await page.getByRole("heading", { level: 1, name: "API reference" }).boundingBox())!;
    expect(Math.abs(title.x - header.x)).toBeLessThanOrEqual(1);
    const content = (await page.locator("main > *").first().boundingBox())!;
    expect(Math.abs(content.x - header.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(content.x + content.width - (signOut.x + signOut.width))).toBeLessThanOrEqual(1);
    // The contents column stays below the sticky header as the page scrolls.
    await page.mouse.wheel(0, 3000);
    const contents = page.getByRole("navigation", { name: "API reference contents" });
    await expect.poll(async () => (await contents.boundingBox())!.y).toBeGreaterThanOrEqual((await page.getByRole("banner").boundingBox())!.height);
  }

  // A name too long for the row is cut, and whole in its tooltip; Sign out stays on the page.
  await page.goto("/settings/profile");
  const longName = "Augusta Ada King, Countess of Lovelace and of the Analytical Engine";
  await page.getByLabel("Name").fill(longName);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto("/reports");
  const cut = account.getByText(longName, { exact: true });
  await expect(cut).toHaveAttribute("title", new RegExp(`^${longName} \\(`));
  expect(await cut.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport({ ratio: 1 });
});
