// Accepting a workspace invitation by its link (docs/api.md, "Workspaces"): who may, what it
// makes, the links that no longer work, two accepts at once, and sign-up through a link while
// SIGN_UPS=closed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type User } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createWebhook } from "@/lib/webhooks/endpoints";
import { signUpAllowed } from "@/lib/users/sign-ups";
import { acceptInvitation, invitationPath, invitationTokenIn, pendingInvitationEmail, viewInvitation } from "@/lib/workspaces/invitation-acceptance";
import { createInvitation, resendInvitation, revokeInvitation } from "@/lib/workspaces/invitations";
import { invitationCreateSchema } from "@/lib/workspaces/schemas";
import { createWorkspace, memberWorkspaceId } from "@/lib/workspaces/workspace-creation";
import { parseInput } from "@/lib/validation";
import { accessIn } from "../support/access";
import { rereadConfig } from "../support/config";

let accounts = 0;
const newUser = (email = `invitee-${++accounts}@example.com`, name: string | null = null) => getDb().user.create({ data: { email, name } });

beforeAll(() => {
  process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
  rereadConfig();
});

afterAll(() => {
  delete process.env.WEBHOOK_ALLOWED_HOSTS;
  delete process.env.SIGN_UPS;
  rereadConfig();
});

/** A team workspace whose owner (named Ada) invites `email` as a member; its webhook hears member.added. */
async function invited(email: string, role: "admin" | "member" | "viewer" = "member") {
  const owner = await newUser(`owner-${++accounts}@example.com`, "Ada");
  const slug = await createWorkspace(owner.id, owner.email, "Analytical Engines");
  const workspaceId = await memberWorkspaceId(slug, owner.id);
  const access = await accessIn(owner, workspaceId);
  const endpoint = await createWebhook(access, { endpoint_url: "http://127.0.0.1:9/ok", events: ["member.added"] });
  const invitation = await createInvitation(access, parseInput(invitationCreateSchema, { email, role }), "http://worklog.test");
  const token = invitationTokenIn(new URL(invitation.invite_url).pathname)!;
  return { owner, access, slug, workspaceId, endpoint, invitation, token };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const membershipOf = (workspaceId: string, user: User) => getDb().membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId: user.id } } });

