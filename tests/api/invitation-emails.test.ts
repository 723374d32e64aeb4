// Invitations' emails (docs/api.md, "Invitation emails"): the shared server sends through the
// global setup's real SMTP server (tests/support/mailbox.ts), and the tests read what arrived.
// Resending (POST /workspace/invitations/{id}/resend): a new link, the old one dead, a new email.
import { beforeAll, describe, expect, it } from "vitest";
import { notFoundBody } from "../support/accounts";
import { waitForMessageTo, type ReceivedMessage } from "../support/mailbox";
import { json } from "../support/responses";
import type { TestServer } from "../support/server";
import { queryServerDatabase } from "../support/server-database";
import { sharedServer } from "../support/shared-server";
import { newTeam, type Team } from "../support/team";
import { signInWithPassword } from "../support/web-session";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer("standard");
});

const call = (key: string, method: string, pathname: string, body?: unknown) => server.request(pathname, { key, method, body });
const roleRefusal = {
  error: { message: "Your role in this workspace does not allow this. Required: admin.", type: "authorization_error" },
  details: { required_role: "admin" },
};

/** A workspace name that HTML must escape. */
const workspaceName = 'Babbage <b>&" Engines';
const escapedName = "Babbage &lt;b&gt;&amp;&quot; Engines";

let invitees = 0;
const newAddress = () => `invitee-${++invitees}-${crypto.randomUUID()}@example.com`;

/** A team whose admin, Charles Babbage, lives in Paris. */
async function parisTeam(): Promise<Team> {
  const team = await newTeam(server, workspaceName);
  await json(call(team.admin.key, "PUT", "/api/v1/user", { name: "Charles Babbage", timezone: "Europe/Paris" }));
  return team;
}

/** What the invited address's signed-in session sees at a link. */
async function pageAt(link: string, session: string): Promise<string> {
  return (await fetch(link, { headers: { cookie: session } })).text();
}

async function inviteeSession(email: string): Promise<string> {
  const { password } = await server.createUser({ email });
  const { session } = await signInWithPassword(server.url, email, password);
  expect(session).toBeDefined();
  return session!;
}

