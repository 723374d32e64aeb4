import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext, type Page, type Request } from "@playwright/test";
import { createKey, keyRow, pressUntilFocused, signIn, signUp, uniqueEmail } from "./support";

const scriptTag = "<script>alert(1)</script>";
const imgTag = '"><img src=x onerror=alert(1)>';
const sqlLike = "'; DROP TABLE worklog_entries; --";
const rtl = "\u202Egnp.exe \u200Fשלום\u200E";
/** Tags take no whitespace: the same attacks in a tag's shape. */
const hostileTags = [scriptTag, '"><img/src=x/onerror=alert(1)>'];

/**
 * Everything a page must never do with hostile text: open a dialog, break a rule of its
 * Content-Security-Policy (reported as an event and in the console). Collected for the whole
 * test and checked at its end.
 */
async function watchForTrouble(page: Page): Promise<string[]> {
  const trouble: string[] = [];
  page.on("dialog", async (dialog) => {
    trouble.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) trouble.push(`console: ${message.text()}`);
  });
  await page.exposeFunction("reportCspViolation", (violation: string) => trouble.push(`violation: ${violation}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sample})`);
    });
  });
  return trouble;
}

/** No element came out of the text: no image, frame, handler attribute, script in the content, or script URL. */
async function expectNothingInjected(page: Page) {
  await expect(page.locator("img, iframe, [onerror], main script, a[href^='javascript:' i]")).toHaveCount(0);
}

async function expectLiteral(page: Page, ...texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await expectNothingInjected(page);
}

type Api = (method: "GET" | "POST", path: string, data?: unknown) => Promise<Record<string, unknown>>;

