import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { runAdmin, screenshotPage, signIn, signUp, uniqueEmail } from "./support";

/** What the Accomplish CLI (acc v0.4) sends: its client id and its eight scopes, comma-separated. */
const CLI_CLIENT_ID = "90w0AXnlNgnh2XBJdexYjw";
const CLI_SCOPES = "user:read,user:write,project:read,project:write,worklog:read,worklog:write,repo:read,repo:write";

type Terminal = { port: number; hits: string[]; close: () => Promise<void> };

/** A command-line tool's listener on 127.0.0.1 (a free port unless given), which records the URLs it is sent. */
async function startTerminal(port = 0): Promise<Terminal> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}${request.url}`);
    response.writeHead(200, { "content-type": "text/plain" }).end("You can close this window.");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port on 127.0.0.1 that nothing listens on: a closed terminal's. */
async function closedPort(): Promise<number> {
  const terminal = await startTerminal();
  await terminal.close();
  return terminal.port;
}

/** The stock CLI's listener on 127.0.0.1:8000, which the approval page tells the decision. */
let cli: Terminal;

test.beforeAll(async () => {
  cli = await startTerminal(8000);
});

test.afterAll(async () => {
  await cli.close();
});

type DeviceCode = { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string; interval: number };

async function requestDeviceCode(request: APIRequestContext, clientId = CLI_CLIENT_ID, scope = CLI_SCOPES): Promise<DeviceCode> {
  const response = await request.post("/auth/device/code", { data: { client_id: clientId, scope } });
  expect(response.status()).toBe(200);
  return response.json();
}

function pollToken(request: APIRequestContext, deviceCode: string) {
  return request.post("/auth/device/token", { data: { device_code: deviceCode } });
}

/** Registers a client with the admin command, as an operator would, and returns its id. */
function registerClient(name: string, redirectUri?: string): string {
  return runAdmin(["client:create", "--name", name, ...(redirectUri ? ["--redirect-uri", redirectUri] : [])]);
}

/** The browser stayed on Worklog's page for the code, which told the terminal listening at `callback`. */
async function expectTerminalTold(page: Page, terminal: Terminal, grant: DeviceCode, callback = "http://127.0.0.1:8000/callback") {
  await expect(page.getByRole("status")).toHaveText("Your terminal has been told. You can close this tab.");
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/device?user_code=${grant.user_code}`);
  expect(terminal.hits).toContain(`${callback}?device_code=${grant.device_code}`);
}