/** The expiry as an independent formatter writes it in Paris: `20 March 2026` and `09:30`. */
function inParis(iso: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "Europe/Paris",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.day} ${parts.month} ${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

function expectInvitationMessage(message: ReceivedMessage, invitation: { invite_url: string; expires_at: string }, role: string) {
  const { day, time } = inParis(invitation.expires_at);
  expect(message.from).toBe("Worklog <worklog@example.com>");
  expect(message.subject).toBe(`Charles Babbage invited you to ${workspaceName} on Worklog`);
  for (const part of [message.text, message.html]) {
    expect(part).toContain("Charles Babbage");
    expect(part).toContain(` ${role}.`);
    expect(part).toContain(invitation.invite_url);
    expect(part).toContain(day);
    expect(part).toContain(`${time} (Europe/Paris)`);
  }
  expect(message.text).toContain(workspaceName);
  expect(message.html).toContain(escapedName);
  expect(message.html).not.toContain("<b>&");
  expect(message.links).toEqual([invitation.invite_url]);
}

describe("invitation emails", () => {
  it("an invitation's link is emailed to the address, and the link in it works", async () => {
    const team = await parisTeam();
    const email = newAddress();
    const created = await json(call(team.admin.key, "POST", "/api/v1/workspace/invitations", { email, role: "viewer" }), 201);
    expect(created).toMatchObject({ email, role: "viewer", email_status: "queued" });

    const message = await waitForMessageTo(email);
    expectInvitationMessage(message, created, "viewer");
    // Nothing else of the workspace: not its slug, nor any member's address.
    for (const part of [message.text, message.html]) {
      expect(part).not.toContain(team.slug);
      for (const teammate of [team.owner, team.admin, team.member, team.viewer]) expect(part).not.toContain(teammate.email);
    }

    const page = await pageAt(message.links[0]!, await inviteeSession(email));
    expect(page).toContain(`Join ${escapedName}`);
    expect(page).toContain("Accept and join");
  });

  it("resending makes a new link valid 14 days from now and emails it; the old link stops working", async () => {
    const team = await parisTeam();
    const email = newAddress();
    const created = await json(call(team.admin.key, "POST", "/api/v1/workspace/invitations", { email, role: "member" }), 201);
    const first = await waitForMessageTo(email);
    expect(first.links).toEqual([created.invite_url]);
    // The first link expires in a day, so that the new expiry is seen to be moved on.
    await queryServerDatabase(server, "UPDATE invitations SET expires_at = now() + interval '1 day' WHERE id = $1", [created.id]);

    const before = Date.now();
    const resent = await json(call(team.admin.key, "POST", `/api/v1/workspace/invitations/${created.id}/resend`));
    expect(resent).toMatchObject({ id: created.id, email, role: "member", email_status: "queued", inserted_at: created.inserted_at });
    expect(resent.invite_url).toMatch(new RegExp(`^${server.url}/invite/wli_[0-9A-Za-z]{32}$`));
    expect(resent.invite_url).not.toBe(created.invite_url);
    const days = (Date.parse(resent.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);

    const second = await waitForMessageTo(email, { count: 2 });
    expectInvitationMessage(second, resent, "member");

    const session = await inviteeSession(email);
    expect(await pageAt(created.invite_url, session)).toContain("This invitation link does not work");
    expect(await pageAt(resent.invite_url, session)).toContain(`Join ${escapedName}`);
    // Still one pending invitation for the address.
    const { invitations } = await json(call(team.admin.key, "GET", "/api/v1/workspace/invitations"));
    expect(invitations).toEqual([expect.objectContaining({ id: created.id, expires_at: resent.expires_at })]);
  });

  it("an expired invitation is renewed by resending it", async () => {
    const team = await parisTeam();
    const email = newAddress();
    const created = await json(call(team.admin.key, "POST", "/api/v1/workspace/invitations", { email, role: "admin" }), 201);
    await waitForMessageTo(email);
    await queryServerDatabase(server, "UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = $1", [created.id]);
    expect((await json(call(team.admin.key, "GET", "/api/v1/workspace/invitations"))).invitations).toEqual([]);

    const resent = await json(call(team.admin.key, "POST", `/api/v1/workspace/invitations/${created.id}/resend`));
    expectInvitationMessage(await waitForMessageTo(email, { count: 2 }), resent, "admin");
    expect((await json(call(team.admin.key, "GET", "/api/v1/workspace/invitations"))).invitations).toEqual([expect.objectContaining({ id: created.id })]);
  });

  it("resending: another workspace's invitation is a 404, members and viewers are refused, an accepted or revoked invitation is a 409", async () => {
    const team = await parisTeam();
    const other = await newTeam(server, "Other team");
    const email = newAddress();
    const created = await json(call(team.admin.key, "POST", "/api/v1/workspace/invitations", { email, role: "member" }), 201);
    const resend = (key: string, id = created.id) => call(key, "POST", `/api/v1/workspace/invitations/${id}/resend`);
    const expiresAt = async () =>
      (await queryServerDatabase<{ expires_at: Date }>(server, "SELECT expires_at FROM invitations WHERE id = $1", [created.id]))[0]!.expires_at;
    const unchanged = await expiresAt();

    expect(await json(resend(other.admin.key), 404)).toEqual(notFoundBody);
    expect(await json(resend(other.owner.key), 404)).toEqual(notFoundBody);
    expect(await json(resend(team.admin.key, "01900000-0000-7000-8000-0000000000aa"), 404)).toEqual(notFoundBody);
    expect(await json(resend(team.member.key), 403)).toEqual(roleRefusal);
    expect(await json(resend(team.viewer.key), 403)).toEqual(roleRefusal);
    expect(await expiresAt()).toEqual(unchanged);

    await json(call(team.admin.key, "DELETE", `/api/v1/workspace/invitations/${created.id}`));
    expect(await json(resend(team.admin.key), 409)).toEqual({
      error: { message: "This invitation was revoked: invite the address again.", type: "invalid_request_error" },
    });

    const accepted = await json(call(team.admin.key, "POST", "/api/v1/workspace/invitations", { email: newAddress(), role: "viewer" }), 201);
    await queryServerDatabase(server, "UPDATE invitations SET accepted_at = now() WHERE id = $1", [accepted.id]);
    expect(await json(resend(team.admin.key, accepted.id), 409)).toEqual({
      error: { message: "This invitation was accepted: invite the address again.", type: "invalid_request_error" },
    });
  });
});
