// The workspace endpoints (docs/api.md, "Workspaces"): settings, members, invitations, the
// user's workspaces, and the member events webhooks receive.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notFoundBody } from "../support/accounts";
import { allowedPort, startReceiver, type Receiver, type Received } from "../support/receiver";
import { json } from "../support/responses";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newTeam } from "../support/team";
import { queryServerDatabase } from "../support/server-database";
import { actionId } from "../support/server-actions";
import { signInWithPassword } from "../support/web-session";

let server: TestServer;
let receiver: Receiver;
const received: Received[] = [];

const roleRefusal = (role: string) => ({
  error: { message: `Your role in this workspace does not allow this. Required: ${role}.`, type: "authorization_error" },
  details: { required_role: role },
});
const transferFirst = { error: { message: "Transfer ownership first.", type: "invalid_request_error" } };
const duplicateAt = (pointer: string) => ({ errors: [{ title: "Invalid value", detail: "Duplicate value", source: { pointer } }] });

beforeAll(async () => {
  server = await sharedServer("webhooks");
  receiver = await startReceiver({
    port: allowedPort(server, 3),
    answer(request, response) {
      received.push(request);
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    },
  });
});

afterAll(async () => {
  await receiver?.close();
});

const call = (key: string, method: string, pathname: string, body?: unknown) => server.request(pathname, { key, method, body });

async function userId(key: string): Promise<string> {
  return (await json(call(key, "GET", "/api/v1/user"))).id;
}

const query = <T>(sql: string, values: unknown[]) => queryServerDatabase<T>(server, sql, values);

describe("the workspace", () => {
  it("answers the credential's workspace with the caller's role and the member count; admins change its settings", async () => {
    const team = await newTeam(server, "Settings team");
    const asMember = await json(call(team.member.key, "GET", "/api/v1/workspace"));
    expect(asMember).toMatchObject({ slug: team.slug, name: "Settings team", entries_visible_to: "members", role: "member", member_count: 4 });

    const slug = `renamed-${randomUUID().slice(0, 8)}`;
    const updated = await json(call(team.admin.key, "PUT", "/api/v1/workspace", { name: "Renamed", slug, entries_visible_to: "admins" }));
    expect(updated).toMatchObject({ id: asMember.id, name: "Renamed", slug, entries_visible_to: "admins", role: "admin", member_count: 4 });
    expect(await json(call(team.viewer.key, "GET", "/api/v1/workspace"))).toMatchObject({ slug, role: "viewer" });

    expect(await json(call(team.member.key, "PUT", "/api/v1/workspace", { name: "Mine" }), 403)).toEqual(roleRefusal("admin"));
    const other = await newTeam(server, "Other team");
    expect(await json(call(team.admin.key, "PUT", "/api/v1/workspace", { slug: other.slug }), 422)).toEqual(duplicateAt("/slug"));
    for (const invalid of ["a", "Upper-Case", "under_score", "x".repeat(49)]) {
      const response = await server.request("/api/v1/workspace", { key: team.admin.key, method: "PUT", body: { slug: invalid }, invalid: true });
      expect(response.status, invalid).toBe(422);
      expect((await response.json()).errors[0].source.pointer).toBe("/slug");
    }
    expect(await json(server.request("/api/v1/workspace", { key: team.admin.key, method: "PUT", body: { name: "" }, invalid: true }), 422)).toMatchObject({
      errors: [{ source: { pointer: "/name" } }],
    });
  });

  it("lists the user's workspaces with their role in each", async () => {
    const team = await newTeam(server, "Listed team");
    const { workspaces } = await json(call(team.viewer.key, "GET", "/api/v1/user/workspaces"));
    expect(workspaces).toHaveLength(2);
    expect(workspaces.map((workspace: { role: string }) => workspace.role)).toEqual(["owner", "viewer"]);
    expect(workspaces[1]).toMatchObject({ slug: team.slug, name: "Listed team" });

    // The answer reads the team's workspace, whose writes do not move the team key's workspace's change sequence.
    const personalKey = await server.createKey(team.viewer.email, ["user:read"], "personal key");
    const first = await call(personalKey, "GET", "/api/v1/user/workspaces");
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await server.request("/api/v1/user/workspaces", { key: personalKey, headers: { "if-none-match": etag } })).status).toBe(304);
    await json(call(team.admin.key, "PUT", `/api/v1/workspace/members/${await userId(team.viewer.key)}`, { role: "member" }));
    const changed = await server.request("/api/v1/user/workspaces", { key: personalKey, headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect((await changed.json()).workspaces[1]).toMatchObject({ slug: team.slug, role: "member" });
  });
});

