import { createdBy, owned, type Access } from "@/lib/access/context";
import { markAccountChanged } from "@/lib/db/account-counters";
import { getDb, type Invitation, type Transaction } from "@/lib/db/client";
import { randomBase62, sha256Hex } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { queueInvitationEmail, sendQueuedEmail } from "./invitation-email";
import { pending } from "./pending";
import type { CreatedInvitationResponse, InvitationResponse } from "./responses";
import type { InvitationCreate } from "./schemas";

/** How long an invitation's link works. */
export const INVITATION_VALID_DAYS = 14;

/** Pending invitations a workspace holds at most. */
export const MAX_PENDING_INVITATIONS = 50;

const INVITATION_TOKEN_PREFIX = "wli_";
/** 32 base-62 characters: about 190 random bits, of which only the SHA-256 hash is stored. */
const INVITATION_TOKEN_LENGTH = 32;

const duplicateEmail = () =>
  AppError.validation([{ pointer: "/email", detail: "Duplicate value", message: "This address is a member's or has a pending invitation" }]);

const tooManyPending = () => AppError.validation([{ pointer: "", detail: `Too many items: at most ${MAX_PENDING_INVITATIONS}` }]);

export function toInvitationResponse(invitation: Invitation): InvitationResponse {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    expires_at: invitation.expiresAt.toISOString(),
    invited_by: invitation.invitedBy,
    inserted_at: invitation.insertedAt.toISOString(),
  };
}

/** The workspace's pending invitations, the newest first. */
export async function listInvitations(access: Access): Promise<InvitationResponse[]> {
  const invitations = await getDb().invitation.findMany({ where: { ...owned(access), ...pending(new Date()) }, orderBy: { id: "desc" } });
  return invitations.map(toInvitationResponse);
}

const newToken = () => `${INVITATION_TOKEN_PREFIX}${randomBase62(INVITATION_TOKEN_LENGTH)}`;
const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000);

/**
 * Refuses to give `email` a pending invitation (besides `except`'s) when it is a member's or
 * already invited (422 `Duplicate value` at `/email`), or when 50 are pending (422 at `""`).
 * Inside a transaction that locked the workspace's row, so that this holds when it writes.
 */
async function checkInvitable(transaction: Transaction, access: Access, email: string, now: Date, except?: string): Promise<void> {
  const others = except ? { id: { not: except } } : {};
  const member = await transaction.membership.findFirst({ where: { ...owned(access), user: { email } }, select: { userId: true } });
  if (member || (await transaction.invitation.findFirst({ where: { ...owned(access), ...others, email, ...pending(now) }, select: { id: true } }))) {
    throw duplicateEmail();
  }
  if ((await transaction.invitation.count({ where: { ...owned(access), ...others, ...pending(now) } })) >= MAX_PENDING_INVITATIONS) throw tooManyPending();
}

/**
 * Writes an invitation with `write` in a transaction that locked the workspace's row (invitations
 * of one workspace are made one at a time) and queues its email there; the email starts once it
 * committed. The answer holds the link, shown there only, and what became of its email.
 */
async function withLink(
  access: Access,
  origin: string,
  write: (transaction: Transaction, hashedToken: string, now: Date) => Promise<Invitation>,
): Promise<CreatedInvitationResponse> {
  const token = newToken();
  const now = new Date();
  const { invitation, email } = await getDb().$transaction(async (transaction) => {
    await transaction.$queryRaw`SELECT 1 FROM workspaces WHERE id = ${access.workspace.id}::uuid FOR UPDATE`;
    const written = await write(transaction, sha256Hex(token), now);
    await markAccountChanged(transaction, access);
    return { invitation: written, email: await queueInvitationEmail(transaction, access, written.id, token, origin) };
  });
  sendQueuedEmail(email);
  return { ...toInvitationResponse(invitation), invite_url: `${origin}/invite/${token}`, email_status: email.status };
}

/**
 * Invites an address to the workspace with a role: the link holds a random token shown in this
 * answer only (its hash is stored, as an API key's), and is emailed to the address when the
 * server sends email (`email_status`: `queued`, else `not_configured`). An address that is a member's or
 * already invited is a 422 `Duplicate value` at `/email`; past 50 pending invitations, a 422 at `""`.
 */
export async function createInvitation(access: Access, input: InvitationCreate, origin: string): Promise<CreatedInvitationResponse> {
  return withLink(access, origin, async (transaction, hashedToken, now) => {
    await checkInvitable(transaction, access, input.email, now);
    return transaction.invitation.create({
      data: {
        workspaceId: createdBy(access).workspaceId,
        invitedBy: createdBy(access).userId,
        email: input.email,
        role: input.role,
        hashedToken,
        expiresAt: expiryFrom(now),
      },
    });
  });
}

const notPending = (what: "accepted" | "revoked") => new AppError("state_conflict", `This invitation was ${what}: invite the address again.`);

/**
 * Gives an invitation of the workspace a new link, valid 14 days from now, and emails it as
 * `createInvitation` does: the old link stops working (only the token's hash is stored, so a new
 * token is the only way to show a link again). An expired invitation is renewed so, unless the
 * address has become a member's or has another pending invitation (422 as `createInvitation`);
 * an accepted or revoked one is a 409. Any other id is a 404.
 */
export async function resendInvitation(access: Access, id: string, origin: string): Promise<CreatedInvitationResponse> {
  return withLink(access, origin, async (transaction, hashedToken, now) => {
    const invitation = await transaction.invitation.findFirst({ where: { id, ...owned(access) } });
    if (!invitation) throw AppError.notFound();
    if (invitation.acceptedAt) throw notPending("accepted");
    if (invitation.revokedAt) throw notPending("revoked");
    if (invitation.expiresAt <= now) await checkInvitable(transaction, access, invitation.email, now, id);
    return transaction.invitation.update({ where: { id }, data: { hashedToken, expiresAt: expiryFrom(now) } });
  });
}

/** Revokes a pending invitation of the workspace: its link stops working. Any other id is a 404. */
export async function revokeInvitation(access: Access, id: string): Promise<InvitationResponse> {
  return getDb().$transaction(async (transaction) => {
    const { count } = await transaction.invitation.updateMany({ where: { id, ...owned(access), ...pending(new Date()) }, data: { revokedAt: new Date() } });
    if (count === 0) throw AppError.notFound();
    await markAccountChanged(transaction, access);
    return toInvitationResponse(await transaction.invitation.findUniqueOrThrow({ where: { id } }));
  });
}