describe("accepting an invitation", () => {
  it("makes the invited address's user a member with the role, tells the webhooks, and uses the link", async () => {
    const invitee = await newUser();
    const { slug, workspaceId, endpoint, invitation, token } = await invited(invitee.email.toUpperCase(), "viewer");
    expect(invitationPath(token)).toBe(new URL(invitation.invite_url).pathname);
    expect(await viewInvitation(token, invitee)).toEqual({
      status: "pending",
      email: invitee.email,
      workspaceName: "Analytical Engines",
      inviterName: "Ada",
      role: "viewer",
    });

    const member = await acceptInvitation({ id: invitee.id, email: invitee.email.toUpperCase() }, token);
    expect(member).toMatchObject({ user_id: invitee.id, email: invitee.email, role: "viewer" });
    expect((await membershipOf(workspaceId, invitee))?.role).toBe("viewer");
    const events = await getDb().webhookEvent.findMany({ where: { workspaceId, type: "member.added" } });
    expect(events.map((event) => event.data)).toEqual([expect.objectContaining({ user_id: invitee.id, role: "viewer" })]);
    expect(await getDb().webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(1);
    expect((await getDb().invitation.findUniqueOrThrow({ where: { id: invitation.id } })).acceptedAt).not.toBeNull();

    expect(await viewInvitation(token, invitee)).toEqual({ status: "member", workspaceName: "Analytical Engines", workspaceSlug: slug, role: "viewer" });
    expect(await viewInvitation(token, null)).toEqual({ status: "used" });
    expect((await refusal(acceptInvitation(invitee, token))).kind).toBe("gone");
  });

  it("is refused to another address, which sees the invited address and nothing of the workspace", async () => {
    const invitee = await newUser();
    const stranger = await newUser();
    const { workspaceId, token } = await invited(invitee.email);
    expect(await viewInvitation(token, stranger)).toEqual({ status: "other_account", email: invitee.email });
    expect(await viewInvitation(token, null)).toEqual({ status: "signed_out", email: invitee.email });
    const refused = await refusal(acceptInvitation(stranger, token));
    expect(refused).toMatchObject({ kind: "authorization", message: "This invitation was sent to another address." });
    expect(await membershipOf(workspaceId, stranger)).toBeNull();
    expect(await pendingInvitationEmail(token)).toBe(invitee.email);
  });

  it("is refused for an expired, a revoked or an unknown link, which show nothing of the workspace", async () => {
    const invitee = await newUser();
    const expired = await invited(invitee.email);
    await getDb().invitation.update({ where: { id: expired.invitation.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await viewInvitation(expired.token, invitee)).toEqual({ status: "expired" });
    expect((await refusal(acceptInvitation(invitee, expired.token))).kind).toBe("gone");

    const revoked = await invited(invitee.email);
    await revokeInvitation(revoked.access, revoked.invitation.id);
    expect(await viewInvitation(revoked.token, invitee)).toEqual({ status: "invalid" });
    const revokedRefusal = await refusal(acceptInvitation(invitee, revoked.token));
    const unknownRefusal = await refusal(acceptInvitation(invitee, `${revoked.token}x`));
    expect(revokedRefusal.kind).toBe("not_found");
    expect(unknownRefusal).toMatchObject({ kind: "not_found", message: revokedRefusal.message });
    expect(await viewInvitation(`${revoked.token}x`, invitee)).toBeNull();

    for (const { workspaceId } of [expired, revoked]) expect(await membershipOf(workspaceId, invitee)).toBeNull();
  });

  it("twice at once makes one membership: the other accept finds the link used", async () => {
    const invitee = await newUser();
    const { workspaceId, token } = await invited(invitee.email, "admin");
    const outcomes = await Promise.allSettled([acceptInvitation(invitee, token), acceptInvitation(invitee, token)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = outcomes.find((outcome) => outcome.status === "rejected")!;
    expect(rejected.reason).toMatchObject({ kind: "gone" });
    expect(await getDb().membership.count({ where: { workspaceId, userId: invitee.id } })).toBe(1);
    expect(await getDb().webhookEvent.count({ where: { workspaceId, type: "member.added" } })).toBe(1);
  });

  it("says a member is one already, and leaves the invitation pending", async () => {
    const invitee = await newUser();
    const { slug, workspaceId, token } = await invited(invitee.email);
    await getDb().membership.create({ data: { workspaceId, userId: invitee.id, role: "viewer" } });
    expect(await viewInvitation(token, invitee)).toEqual({ status: "member", workspaceName: "Analytical Engines", workspaceSlug: slug, role: "viewer" });
    expect((await refusal(acceptInvitation(invitee, token))).kind).toBe("state_conflict");
    expect(await pendingInvitationEmail(token)).toBe(invitee.email);
  });
});

describe("signing up through an invitation while SIGN_UPS=closed", () => {
  it("is allowed for the invited address of a pending invitation only", async () => {
    const email = `newcomer-${++accounts}@example.com`;
    const { access, invitation, token } = await invited(email);
    const invitedEmail = () => pendingInvitationEmail(token);
    process.env.SIGN_UPS = "closed";
    rereadConfig();
    expect(await signUpAllowed(` ${email.toUpperCase()} `, invitedEmail)).toBe(true);
    expect(await signUpAllowed("someone-else@example.com", invitedEmail)).toBe(false);
    expect(await signUpAllowed(email, async () => null)).toBe(false);
    await revokeInvitation(access, invitation.id);
    expect(await signUpAllowed(email, invitedEmail)).toBe(false);

    process.env.SIGN_UPS = "open";
    rereadConfig();
    expect(await signUpAllowed("someone-else@example.com", async () => null)).toBe(true);
  });
});

describe("the invitation's email", () => {
  const emailJobs = (invitationId: string) =>
    getDb().$queryRaw<
      { payload: { token?: string } }[]
    >`SELECT payload FROM jobs WHERE kind = 'invitation.email' AND payload->>'invitation_id' = ${invitationId}`;

  it("is not sent without SMTP_URL, and the answer says so; resending still makes a new link", async () => {
    const email = `unmailed-${++accounts}@example.com`;
    const { access, invitation, token } = await invited(email);
    expect(invitation.email_status).toBe("not_configured");
    expect(await emailJobs(invitation.id)).toEqual([]);

    const resent = await resendInvitation(access, invitation.id, "http://worklog.test");
    expect(resent.email_status).toBe("not_configured");
    expect(await emailJobs(invitation.id)).toEqual([]);
    expect(await pendingInvitationEmail(token)).toBeNull();
    expect(await pendingInvitationEmail(invitationTokenIn(new URL(resent.invite_url).pathname)!)).toBe(email);
  });

  it("is queued in the job queue with SMTP_URL, once for the invitation and once for each resending", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    process.env.EMAIL_FROM = "worklog@example.com";
    rereadConfig();
    try {
      const { access, invitation, token } = await invited(`mailed-${++accounts}@example.com`);
      expect(invitation.email_status).toBe("queued");
      expect(await emailJobs(invitation.id)).toEqual([{ payload: expect.objectContaining({ token }) }]);
      const resent = await resendInvitation(access, invitation.id, "http://worklog.test");
      expect(resent.email_status).toBe("queued");
      expect((await emailJobs(invitation.id)).map(({ payload }) => payload.token).sort()).toEqual(
        [token, invitationTokenIn(new URL(resent.invite_url).pathname)].sort(),
      );
    } finally {
      delete process.env.SMTP_URL;
      delete process.env.EMAIL_FROM;
      rereadConfig();
    }
  });
});
