// Settings → Members and Settings → Workspace (issue 48): an owner's controls, a viewer's
// read-only pages, the workspace's form, its deletion, axe in both colour schemes and the keyboard.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible, password, pressUntilFocused, runAdmin, signIn, signUp, uniqueEmail } from "./support";

/** Calls the REST API with a key of the admin CLI. */
function apiAs(request: APIRequestContext, key: string) {
  const headers = { Authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` };
  return async (method: "GET" | "PUT", path: string, data?: unknown) => {
    const response = await request.fetch(`/api/v1${path}`, { method, headers, data });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  };
}

/** The user's personal workspace (the one the browser works in) and a key of theirs there. */
function personalWorkspace(request: APIRequestContext, email: string) {
  const api = apiAs(request, runAdmin(["key:create", "--email", email, "--name", "setup", "--scopes", "workspace:*,user:read"]));
  return { api, slug: async () => (await api("GET", "/workspace")).slug as string, userId: async () => (await api("GET", "/user")).id as string };
}

const memberRow = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

async function checkBothSchemes(page: Page) {
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectAccessible(page, { coloursOnly: true });
  await page.emulateMedia({ colorScheme: "light" });
}

test("an owner invites and revokes, changes a member's role by keyboard (and undoes it), and removes them", async ({ page, request }) => {
  const [ownerEmail, memberEmail, inviteeEmail] = [uniqueEmail("members-owner"), uniqueEmail("members-member"), uniqueEmail("members-invitee")];
  await signUp(page, ownerEmail);
  const slug = await personalWorkspace(request, ownerEmail).slug();
  runAdmin(["user:create", "--email", memberEmail, "--password", password, "--name", "Charles Babbage"]);
  runAdmin(["member:add", "--workspace", slug, "--email", memberEmail, "--role", "member"]);

  await page.goto("/settings/members");
  await expect(memberRow(page, "Ada Lovelace (you)")).toContainText("owner");
  await expect(memberRow(page, "Charles Babbage")).toContainText(memberEmail);

  await page.getByRole("textbox", { name: "Email" }).fill(inviteeEmail);
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Create invitation" }).click();
  await expect(page.getByTestId("new-invitation-link")).toHaveValue(/\/invite\/wli_[0-9A-Za-z]{32}$/);
  const invitation = memberRow(page, inviteeEmail);
  await expect(invitation).toContainText("viewer");
  await expect(invitation).toContainText("Ada Lovelace");
  await page.getByRole("textbox", { name: "Email" }).fill(inviteeEmail);
  await page.getByRole("button", { name: "Create invitation" }).click();
  await expect(page.getByText("This address is a member's or has a pending invitation")).toBeVisible();
  await checkBothSchemes(page);

  await invitation.getByRole("button", { name: `Revoke the invitation of ${inviteeEmail}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
  await expect(page.getByText(`Invitation revoked: ${inviteeEmail}`)).toBeVisible();
  await expect(invitation).toHaveCount(0);
  await expect(page.getByText("No invitation is waiting.")).toBeVisible();

  // Keyboard only: the role's select, its Change role, and the dialog's confirming button.
  const roleSelect = page.getByRole("combobox", { name: "Role of Charles Babbage" });
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Members" }).focus();
  await pressUntilFocused(page, "Tab", roleSelect);
  await page.keyboard.press("ArrowDown");
  await expect(roleSelect).toHaveValue("admin");
  const change = page.getByRole("button", { name: "Change role of Charles Babbage" });
  await pressUntilFocused(page, "Tab", change);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Change role" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Make admin" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Charles Babbage is now admin")).toBeVisible();
  await expect(roleSelect).toHaveValue("admin");
  await expect(change).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Charles Babbage is member again")).toBeVisible();
  await page.reload();
  await expect(roleSelect).toHaveValue("member");

  await memberRow(page, "Charles Babbage").getByRole("button", { name: "Remove Charles Babbage" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByText("Charles Babbage was removed")).toBeVisible();
  await expect(memberRow(page, "Charles Babbage")).toHaveCount(0);
});

test("the workspace's form renames and validates; the only workspace cannot be deleted", async ({ page }) => {
  const email = uniqueEmail("workspace-form");
  await signUp(page, email);
  const holder = uniqueEmail("slug-holder");
  runAdmin(["user:create", "--email", holder, "--password", password]);
  const takenSlug = runAdmin(["workspace:create", "--email", holder, "--name", "Slug Holder"]);
  await page.goto("/settings/workspace");
  await expect(page.getByLabel("Name")).toHaveValue("Ada Lovelace's workspace");
  await checkBothSchemes(page);

  await page.getByLabel("Slug").fill("Not A Slug!");
  await page.getByRole("button", { name: "Save workspace" }).click();
  await expect(page.getByText("Use 2 to 48 of a–z, 0–9 and -")).toBeVisible();
  await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Slug").fill(takenSlug);
  await page.getByRole("button", { name: "Save workspace" }).click();
  await expect(page.getByText("Another workspace has this slug")).toBeVisible();

  await page.getByLabel("Slug").fill(`engine-room-${Date.now()}`);
  await page.getByLabel("Name").fill("Engine Room");
  await page.getByLabel("Who reads entries").selectOption("admins");
  await page.getByRole("button", { name: "Save workspace" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Workspace saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Name")).toHaveValue("Engine Room");
  await expect(page.getByLabel("Who reads entries")).toHaveValue("admins");

  await expect(page.getByRole("heading", { name: "Danger zone" })).toBeVisible();
  await expect(page.getByText("This is your only workspace")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete workspace" })).toHaveCount(0);
});

test("a viewer sees the members and the workspace without controls but Leave; an owner of two workspaces deletes one", async ({ page, browser, request }) => {
  // The browser works in the user's personal workspace: its owner hands it to another, who makes them a viewer there.
  const [viewerEmail, ownerEmail] = [uniqueEmail("viewer"), uniqueEmail("new-owner")];
  runAdmin(["user:create", "--email", viewerEmail, "--password", password, "--name", "Mary Viewer"]);
  runAdmin(["user:create", "--email", ownerEmail, "--password", password, "--name", "Olive Owner"]);
  const viewer = personalWorkspace(request, viewerEmail);
  const slug = await viewer.slug();
  runAdmin(["member:add", "--workspace", slug, "--email", ownerEmail, "--role", "admin"]);
  const owner = apiAs(request, runAdmin(["key:create", "--email", ownerEmail, "--name", "setup", "--scopes", "workspace:*,user:read", "--workspace", slug]));
  const ownerId = (await owner("GET", "/user")).id;
  await viewer.api("PUT", `/workspace/members/${ownerId}`, { role: "owner" });
  await owner("PUT", `/workspace/members/${await viewer.userId()}`, { role: "viewer" });

  await page.goto("/signin");
  await signIn(page, viewerEmail);
  await expect(page.getByRole("navigation", { name: "Account" })).toContainText("Mary Viewer");
  await page.goto("/settings/members");
  await expect(memberRow(page, "Olive Owner")).toContainText("owner");
  await expect(memberRow(page, "Olive Owner")).toContainText("Hidden");
  await expect(memberRow(page, "Mary Viewer (you)")).toContainText("viewer");
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Remove|Transfer|Revoke|Change)/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Invite by email" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Pending invitations" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Leave / })).toBeVisible();
  await checkBothSchemes(page);

  await page.goto("/settings/workspace");
  await expect(page.getByText("Its admins change these settings.")).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Danger zone" })).toHaveCount(0);
  await checkBothSchemes(page);

  // The new owner's browser works in their own workspace, and they own another: the first can go.
  const ownerPage = await (await browser.newContext()).newPage();
  await ownerPage.goto("/signin");
  await signIn(ownerPage, ownerEmail);
  await expect(ownerPage.getByRole("navigation", { name: "Account" })).toContainText("Olive Owner");
  await ownerPage.goto("/settings/workspace");
  const ownName = "Olive Owner's workspace";
  await expect(ownerPage.getByLabel("Name")).toHaveValue(ownName);
  const deleteButton = ownerPage.getByRole("button", { name: "Delete workspace" });
  await expect(deleteButton).toBeDisabled();
  await ownerPage.getByLabel(/to confirm/).fill(ownName);
  await deleteButton.click();
  await expect(ownerPage).toHaveURL(/\/$/);
  await ownerPage.goto("/settings/workspace");
  await expect(ownerPage.getByLabel("Name")).toHaveValue("Mary Viewer's workspace");
  await ownerPage.context().close();
});
