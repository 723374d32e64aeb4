import { createdBy, owned, type Access } from "@/lib/access/context";
import { markAccountChanged } from "@/lib/db/account-counters";
import { getDb, type Invitation } from "@/lib/db/client";
import { randomBase62, sha256Hex } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import type { InvitationResponse } from "./responses";
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

/** The condition of an invitation that still works: neither accepted nor revoked, and not expired. */
const pending = (now: Date) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

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

/**
 * Invites an address to the workspace with a role: the link holds a random token shown in this
 * answer only (its hash is stored, as an API key's). An address that is a member's or already
 * invited is a 422 `Duplicate value` at `/email`; past 50 pending invitations, a 422 at `""`.
 */
export async function createInvitation(access: Access, input: InvitationCreate, origin: string): Promise<InvitationResponse & { invite_url: string }> {
  const token = `${INVITATION_TOKEN_PREFIX}${randomBase62(INVITATION_TOKEN_LENGTH)}`;
  const now = new Date();
  const invitation = await getDb().$transaction(async (transaction) => {
    // Invitations of one workspace are made one at a time, so that the checks below hold when it is written.
    await transaction.$queryRaw`SELECT 1 FROM workspaces WHERE id = ${access.workspace.id}::uuid FOR UPDATE`;
    const member = await transaction.membership.findFirst({ where: { ...owned(access), user: { email: input.email } }, select: { userId: true } });
    if (member || (await transaction.invitation.findFirst({ where: { ...owned(access), email: input.email, ...pending(now) }, select: { id: true } }))) {
      throw duplicateEmail();
    }
    if ((await transaction.invitation.count({ where: { ...owned(access), ...pending(now) } })) >= MAX_PENDING_INVITATIONS) throw tooManyPending();
    const created = await transaction.invitation.create({
      data: {
        workspaceId: createdBy(access).workspaceId,
        invitedBy: createdBy(access).userId,
        email: input.email,
        role: input.role,
        hashedToken: sha256Hex(token),
        expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60 * 1000),
      },
    });
    await markAccountChanged(transaction, access);
    return created;
  });
  return { ...toInvitationResponse(invitation), invite_url: `${origin}/invite/${token}` };
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