describe("members", () => {
  it("lists every member; admins see every email, the others only their own", async () => {
    const team = await newTeam(server, "Members team");
    const asAdmin = (await json(call(team.admin.key, "GET", "/api/v1/workspace/members"))).members;
    expect(asAdmin.map((member: { role: string }) => member.role).sort()).toEqual(["admin", "member", "owner", "viewer"]);
    expect(asAdmin.every((member: { email: string | null }) => member.email !== null)).toBe(true);
    const asMember = (await json(call(team.member.key, "GET", "/api/v1/workspace/members"))).members;
    expect(asMember.filter((member: { email: string | null }) => member.email !== null)).toEqual([
      expect.objectContaining({ email: team.member.email, role: "member" }),
    ]);
  });

  it("changes roles (admins), transfers ownership (the owner only), and refuses what the contract refuses", async () => {
    const team = await newTeam(server, "Roles team");
    const [ownerId, adminId, memberId, viewerId] = await Promise.all([team.owner, team.admin, team.member, team.viewer].map((mate) => userId(mate.key)));
    const path = (id: string) => `/api/v1/workspace/members/${id}`;

    expect(await json(call(team.admin.key, "PUT", path(viewerId!), { role: "member" }))).toMatchObject({ user_id: viewerId, role: "member" });
    expect(await json(call(team.member.key, "PUT", path(viewerId!), { role: "viewer" }), 403)).toEqual(roleRefusal("admin"));
    expect(await json(call(team.admin.key, "PUT", path(memberId!), { role: "owner" }), 403)).toEqual(roleRefusal("owner"));
    expect(await json(call(team.admin.key, "PUT", path(ownerId!), { role: "member" }), 409)).toEqual(transferFirst);
    expect(await json(call(team.owner.key, "PUT", path(ownerId!), { role: "admin" }), 409)).toEqual(transferFirst);
    expect(await json(call(team.admin.key, "PUT", path(randomUUID()), { role: "member" }), 404)).toEqual(notFoundBody);
    const other = await newTeam(server, "Elsewhere");
    const outsiderId = await userId(other.member.key);
    expect(await json(call(team.admin.key, "PUT", path(outsiderId), { role: "member" }), 404)).toEqual(notFoundBody);
    expect(await json(server.request(path(memberId!), { key: team.admin.key, method: "PUT", body: { role: "boss" }, invalid: true }), 422)).toMatchObject({
      errors: [{ source: { pointer: "/role" } }],
    });

    expect(await json(call(team.owner.key, "PUT", path(adminId!), { role: "owner" }))).toMatchObject({ user_id: adminId, role: "owner" });
    const roles = Object.fromEntries(
      (await json(call(team.admin.key, "GET", "/api/v1/workspace/members"))).members.map((member: { user_id: string; role: string }) => [
        member.user_id,
        member.role,
      ]),
    );
    expect(roles).toEqual({ [ownerId!]: "admin", [adminId!]: "owner", [memberId!]: "member", [viewerId!]: "member" });
    expect(await json(call(team.owner.key, "GET", "/api/v1/workspace"))).toMatchObject({ role: "admin" });
  });

  it("removes members (admins) and lets anyone leave; the owner stays; a removed member's keys and timer stop at once", async () => {
    const team = await newTeam(server, "Leaving team");
    const [ownerId, memberId, viewerId] = await Promise.all([team.owner, team.member, team.viewer].map((mate) => userId(mate.key)));
    const path = (id: string) => `/api/v1/workspace/members/${id}`;

    expect(await json(call(team.member.key, "DELETE", path(viewerId!)), 403)).toEqual(roleRefusal("admin"));
    expect(await json(call(team.admin.key, "DELETE", path(ownerId!)), 409)).toEqual(transferFirst);
    expect(await json(call(team.owner.key, "DELETE", path(ownerId!)), 409)).toEqual(transferFirst);
    expect(await json(call(team.admin.key, "DELETE", path(randomUUID())), 404)).toEqual(notFoundBody);

    const { timer } = await json(call(team.member.key, "POST", "/api/v1/worklog/timer", { content: "Running when removed" }), 201);
    expect(await json(call(team.admin.key, "DELETE", path(memberId!)))).toMatchObject({ user_id: memberId, role: "member" });
    expect((await call(team.member.key, "GET", "/api/v1/user")).status).toBe(401);
    const [entry] = await query<{ running_user_id: string | null; duration_seconds: number | null }>(
      "SELECT running_user_id, duration_seconds FROM worklog_entries WHERE id = $1",
      [timer.id],
    );
    expect(entry).toMatchObject({ running_user_id: null });
    expect(entry!.duration_seconds).toBeGreaterThanOrEqual(1);
    const stillThere = await json(call(team.owner.key, "GET", `/api/v1/worklog/entries/${timer.id}`));
    expect(stillThere.content).toBe("Running when removed");

    // The owner's account holds the team's workspace: deleting it must wait for a transfer.
    expect(await json(call(team.owner.key, "DELETE", "/api/v1/user"), 409)).toEqual(transferFirst);
    expect(await json(call(team.viewer.key, "DELETE", path(viewerId!)))).toMatchObject({ user_id: viewerId, role: "viewer" });
    expect((await call(team.viewer.key, "GET", "/api/v1/workspace")).status).toBe(401);
    expect((await json(call(team.owner.key, "GET", "/api/v1/workspace"))).member_count).toBe(2);
  });

  it("deleting an account leaves its work in the workspaces others own, by an author without a name, and deletes its own workspace", async () => {
    const team = await newTeam(server, "Deleted member's team");
    const memberId = await userId(team.member.key);
    const project = await json(call(team.member.key, "POST", "/api/v1/projects", { name: "Made by a leaver" }), 201);
    const repository = await json(call(team.member.key, "POST", "/api/v1/repositories", { name: "leaver/repo", project_id: project.id }), 201);
    const entry = await json(call(team.member.key, "POST", "/api/v1/worklog/entries", { content: "Written before leaving", project_id: project.id }), 201);
    const { timer } = await json(call(team.member.key, "POST", "/api/v1/worklog/timer", { content: "Running when deleted" }), 201);
    const [personal] = await query<{ workspace_id: string }>("SELECT workspace_id FROM memberships WHERE user_id = $1 AND role = 'owner'", [memberId]);

    expect(await json(call(team.member.key, "DELETE", "/api/v1/user"))).toMatchObject({ id: memberId });

    expect(await json(call(team.owner.key, "GET", `/api/v1/worklog/entries/${entry.id}`))).toMatchObject({
      content: "Written before leaving",
      author: { id: memberId, name: null },
      project: { id: project.id },
    });
    const listed = await json(call(team.owner.key, "GET", `/api/v1/worklog/entries?author_id=${memberId}`));
    expect(listed.entries.map((row: { id: string }) => row.id).sort()).toEqual([entry.id, timer.id].sort());
    expect(await json(call(team.owner.key, "GET", `/api/v1/repositories/${repository.id}`))).toMatchObject({ name: "leaver/repo" });
    const [stopped] = await query<{ running_user_id: string | null; duration_seconds: number | null }>(
      "SELECT running_user_id, duration_seconds FROM worklog_entries WHERE id = $1",
      [timer.id],
    );
    expect(stopped).toMatchObject({ running_user_id: null });
    expect(stopped!.duration_seconds).toBeGreaterThanOrEqual(1);
    expect(await query("SELECT id FROM workspaces WHERE id = $1", [personal!.workspace_id])).toEqual([]);
    expect((await json(call(team.owner.key, "GET", "/api/v1/workspace"))).member_count).toBe(3);
  });
});