function apiWith(request: APIRequestContext, key: string): Api {
  const headers = { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` };
  return async (method, path, data) => {
    const response = await request.fetch(`/api/v1${path}`, { method, headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
}

test("hostile text is shown as text everywhere, runs nothing, and no page breaks its Content-Security-Policy", async ({ page, request }) => {
  const trouble = await watchForTrouble(page);

  // The profile name, in the header of every page.
  await signUp(page, uniqueEmail("hostile"), imgTag);
  await expectLiteral(page, imgTag);

  // An API key's name, in the settings.
  await page.goto("/settings/api-keys");
  const key = await createKey(page, scriptTag, ["User: All", "Project: All", "Repo: All", "Worklog: All"]);
  await expect(keyRow(page, scriptTag)).toBeVisible();
  await expectNothingInjected(page);
  const api = apiWith(request, key);

  const project = await api("POST", "/projects", { name: scriptTag, description: `${imgTag} ${sqlLike}`, identifier: "XSS" });
  const repository = await api("POST", `/projects/${project.id}/repositories`, { name: imgTag, remote_url: "javascript:alert(1)", local_path: rtl });
  const { commits } = (await api("POST", `/repositories/${repository.id}/commits`, {
    commits: [{ sha: "f".repeat(40), message: `${scriptTag}\nsecond line`, committed_at: new Date().toISOString() }],
  })) as { commits: { id: string }[] };

  // A markdown entry written in the browser: raw HTML, a script link, SQL, right-to-left marks.
  await page.goto("/");
  const content = [
    `# ${scriptTag}`,
    imgTag,
    `[click me](javascript:alert(1)) and <a href="javascript:alert(1)">raw link</a> <iframe src="/"></iframe>`,
    `${sqlLike} ${rtl}`,
  ].join("\n\n");
  const composer = page.getByRole("region", { name: "New entry" });
  await composer.getByLabel("What did you work on?").fill(content);
  await composer.getByLabel("Tags").fill(hostileTags.join(" "));
  await composer.getByRole("button", { name: "Preview" }).click();
  const preview = composer.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: scriptTag })).toBeVisible();
  await expect(preview).toContainText('<a href="javascript:alert(1)">raw link</a> <iframe src="/"></iframe>');
  await expectNothingInjected(page);
  await composer.getByRole("button", { name: "Write" }).click();
  await composer.getByRole("button", { name: "Add entry" }).click();
  await expect(composer.getByLabel("What did you work on?")).toHaveValue("");

  const { entries } = (await api("GET", "/worklog/entries")) as { entries: { id: string; content: string; tags: string[] }[] };
  expect(entries[0]).toMatchObject({ content, tags: hostileTags });
  await api("POST", `/worklog/entries/${entries[0]!.id}/commits`, { commit_ids: [commits[0]!.id] });
  await api("POST", "/worklog/entries", { content: "With the project", project_id: project.id, tags: hostileTags });

  await page.reload();
  const entry = page
    .getByRole("region", { name: /^Entries/ })
    .getByRole("article")
    .filter({ hasNotText: "With the project" });
  // A row shows the text's first line; its button shows all of it, the commits too.
  await pressUntilFocused(page, "c", page.getByRole("region", { name: "New entry" }).getByLabel("What did you work on?"));
  await entry.getByRole("button", { name: /^Show all of the entry of/ }).click();
  await expect(entry.getByRole("heading", { name: scriptTag })).toBeVisible();
  await expect(entry.getByRole("link", { name: "click me" })).not.toHaveAttribute("href", /javascript/i);
  await expect(entry).toContainText(imgTag);
  await expect(entry).toContainText(rtl);
  await expect(entry.getByRole("list", { name: "Tags" })).toHaveText(hostileTags.map((tag) => `#${tag}`).join(""));
  await expect(entry.getByRole("list", { name: "Attached commits" })).toContainText(`${imgTag}@fffffff${scriptTag}`);
  await expectNothingInjected(page);

  await page.goto("/projects");
  await expectLiteral(page, scriptTag);
  await page.goto(`/projects/${project.id}`);
  await expectLiteral(page, scriptTag, imgTag, sqlLike, "javascript:alert(1)");
  await page.goto("/repositories");
  await expectLiteral(page, imgTag, "javascript:alert(1)");
  await page.goto(`/repositories/${repository.id}`);
  await expectLiteral(page, imgTag, scriptTag);

  // A recap of it all, watched while it streams in.
  await page.goto("/recaps");
  await page.getByRole("button", { name: "Generate recap" }).click();
  await expect(page).toHaveURL(/\/recaps\/[0-9a-f-]{36}$/);
  const recap = page.getByRole("article");
  await expect(recap).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  const recapContent = recap.getByTestId("recap-content");
  await expect(recapContent.getByRole("heading", { name: scriptTag })).toBeVisible();
  await expect(recapContent).toContainText(hostileTags[1]!);
  await expectNothingInjected(page);
  await page.goto("/recaps");
  await page
    .getByRole("link", { name: /completed/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/recaps\/[0-9a-f-]{36}$/);
  await expectLiteral(page, scriptTag, hostileTags[1]!);

  await page.goto("/settings/profile");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(imgTag);
  await expectNothingInjected(page);

  expect(trouble).toEqual([]);
});

test("the device page and settings keep to the Content-Security-Policy", async ({ page, request }) => {
  const trouble = await watchForTrouble(page);
  await signUp(page, uniqueEmail("device-csp"));
  // The page tells the stock CLI client's local listener the decision; the test stands in for it.
  const told: string[] = [];
  await page.route("http://127.0.0.1:8000/**", (route) => {
    told.push(route.request().url());
    return route.fulfill({ contentType: "text/plain", body: "You can close this window." });
  });
  const grant = await (await request.post("/auth/device/code", { data: { client_id: "90w0AXnlNgnh2XBJdexYjw", scope: "worklog:read" } })).json();
  await page.goto(grant.verification_uri_complete);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Your terminal has been told.")).toBeVisible();
  expect(told).toEqual([`http://127.0.0.1:8000/callback?device_code=${grant.device_code}`]);
  for (const path of ["/settings/devices", "/settings/profile", "/signin", "/signup", "/no-such-page"]) await page.goto(path);
  expect(trouble).toEqual([]);
});