test("the Accomplish CLI signs in with the device flow, logs work with its token, and is revoked in Settings", async ({ page, request, baseURL }) => {
  const email = uniqueEmail("cli");
  await signUp(page, email);

  const grant = await requestDeviceCode(request);
  expect(grant.verification_uri_complete).toBe(`${grant.verification_uri}?user_code=${grant.user_code}`);
  await page.goto(grant.verification_uri_complete);
  await expect(page.getByText("Accomplish CLI wants to use your Worklog account.")).toBeVisible();
  await expect(page.getByText(grant.user_code)).toBeVisible();
  await expect(page.getByRole("list", { name: "Requested access" }).getByRole("listitem")).toHaveText([
    "See, create, change and delete your profile (name, email, time zone)",
    "See, create, change and delete your projects",
    "See, create, change and delete your repositories and their commits",
    "See, create, change and delete your worklog entries and recaps",
  ]);
  await screenshotPage(page, "device-approve");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Approved — return to your terminal" })).toBeVisible();
  await expectTerminalTold(page, cli, grant);

  const issued = await pollToken(request, grant.device_code);
  expect(issued.status()).toBe(200);
  const tokens = await issued.json();
  expect(tokens).toEqual({
    access_token: expect.stringMatching(/^wlo_[0-9A-Za-z]{40}$/),
    token_type: "Bearer",
    refresh_token: expect.stringMatching(/^wlr_[0-9A-Za-z]{40}$/),
    expires_in: 7_776_000,
    scope: "user:read user:write project:read project:write worklog:read worklog:write repo:read repo:write",
  });
  const auth = { authorization: `Bearer ${tokens.access_token}` };

  const info = await request.post("/auth/token_info", { headers: auth, data: { token: tokens.access_token } });
  expect(info.status()).toBe(200);
  expect(await info.json()).toEqual({
    active: true,
    scope: "user:read user:write project:read project:write worklog:read worklog:write repo:read repo:write",
    client_id: CLI_CLIENT_ID,
    username: email,
    exp: expect.any(Number),
  });

  const project = await request.post("/api/v1/projects", { headers: auth, data: { name: "Website Project" } });
  expect(project.status()).toBe(201);
  const { id: projectId, identifier } = await project.json();
  expect(identifier).toBe("WP");

  const newEntry = async (content: string, tags: string[], recordedAt: string) => {
    const response = await request.post("/api/v1/worklog/entries", {
      headers: auth,
      data: { content, tags, project_id: projectId, recorded_at: recordedAt },
    });
    expect(response.status()).toBe(201);
    return response.json();
  };
  const first = await newEntry("Set up the build", ["a", "ci"], "2026-11-20T09:00:00Z");
  const second = await newEntry("Wrote the landing page", ["b"], "2026-11-20T15:30:00Z");
  await newEntry("Untagged for this query", ["c"], "2026-11-20T16:00:00Z");
  await newEntry("The next day", ["a"], "2026-11-21T08:00:00Z");
  expect(first.project).toEqual({ id: projectId, name: "Website Project", identifier: "WP" });

  const query = `limit=10&project_id=${projectId}&tags=a,b&from=2026-11-20T00:00:00Z&to=2026-11-20T23:59:59Z`;
  const listed = await request.get(`/api/v1/worklog/entries?${query}`, { headers: auth });
  expect(listed.status()).toBe(200);
  const page1 = await listed.json();
  expect(page1.entries.map((entry: { id: string }) => entry.id)).toEqual([second.id, first.id]);
  expect(page1.meta).toMatchObject({ result_count: 2, total_count: 2, limit: 10, has_more: false });

  const repository = await request.post("/api/v1/repositories", { headers: auth, data: { name: "website", project_id: projectId } });
  expect(repository.status()).toBe(201);
  const repo = await repository.json();
  expect(repo).toMatchObject({ name: "website", project_id: projectId, local_path: null, remote_url: null, default_branch: null });

  const shas = ["a".repeat(40), "b".repeat(40), "c".repeat(40)];
  const uncaptured = async () => {
    const response = await request.get(`/api/v1/repositories/${repo.id}/commits?uncaptured=true&shas=${shas.join(",")}`, { headers: auth });
    expect(response.status()).toBe(200);
    return (await response.json()).uncaptured_shas;
  };
  expect(await uncaptured()).toEqual(shas);
  const posted = await request.post(`/api/v1/repositories/${repo.id}/commits`, {
    headers: auth,
    data: {
      commits: shas.slice(0, 2).map((sha, index) => ({ sha, message: `Commit ${index}`, committed_at: "2026-11-20T10:00:00+01:00", author_name: "Ada" })),
    },
  });
  expect(posted.status()).toBe(201);
  const commitIds = (await posted.json()).commits.map((commit: { id: string }) => commit.id);
  expect(commitIds).toHaveLength(2);
  expect(await uncaptured()).toEqual([shas[2]]);

  const attached = await request.post(`/api/v1/worklog/entries/${first.id}/commits`, { headers: auth, data: { commit_ids: commitIds } });
  expect(attached.status()).toBe(200);
  expect([...(await attached.json()).commit_ids].sort()).toEqual([...commitIds].sort());

  const recapFilters = `from=2026-11-20T00:00:00Z&to=2026-11-20T23:59:59Z&project_ids=${projectId}&tags=a,b`;
  const created = await request.post(`/api/v1/worklog/recaps?${recapFilters}`, { headers: auth, data: {} });
  expect(created.status()).toBe(201);
  const recap = await created.json();
  expect(recap).toMatchObject({ recap_id: recap.id, status: "processing", poll_url: `/api/v1/worklog/recaps/${recap.id}` });
  expect(recap.sse_url).toBe(`${baseURL}/api/v1/worklog/recaps/sse?recap_id=${recap.id}`);
  // The stream closes after its last event, so its whole body is the recap's story.
  const stream = await request.get(recap.sse_url, { headers: auth });
  expect(stream.status()).toBe(200);
  expect(stream.headers()["content-type"]).toContain("text/event-stream");
  const events = (await stream.text())
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice("data: ".length)));
  expect(events.at(-1)).toMatchObject({ recap_id: recap.id, status: "completed", content: expect.stringContaining("Set up the build") });
  const polled = await request.get(`${baseURL}${recap.poll_url}`, { headers: auth });
  expect(polled.status()).toBe(200);
  expect(await polled.json()).toMatchObject({
    id: recap.id,
    status: "completed",
    content: events.at(-1).content,
    metadata: { entry_count: 2, projects: ["Website Project"], commit_count: 2 },
  });

  await page.goto("/settings/devices");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Accomplish CLI" }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("project:write");
  await expect(row).not.toContainText("Never");
  await screenshotPage(page, "devices");
  await row.getByRole("button", { name: "Revoke Accomplish CLI" }).click();
  await page.getByRole("dialog", { name: "Revoke device" }).getByRole("button", { name: "Revoke device" }).click();
  await expect(page.getByText("No devices yet.")).toBeVisible();

  const afterRevoke = await request.get("/api/v1/user", { headers: auth });
  expect(afterRevoke.status()).toBe(401);
  expect(await afterRevoke.json()).toEqual({ error: { message: "Invalid or expired OAuth token.", type: "authentication_error" } });
  const revokedInfo = await request.post("/auth/token_info", { headers: auth, data: { token: tokens.access_token } });
  expect(revokedInfo.status()).toBe(401);
  expect(await revokedInfo.json()).toEqual({ error: "invalid_token" });
});