describe("invitations", () => {
  it("invites with a link shown once, lists and revokes; duplicates and owners are refused", async () => {
    const team = await newTeam(server, "Inviting team");
    const created = await json(call(team.admin.key, "POST", "/api/v1/workspace/invitations", { email: " Mary@Example.com ", role: "member" }), 201);
    expect(created).toMatchObject({ email: "mary@example.com", role: "member", invited_by: await userId(team.admin.key) });
    expect(created.invite_url).toMatch(new RegExp(`^${server.url}/invite/wli_[0-9A-Za-z]{32}$`));
    const token = created.invite_url.split("/invite/")[1];
    const [stored] = await query<{ hashed_token: string }>("SELECT hashed_token FROM invitations WHERE id = $1", [created.id]);
    expect(stored!.hashed_token).not.toContain(token);
    expect(new Date(created.expires_at).getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);

    const { invitations } = await json(call(team.admin.key, "GET", "/api/v1/workspace/invitations"));
    expect(invitations).toEqual([
      {
        id: created.id,
        email: "mary@example.com",
        role: "member",
        expires_at: created.expires_at,
        invited_by: created.invited_by,
        inserted_at: created.inserted_at,
      },
    ]);

    expect(await json(call(team.admin.key, "POST", "/api/v1/workspace/invitations", { email: "mary@example.com", role: "viewer" }), 422)).toEqual(
      duplicateAt("/email"),
    );
    expect(await json(call(team.admin.key, "POST", "/api/v1/workspace/invitations", { email: team.viewer.email, role: "admin" }), 422)).toEqual(
      duplicateAt("/email"),
    );
    const asOwner = await server.request("/api/v1/workspace/invitations", {
      key: team.admin.key,
      method: "POST",
      body: { email: "x@example.com", role: "owner" },
      invalid: true,
    });
    expect(asOwner.status).toBe(422);
    expect((await asOwner.json()).errors[0].source.pointer).toBe("/role");
    expect(await json(call(team.member.key, "POST", "/api/v1/workspace/invitations", { email: "y@example.com", role: "viewer" }), 403)).toEqual(
      roleRefusal("admin"),
    );
    expect(await json(call(team.member.key, "GET", "/api/v1/workspace/invitations"), 403)).toEqual(roleRefusal("admin"));

    const other = await newTeam(server, "Other inviting team");
    expect(await json(call(other.admin.key, "DELETE", `/api/v1/workspace/invitations/${created.id}`), 404)).toEqual(notFoundBody);
    expect(await json(call(team.admin.key, "DELETE", `/api/v1/workspace/invitations/${created.id}`))).toMatchObject({ id: created.id });
    expect(await json(call(team.admin.key, "DELETE", `/api/v1/workspace/invitations/${created.id}`), 404)).toEqual(notFoundBody);
    expect((await json(call(team.admin.key, "GET", "/api/v1/workspace/invitations"))).invitations).toEqual([]);
    // Revoked, the address may be invited again.
    await json(call(team.admin.key, "POST", "/api/v1/workspace/invitations", { email: "mary@example.com", role: "viewer" }), 201);
  });

  it("holds at most 50 pending invitations", async () => {
    const team = await newTeam(server, "Crowded team");
    for (let start = 0; start < 50; start += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          json(call(team.admin.key, "POST", "/api/v1/workspace/invitations", { email: `guest-${start + index}@example.com`, role: "viewer" }), 201),
        ),
      );
    }
    expect(await json(call(team.admin.key, "POST", "/api/v1/workspace/invitations", { email: "one-too-many@example.com", role: "viewer" }), 422)).toEqual({
      errors: [{ title: "Invalid value", detail: "Too many items: at most 50", source: { pointer: "" } }],
    });
  });
});