test("pages carry a nonce-based Content-Security-Policy and the other security headers; the API only the static ones", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/", "/signin", "/signup", "/no-such-page"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("same-origin");
    expect(headers["x-frame-options"], path).toBe("DENY");
    const policy = headers["content-security-policy"]!;
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    const scriptSource = policy.split(";").find((directive) => directive.trim().startsWith("script-src"))!;
    expect(scriptSource).not.toMatch(/unsafe-eval|unsafe-inline/);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSource)?.[1];
    expect(nonce, path).toBeDefined();
    nonces.add(nonce!);
    // Every script of the page carries it.
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
  }
  expect(nonces.size).toBe(4);

  // The proxy that makes the nonce does not run for the API or static files.
  for (const [method, path] of [
    ["GET", "/api/live"],
    ["GET", "/api/v1/user"],
    ["GET", "/api/v1/no-such-endpoint"],
    ["POST", "/auth/device/code"],
    ["GET", "/favicon.svg"],
  ] as const) {
    const response = await request.fetch(path, { method });
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["content-security-policy"], path).toBeUndefined();
  }
});

test("another site cannot frame the app", async ({ page, baseURL }) => {
  // Another origin on this machine, served for real (Chrome blocks a page it cannot place on
  // the network, such as a routed one, from framing a local server anyway).
  const framing = createServer((_, response) =>
    response.writeHead(200, { "content-type": "text/html" }).end(`<h1>Elsewhere</h1><iframe src="${baseURL}/signin" title="framed"></iframe>`),
  );
  await new Promise<void>((resolve) => framing.listen(0, "127.0.0.1", resolve));
  try {
    const refused = page.waitForEvent("console", (message) => /frame-ancestors/i.test(message.text()));
    await page.goto(`http://127.0.0.1:${(framing.address() as AddressInfo).port}/`);
    await refused;
    await expect(page.frameLocator("iframe").getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => framing.close(resolve));
  }
});

/** The next server-action request the page sends, as sent. */
function nextServerAction(page: Page): Promise<Request> {
  return page.waitForRequest((request) => request.method() === "POST" && request.headers()["next-action"] !== undefined);
}

/** Sends a captured server-action request again with the browser's cookies, claiming to come from `origin`. */
async function replay(page: Page, action: Request, origin: string) {
  const keep = ["next-action", "next-router-state-tree", "content-type", "accept"];
  const headers = Object.fromEntries(Object.entries(await action.allHeaders()).filter(([name]) => keep.includes(name)));
  return page.request.fetch(action.url(), { method: "POST", headers: { ...headers, origin }, data: action.postDataBuffer() ?? undefined, maxRedirects: 0 });
}