test("a user of two workspaces approves a device for the team's, and its token works there", async ({ page, request }) => {
  const email = uniqueEmail("cli-team");
  await signUp(page, email);
  const slug = runAdmin(["workspace:create", "--email", email, "--name", "Device Team"]);

  const grant = await requestDeviceCode(request, CLI_CLIENT_ID, "workspace:read");
  await page.goto(grant.verification_uri_complete);
  const workspace = page.getByRole("combobox", { name: "Workspace" });
  await expect(workspace.locator("option:checked")).toHaveText("Ada Lovelace's workspace (owner)");
  await workspace.selectOption({ label: "Device Team (owner)" });
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Approved — return to your terminal" })).toBeVisible();
  await expectTerminalTold(page, cli, grant);

  const issued = await pollToken(request, grant.device_code);
  expect(issued.status()).toBe(200);
  const { access_token } = await issued.json();
  const read = await request.get("/api/v1/workspace", { headers: { authorization: `Bearer ${access_token}` } });
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({ slug, name: "Device Team", role: "owner" });
});

test("a signed-out user signs in first, types the code, and denies the device", async ({ page, request, browser }) => {
  const email = uniqueEmail("deny");
  const signup = await browser.newPage();
  await signUp(signup, email);
  await signup.close();

  const grant = await requestDeviceCode(request);
  const pending = await pollToken(request, grant.device_code);
  expect(pending.status()).toBe(400);
  expect(await pending.json()).toEqual({ error: "authorization_pending" });
  const tooFast = await pollToken(request, grant.device_code);
  expect(await tooFast.json()).toEqual({ error: "slow_down" });

  await page.goto(grant.verification_uri);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdevice$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/device$/);
  await page.getByLabel("Code").fill("BCDF-GHJK");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("This code is unknown, has expired or was already used.")).toBeVisible();
  await page.getByLabel("Code").fill(grant.user_code.replace("-", "").toLowerCase());
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Accomplish CLI wants to use your Worklog account.")).toBeVisible();
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByRole("heading", { name: "Denied — return to your terminal" })).toBeVisible();
  await expect(page).toHaveTitle("Device denied · Worklog");
  await expect(page.getByText("Accomplish CLI was not given access to your Worklog account.")).toBeVisible();
  await expectTerminalTold(page, cli, grant);

  const denied = await pollToken(request, grant.device_code);
  expect(denied.status()).toBe(400);
  expect(await denied.json()).toEqual({ error: "access_denied" });

  // The code cannot be decided again: its page says what was decided, and only to the one who decided.
  await page.goto(grant.verification_uri_complete);
  await expect(page.getByRole("heading", { name: "Denied — return to your terminal" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  const someoneElse = await browser.newPage();
  await signUp(someoneElse, uniqueEmail("other"));
  await someoneElse.goto(grant.verification_uri_complete);
  await expect(someoneElse.getByText("This code is unknown, has expired or was already used.")).toBeVisible();
  await someoneElse.close();
});

test("a used device code is refused, refresh rotates the pair, and revoke ends a token", async ({ page, request }) => {
  await signUp(page, uniqueEmail("rotate"));
  const grant = await requestDeviceCode(request);
  await page.goto(grant.verification_uri_complete);
  await page.getByRole("button", { name: "Approve" }).click();
  await expectTerminalTold(page, cli, grant);
  const tokens = await (await pollToken(request, grant.device_code)).json();
  const reused = await pollToken(request, grant.device_code);
  expect(reused.status()).toBe(400);
  expect(await reused.json()).toEqual({ error: "invalid_grant" });

  const refreshed = await request.post("/auth/token", { form: { grant_type: "refresh_token", refresh_token: tokens.refresh_token } });
  expect(refreshed.status()).toBe(200);
  const renewed = await refreshed.json();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  expect((await request.get("/api/v1/user", { headers: bearer(tokens.access_token) })).status()).toBe(401);
  expect((await request.get("/api/v1/user", { headers: bearer(renewed.access_token) })).status()).toBe(200);

  expect((await request.post("/auth/revoke", { data: { token: renewed.refresh_token } })).status()).toBe(200);
  expect((await request.get("/api/v1/user", { headers: bearer(renewed.access_token) })).status()).toBe(401);
  // A rotated refresh token works no more (and, presented again, would revoke the pair it was rotated into).
  const again = await request.post("/auth/token", { data: { grant_type: "refresh_token", refresh_token: tokens.refresh_token } });
  expect(await again.json()).toEqual({ error: "invalid_grant" });
});

test("a client registered without a redirect URI leaves the user on a page that says to return to the terminal", async ({ page, request }) => {
  const clientId = registerClient("Build bot");
  await signUp(page, uniqueEmail("headless"));
  const grant = await requestDeviceCode(request, clientId, "worklog:read");
  await page.goto(grant.verification_uri_complete);
  await expect(page.getByText("Build bot wants to use your Worklog account.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Requested access" }).getByRole("listitem")).toHaveText(["See your worklog entries and recaps"]);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Approved — return to your terminal" })).toBeVisible();
  await expect(page).toHaveTitle("Device approved · Worklog");
  await expect(page.getByText("Your terminal collects its access the next time it checks with Worklog")).toBeVisible();
  const tokens = await (await pollToken(request, grant.device_code)).json();
  expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 90 * 86_400, scope: "worklog:read" });
  await page.reload();
  await expect(page.getByText("Your terminal has collected its access: it is signed in.")).toBeVisible();
});

