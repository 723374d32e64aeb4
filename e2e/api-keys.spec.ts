import { expect, test, type APIRequestContext } from "@playwright/test";
import { waitForMessageTo } from "../tests/support/mailbox";
import { createKey, expectAccessible, keyRow, password, runAdmin, screenshotPage, signIn, signUp, uniqueEmail } from "./support";

function getUser(request: APIRequestContext, key: string) {
  return request.get("/api/v1/user", { headers: { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` } });
}

test("a new account creates scoped API keys, uses them and revokes one", async ({ page, request }) => {
  const email = uniqueEmail("keys");
  await page.goto("/signup");
  await screenshotPage(page, "signup");
  await signUp(page, email);

  await page.goto("/settings/api-keys");
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await expect(page.getByText(/curl -u wl_your_key: http:\/\/localhost:\d+\/api\/v1\/user/)).toBeVisible();

  await page.getByLabel("Name").fill("no scopes");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Select at least one scope.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("no scopes");
  await page.getByLabel("Name").clear();

  const projectKey = await createKey(page, "read-projects", ["Project: Read", "Worklog: All"]);
  const projectRow = keyRow(page, "read-projects");
  await expect(projectRow).toContainText(projectKey.slice(0, 8));
  await expect(projectRow).toContainText("project:read");
  await expect(projectRow).toContainText("worklog:*");
  await expect(projectRow).toContainText("Never");

  const forbidden = await getUser(request, projectKey);
  expect(forbidden.status()).toBe(403);
  expect((await forbidden.json()).error.message).toContain("Required: user:read");

  const userKey = await createKey(page, "me", ["User: Read"]);
  await screenshotPage(page, "api-keys");
  const allowed = await getUser(request, userKey);
  expect(allowed.status()).toBe(200);
  expect((await allowed.json()).email).toBe(email);

  await page.getByRole("button", { name: "Revoke me" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke API key" });
  await expect(dialog).toContainText("Revoke me? Applications using it will stop working immediately.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Revoke me" }).click();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(keyRow(page, "me")).toHaveCount(0);
  await expect(projectRow).toBeVisible();

  expect((await getUser(request, userKey)).status()).toBe(401);
});

test("a user of two workspaces makes a key for the team's, which the list names and which works there", async ({ page, request }) => {
  const email = uniqueEmail("team-keys");
  await signUp(page, email);
  const slug = runAdmin(["workspace:create", "--email", email, "--name", "Engine Team"]);

  await page.goto("/settings/api-keys");
  const workspace = page.getByRole("combobox", { name: "Workspace" });
  await expect(workspace.locator("option:checked")).toHaveText("Ada Lovelace's workspace (owner)");
  await workspace.selectOption({ label: "Engine Team (owner)" });
  const teamKey = await createKey(page, "team", ["Workspace: Read"]);
  await expect(keyRow(page, "team")).toContainText("Engine Team");
  await expect(workspace.locator("option:checked")).toHaveText("Ada Lovelace's workspace (owner)");
  await createKey(page, "personal", ["Workspace: Read"]);
  await expect(keyRow(page, "personal")).toContainText("Ada Lovelace's workspace");

  const read = await request.get("/api/v1/workspace", { headers: { Authorization: `Basic ${Buffer.from(`${teamKey}:`).toString("base64")}` } });
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({ slug, name: "Engine Team", role: "owner" });
});

test("an admin invites through the API; the invitee signs up through the link and joins, and the used link says so", async ({ page, browser, request }) => {
  const [ownerEmail, adminEmail, inviteeEmail] = [uniqueEmail("inviting-owner"), uniqueEmail("inviting-admin"), uniqueEmail("invitee")];
  runAdmin(["user:create", "--email", ownerEmail, "--password", password]);
  const slug = runAdmin(["workspace:create", "--email", ownerEmail, "--name", "Difference Engines"]);
  runAdmin(["user:create", "--email", adminEmail, "--password", password, "--name", "Charles Babbage"]);
  runAdmin(["member:add", "--workspace", slug, "--email", adminEmail, "--role", "admin"]);
  const adminKey = runAdmin(["key:create", "--email", adminEmail, "--name", "invitations", "--scopes", "workspace:*", "--workspace", slug]);
  const headers = { Authorization: `Basic ${Buffer.from(`${adminKey}:`).toString("base64")}` };
  const created = await request.post("/api/v1/workspace/invitations", { headers, data: { email: inviteeEmail, role: "member" } });
  expect(created.status(), await created.text()).toBe(201);
  const { invite_url: inviteUrl, email_status: emailStatus } = await created.json();
  expect(emailStatus).toBe("queued");
  // The invitee follows the link of the email that arrived.
  const message = await waitForMessageTo(inviteeEmail);
  expect(message.subject).toBe("Charles Babbage invited you to Difference Engines on Worklog");
  expect(message.links).toEqual([inviteUrl]);
  const invitationPath = new URL(message.links[0]!).pathname;

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(invitationPath);
  await expect(invitee.getByRole("heading", { name: "You are invited to a workspace" })).toBeVisible();
  await expect(invitee.getByText(`This invitation was sent to ${inviteeEmail}.`)).toBeVisible();
  await expect(invitee.getByText("Difference Engines")).toHaveCount(0);
  await expectAccessible(invitee);
  await invitee.getByRole("link", { name: "Create an account" }).click();
  await expect(invitee.getByLabel("Email")).toHaveValue(inviteeEmail);
  await invitee.getByLabel("Name").fill("Ada Lovelace");
  await invitee.getByLabel("Password").fill(password);
  await invitee.getByRole("button", { name: "Create account" }).click();

  await expect(invitee.getByRole("heading", { name: "Join Difference Engines" })).toBeVisible();
  await expect(invitee.getByText(/Charles Babbage invited you .* to the workspace Difference Engines as a member/)).toBeVisible();
  await screenshotPage(invitee, "invitation");
  await invitee.getByRole("button", { name: "Accept and join" }).click();
  await expect(invitee.getByRole("heading", { name: "You are a member of Difference Engines" })).toBeVisible();
  await expect(invitee.getByRole("link", { name: "Open Difference Engines" })).toHaveAttribute("href", `/w/${slug}`);
  await inviteeContext.close();

  const { members } = await (await request.get("/api/v1/workspace/members", { headers })).json();
  expect(members).toContainEqual(expect.objectContaining({ email: inviteeEmail, role: "member" }));
  await page.goto(invitationPath);
  await expect(page.getByRole("heading", { name: "Invitation used" })).toBeVisible();
  await expect(page.getByText("This invitation was already used.")).toBeVisible();
  await expect(page.getByText("Difference Engines")).toHaveCount(0);
});

test("a new key comes with the setup of MCP clients, on this server's origin, ready to copy", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page, uniqueEmail("mcp-setup"));
  await page.goto("/settings/api-keys");
  const key = await createKey(page, "agent", ["Worklog: All"]);
  const setup = page.getByRole("region", { name: "Use it from an AI agent" });
  const command = `claude mcp add --transport http worklog ${baseURL}/api/mcp --header "Authorization: Bearer ${key}"`;
  await expect(setup.getByText(command)).toBeVisible();
  await setup.getByRole("button", { name: "Copy Claude Code" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
  await setup.getByRole("button", { name: /^Copy Cursor/ }).click();
  const json = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(json.mcpServers.worklog).toEqual({ type: "http", url: `${baseURL}/api/mcp`, headers: { Authorization: `Bearer ${key}` } });
});

test("signing in: wrong passwords, the way back to the page asked for, and signing out", async ({ page }) => {
  const email = uniqueEmail("signin");
  await signUp(page, email);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" })).toBeVisible();

  await page.goto("/signin");
  await screenshotPage(page, "signin");
  await signIn(page, email, "not the password");
  await expect(page.getByText("Wrong email or password.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  const unknownEmail = uniqueEmail("nobody");
  await signIn(page, unknownEmail);
  await expect(page.getByLabel("Email")).toHaveValue(unknownEmail);
  await expect(page.getByText("Wrong email or password.")).toBeVisible();

  await page.goto("/settings/api-keys");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fsettings%2Fapi-keys$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");
});

test("signing up with an email that has an account does not say so, keeps the form, and lets its owner in", async ({ page, browser }) => {
  const email = uniqueEmail("taken");
  await signUp(page, email);

  const visitor = await browser.newPage();
  await visitor.goto("/signup");
  await visitor.getByLabel("Email").fill(email.toUpperCase());
  await visitor.getByLabel("Name").fill("Someone Else");
  await visitor.getByLabel("Password").fill("another strong phrase");
  await visitor.getByRole("button", { name: "Create account" }).click();
  await expect(visitor.getByText("No new account can be made with this email. If you already have an account, sign in instead.")).toBeVisible();
  await expect(visitor.getByText("already exists")).toHaveCount(0);
  await expect(visitor.getByLabel("Email")).toHaveValue(email.toUpperCase());
  await expect(visitor.getByLabel("Name")).toHaveValue("Someone Else");
  await expect(visitor.getByLabel("Password")).toHaveValue("");

  // Someone who forgot they had an account, signing up with its password, is signed in to it.
  await visitor.getByLabel("Password").fill(password);
  await visitor.getByRole("button", { name: "Create account" }).click();
  await expect(visitor.getByRole("navigation", { name: "Account" })).toContainText("Ada Lovelace");
  await visitor.close();
});

test("the profile is edited, and deleting the account signs out for good", async ({ page, browser }) => {
  const otherEmail = uniqueEmail("other");
  const other = await browser.newPage();
  await signUp(other, otherEmail);
  await other.close();
  const email = uniqueEmail("profile");
  await signUp(page, email);

  await page.goto("/settings/profile");
  await page.getByLabel("Email").fill(otherEmail);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("An account with this email already exists")).toBeVisible();
  await page.getByLabel("Email").fill(email);

  await expect(page.getByLabel("Time zone")).toHaveValue("UTC");
  await page.getByLabel("Name", { exact: true }).fill("Grace Hopper");
  await page.getByLabel("Time zone").selectOption("Europe/Paris");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Profile saved." })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Account" })).toContainText("Grace Hopper");
  await page.reload();
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Paris");
  await screenshotPage(page, "profile");

  const deleteButton = page.getByRole("button", { name: "Delete account" });
  await expect(deleteButton).toBeDisabled();
  await page.getByLabel(/to confirm/).fill(email);
  await deleteButton.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" })).toBeVisible();

  await page.goto("/signin");
  await signIn(page, email);
  await expect(page.getByText("Wrong email or password.")).toBeVisible();
});