describe("member events", () => {
  it("sends member.added, member.role_changed and member.removed to the workspace's webhooks, every payload with workspace_id", async () => {
    const team = await newTeam(server, "Hooked team");
    const workspace = await json(call(team.owner.key, "GET", "/api/v1/workspace"));
    const events = ["member.added", "member.role_changed", "member.removed", "entry.created"];
    await json(call(team.admin.key, "POST", "/api/v1/webhooks", { endpoint_url: `${receiver.origin}/${team.slug}`, events }), 201);
    const newcomer = await server.createUser();
    await server.addMember(team.slug, newcomer.email, "viewer");
    const newcomerKey = await server.createKey(newcomer.email, ["user:read"], "newcomer", team.slug);
    const newcomerId = await userId(newcomerKey);
    await json(call(team.admin.key, "PUT", `/api/v1/workspace/members/${newcomerId}`, { role: "member" }));
    await json(call(team.admin.key, "DELETE", `/api/v1/workspace/members/${newcomerId}`));
    await json(call(team.member.key, "POST", "/api/v1/worklog/entries", { content: "Hooked entry" }), 201);

    const mine = () => received.filter((request) => request.path === `/${team.slug}`).map((request) => JSON.parse(request.body));
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(4);
    const bodies = mine();
    expect(bodies.every((body) => body.workspace_id === workspace.id)).toBe(true);
    const byType = Object.fromEntries(bodies.map((body) => [body.type, body.data]));
    expect(byType["member.added"]).toMatchObject({ user_id: newcomerId, email: newcomer.email, role: "viewer" });
    expect(byType["member.role_changed"]).toMatchObject({ user_id: newcomerId, role: "member" });
    expect(byType["member.removed"]).toMatchObject({ user_id: newcomerId, role: "member" });
    expect(byType["entry.created"]).toMatchObject({ content: "Hooked entry" });
  });
});