test("approved while the terminal does not listen, the user stays on Worklog's page, which says what to do and tells the terminal once it listens", async ({
  page,
  request,
  baseURL,
}) => {
  const port = await closedPort();
  const callback = `http://127.0.0.1:${port}/callback`;
  const clientId = registerClient("Offline tool", callback);
  await signUp(page, uniqueEmail("offline"));
  const grant = await requestDeviceCode(request, clientId, "worklog:read");
  await page.goto(grant.verification_uri_complete);
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page.getByRole("heading", { name: "Approved — return to your terminal" })).toBeVisible();
  await expect(page).toHaveTitle("Device approved · Worklog");
  expect(page.url()).toBe(`${baseURL}/device?user_code=${grant.user_code}`);
  await expect(page.getByText("Offline tool can now use your Worklog account.")).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("This browser could not reach your terminal.");
  await expect(page.getByRole("listitem").filter({ hasText: "on the computer where it runs" })).toHaveText(
    `on the computer where it runs, open Connect a device (/device) and enter the code ${grant.user_code} again: that page tells it;`,
  );
  const direct = page.getByRole("link", { name: "open your terminal’s address in a new tab" });
  await expect(direct).toHaveAttribute("href", `${callback}?device_code=${grant.device_code}`);
  await expect(direct).toHaveAttribute("target", "_blank");
  await screenshotPage(page, "device-approved");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.emulateMedia({ colorScheme: "light" });

  // The terminal starts listening (say the user's browser had blocked it): trying again tells it.
  const terminal = await startTerminal(port);
  try {
    await page.getByRole("button", { name: "Try again" }).click();
    await expectTerminalTold(page, terminal, grant, callback);
    // What the page advises from another device: the code entered again on this computer tells it too.
    await page.goto("/device");
    await page.getByLabel("Code").fill(grant.user_code);
    await page.getByRole("button", { name: "Continue" }).click();
    await expectTerminalTold(page, terminal, grant, callback);
    expect(terminal.hits).toHaveLength(2);
  } finally {
    await terminal.close();
  }
  expect((await pollToken(request, grant.device_code)).status()).toBe(200);
});

test("with the keyboard alone, the user approves and the listening terminal is told", async ({ page, request }) => {
  const terminal = await startTerminal();
  const callback = `http://127.0.0.1:${terminal.port}/callback`;
  try {
    const clientId = registerClient("Keyboard tool", callback);
    await signUp(page, uniqueEmail("keyboard"));
    const grant = await requestDeviceCode(request, clientId, "worklog:read");
    await page.goto(grant.verification_uri_complete);
    const approve = page.getByRole("button", { name: "Approve" });
    for (let presses = 0; presses < 30 && !(await approve.evaluate((button) => button === document.activeElement)); presses++) {
      await page.keyboard.press("Tab");
    }
    await expect(approve).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Approved — return to your terminal" })).toBeVisible();
    await expectTerminalTold(page, terminal, grant, callback);
    expect(terminal.hits).toEqual([`${callback}?device_code=${grant.device_code}`]);
  } finally {
    await terminal.close();
  }
});