test("CSRF: server actions and sign-out refuse requests from another origin", async ({ page, baseURL }) => {
  const email = uniqueEmail("csrf");
  await signUp(page, email, "Original Name");
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "authjs.session-token");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  const foreign = "https://evil.example";
  const account = page.getByRole("navigation", { name: "Account" });

  // The profile form: the captured request, replayed from another origin, changes nothing.
  await page.goto("/settings/profile");
  const saveAction = nextServerAction(page);
  await page.getByLabel("Name", { exact: true }).fill("Set By Replay");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();
  const saveRequest = await saveAction;
  await page.getByLabel("Name", { exact: true }).fill("Current Name");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(account).toContainText("Current Name");

  expect((await replay(page, saveRequest, foreign)).status()).toBeGreaterThanOrEqual(400);
  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Current Name");
  // The same bytes from the app's own origin do change it: the refusal is the origin's doing.
  expect((await replay(page, saveRequest, baseURL!)).status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Set By Replay");

  // Creating an API key.
  await page.goto("/settings/api-keys");
  const keyAction = nextServerAction(page);
  await createKey(page, "first key", ["Worklog: Read"]);
  const keyRequest = await keyAction;
  expect((await replay(page, keyRequest, foreign)).status()).toBeGreaterThanOrEqual(400);
  await page.reload();
  await expect(keyRow(page, "first key")).toHaveCount(1);
  expect((await replay(page, keyRequest, baseURL!)).status()).toBe(200);
  await page.reload();
  await expect(keyRow(page, "first key")).toHaveCount(2);

  // Signing out through the header's form: captured once for real, then replayed.
  const signOutAction = nextServerAction(page);
  await account.getByRole("button", { name: "Sign out" }).click();
  const signOutRequest = await signOutAction;
  await expect(account.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/signin");
  await signIn(page, email);
  await expect(account).toContainText("Set By Replay");
  expect((await replay(page, signOutRequest, foreign)).status()).toBeGreaterThanOrEqual(400);
  await page.goto("/settings/profile");
  await expect(account).toContainText("Set By Replay");

  // next-auth's own sign-out endpoint wants its CSRF token, whatever the origin says.
  const authSignOut = await page.request.post("/api/auth/signout", {
    headers: { origin: foreign },
    form: { callbackUrl: "/" },
    maxRedirects: 0,
  });
  expect(authSignOut.status()).toBe(302);
  expect(authSignOut.headers().location).toContain("error=MissingCSRF");
  await page.reload();
  await expect(account).toContainText("Set By Replay");

  expect((await replay(page, signOutRequest, baseURL!)).status()).toBeLessThan(400);
  await page.reload();
  await expect(account.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test.describe("accounts", () => {
  test("a session cookie copied before signing out is signed out after it, and 'Sign out everywhere' ends every browser's session", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("session");
    await signUp(page, email);
    const copied = (await page.context().cookies()).filter((cookie) => cookie.name === "authjs.session-token");
    expect(copied).toHaveLength(1);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();

    const thief = await browser.newContext();
    await thief.addCookies(copied);
    const stolen = await thief.newPage();
    await stolen.goto("/settings/profile");
    await expect(stolen).toHaveURL(/\/signin\?callbackUrl=/);
    await thief.close();

    // Two browsers signed in; "Sign out everywhere" in one signs out both.
    await page.goto("/signin");
    await signIn(page, email);
    await expect(page.getByRole("navigation", { name: "Account" })).toBeVisible();
    const laptop = await browser.newContext();
    const other = await laptop.newPage();
    await other.goto("/signin");
    await signIn(other, email);
    await expect(other.getByRole("navigation", { name: "Account" })).toBeVisible();

    await page.goto("/settings/profile");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/signin/);
    await other.goto("/settings/profile");
    await expect(other).toHaveURL(/\/signin\?callbackUrl=/);
    await laptop.close();
  });

  test("a weak password is refused, with advice shown as it is typed", async ({ page }) => {
    await page.goto("/signup");
    const strength = page.getByTestId("password-strength");
    await expect(strength).toHaveAttribute("aria-live", "polite");
    await page.getByLabel("Email").fill(uniqueEmail("weak"));
    await page.getByLabel("Password").pressSequentially("password12");
    await expect(strength).toContainText("not accepted");
    await expect(strength).toContainText("commonly used password");
    // The browser lets it through (10 characters); the server refuses it.
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Use a password that is harder to guess")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Password").fill("");
    await page.getByLabel("Password").pressSequentially("quiet lantern orbit");
    await expect(strength).not.toContainText("not accepted");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("navigation", { name: "Account" })).toBeVisible();
  });

  test("after 10 wrong passwords an account is locked for a while, the right password included, and the page says how long", async ({ page }) => {
    const email = uniqueEmail("guessed");
    await signUp(page, email);
    await page.getByRole("button", { name: "Sign out" }).click();
    // Signed out once the header offers to sign in: a navigation before that is overtaken by the sign-out's own, to the home page.
    await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.goto("/signin");
    for (let attempt = 1; attempt <= 10; attempt++) {
      await signIn(page, email, `wrong guess number ${attempt}`);
      // The button reads "Signing in…" until the answer is there.
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
      await expect(page.getByText("Wrong email or password.")).toBeVisible();
    }
    await signIn(page, email);
    await expect(page.getByText(/^Too many failed sign-ins\. Try again in \d+ minutes?\.$/)).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);
  });
});