describe("the workspace a browser form chooses for a new credential", () => {
  /** Posts `fields` to a server action as the page's script calls it, with `bound` arguments before the form's (React's reply encoding). */
  function postAction(session: string, pagePath: string, action: [file: string, name: string], fields: Record<string, string>, bound: unknown[] = []) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(`_1_${name}`, value);
    form.set("0", JSON.stringify([...bound, "$K1"]));
    return fetch(`${server.url}${pagePath}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: session, origin: server.url, "next-action": actionId(...action) },
      body: form,
    });
  }

  async function signedInMemberOfTwo() {
    const user = await server.createUser();
    const { session } = await signInWithPassword(server.url, user.email, user.password);
    const team = await server.createWorkspace(user.email, "Chosen team");
    const stranger = await server.createUser();
    const foreign = await server.createWorkspace(stranger.email, "Not theirs");
    const [teamId, foreignId] = await Promise.all(
      [team, foreign].map(async (slug) => (await query<{ id: string }>("SELECT id FROM workspaces WHERE slug = $1", [slug]))[0]!.id),
    );
    return { email: user.email, session: session!, teamId: teamId!, foreignId: foreignId! };
  }

  const keysNamed = (email: string, name: string) =>
    query<{ workspace_id: string }>("SELECT k.workspace_id FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.email = $1 AND k.name = $2", [email, name]);

  it("makes an API key in a workspace of the user's, and refuses another's or a made-up one, creating nothing", async () => {
    const { email, session, teamId, foreignId } = await signedInMemberOfTwo();
    const createKey = (name: string, workspaceId: string) =>
      postAction(session, "/settings/api-keys", ["lib/auth/actions.ts", "createApiKeyAction"], { name, "scope-workspace": "read", workspace_id: workspaceId });

    const created = await createKey("team key", teamId);
    expect(created.status).toBe(200);
    expect(await created.text()).toMatch(/wl_[0-9A-Za-z]{40}/);
    expect(await keysNamed(email, "team key")).toEqual([{ workspace_id: teamId }]);

    for (const workspaceId of [foreignId, randomUUID(), "not-an-id"]) {
      const refused = await createKey("forged key", workspaceId);
      expect(refused.status, workspaceId).toBe(200);
      const body = await refused.text();
      expect(body).toContain("You are not a member of this workspace.");
      expect(body).not.toMatch(/wl_[0-9A-Za-z]{40}/);
    }
    expect(await keysNamed(email, "forged key")).toEqual([]);
  });

  it("refuses a member's forged post of Settings → Members' role change; once an admin, the same post changes the role", async () => {
    // The browser works in the user's personal workspace (lib/access/memberships.ts): its owner
    // hands it to an admin, who makes them a member there, so that their session is a member's.
    const user = await server.createUser();
    const personalKey = await server.createKey(user.email, ["workspace:*", "user:read"]);
    const { slug } = await json(call(personalKey, "GET", "/api/v1/workspace"));
    const [admin, viewer] = [await server.createUser(), await server.createUser()];
    await server.addMember(slug, admin.email, "admin");
    await server.addMember(slug, viewer.email, "viewer");
    const adminKey = await server.createKey(admin.email, ["workspace:*", "user:read"], "admin key", slug);
    const [userIdInWorkspace, adminId, viewerId] = await Promise.all([
      userId(personalKey),
      userId(adminKey),
      userId(await server.createKey(viewer.email, ["user:read"])),
    ]);
    expect((await call(personalKey, "PUT", `/api/v1/workspace/members/${adminId}`, { role: "owner" })).status).toBe(200);
    expect((await call(adminKey, "PUT", `/api/v1/workspace/members/${userIdInWorkspace}`, { role: "member" })).status).toBe(200);
    const viewerRole = async () =>
      (
        await query<{ role: string }>("SELECT role FROM memberships m JOIN workspaces w ON w.id = m.workspace_id WHERE w.slug = $1 AND m.user_id = $2", [
          slug,
          viewerId,
        ])
      )[0]?.role;

    const changeRole = (session: string, id: string, role: string) =>
      postAction(session, "/settings/members", ["lib/workspaces/member-actions.ts", "changeMemberRoleAction"], {}, [id, role]);
    const { session: memberSession } = await signInWithPassword(server.url, user.email, user.password);
    for (const role of ["admin", "owner"]) {
      const refused = await changeRole(memberSession!, viewerId, role);
      expect(refused.status, role).toBe(200);
      expect(await refused.text()).toContain(`Your role in this workspace does not allow this. Required: admin.`);
    }
    expect(await viewerRole()).toBe("viewer");

    expect((await call(adminKey, "PUT", `/api/v1/workspace/members/${userIdInWorkspace}`, { role: "admin" })).status).toBe(200);
    expect(await (await changeRole(memberSession!, viewerId, "member")).text()).not.toContain("does not allow");
    expect(await viewerRole()).toBe("member");
  });

  it("refuses a member's forged post of a team's integrations settings (its pages' URL), and a non-member's", async () => {
    const owner = await server.createUser();
    const slug = await server.createWorkspace(owner.email, "Integrations team");
    const [member, stranger] = [await server.createUser(), await server.createUser()];
    await server.addMember(slug, member.email, "member");
    const createWebhook = (session: string) =>
      postAction(session, `/w/${slug}/settings/webhooks`, ["lib/webhooks/actions.ts", "createWebhookAction"], {
        endpoint_url: "https://hooks.example.com/worklog",
        events: "entry.created",
      });
    const webhooks = () =>
      query<{ count: number }>("SELECT count(*)::int AS count FROM webhook_endpoints e JOIN workspaces w ON w.id = e.workspace_id WHERE w.slug = $1", [slug]);

    const { session: memberSession } = await signInWithPassword(server.url, member.email, member.password);
    const refused = await createWebhook(memberSession!);
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain("Your role in this workspace does not allow this. Required: admin.");
    const { session: strangerSession } = await signInWithPassword(server.url, stranger.email, stranger.password);
    expect((await createWebhook(strangerSession!)).status).toBe(404);
    expect(await webhooks()).toEqual([{ count: 0 }]);
  });

  it("approves a device for a workspace of the user's, and refuses another's, the grant still waiting", async () => {
    const { session, teamId, foreignId } = await signedInMemberOfTwo();
    const startGrant = async () => {
      const started = await server.request("/auth/device/code", { method: "POST", body: { client_id: "90w0AXnlNgnh2XBJdexYjw", scope: "workspace:read" } });
      expect(started.status).toBe(200);
      return ((await started.json()) as { user_code: string }).user_code;
    };
    const approve = (userCode: string, workspaceId: string) =>
      postAction(session, `/device?user_code=${userCode}`, ["lib/oauth/actions.ts", "decideDevice"], { workspace_id: workspaceId }, [
        userCode,
        "approved",
        null,
      ]);
    const grant = async (userCode: string) =>
      (
        await query<{ status: string; workspace_id: string | null }>("SELECT status, workspace_id FROM oauth_device_grants WHERE user_code = $1", [
          userCode.replace("-", ""),
        ])
      )[0];

    const refusedCode = await startGrant();
    for (const workspaceId of [foreignId, randomUUID(), "not-an-id"]) {
      const refused = await approve(refusedCode, workspaceId);
      expect(refused.status, workspaceId).toBe(200);
      expect(await refused.text()).toContain("You are not a member of this workspace.");
    }
    expect(await grant(refusedCode)).toEqual({ status: "pending", workspace_id: null });

    const approvedCode = await startGrant();
    const approved = await approve(approvedCode, teamId);
    expect(approved.status).toBeLessThan(400);
    expect(await grant(approvedCode)).toEqual({ status: "approved", workspace_id: teamId });
  });
});
