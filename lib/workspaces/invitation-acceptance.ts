import { getDb, type Invitation, type User, type WorkspaceRole } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { addMember } from "./members";
import type { MemberResponse } from "./responses";

/** The page of an invitation's link (docs/api.md, "Workspaces"). */
export function invitationPath(token: string): string {
  return `/invite/${encodeURIComponent(token)}`;
}

const invitationPathPattern = /^\/invite\/([^/?#]+)$/;

/**
 * What the invitation link gives someone, by who they are signed in as. Its workspace, inviter
 * and role are shown only to a session of the invited address; an unknown link and a revoked one
 * read alike (`invalid`).
 */
export type InvitationView =
  | { status: "invalid" | "expired" | "used" }
  | { status: "signed_out" | "other_account"; email: string }
  | { status: "member"; workspaceName: string; workspaceSlug: string; role: WorkspaceRole }
  | { status: "pending"; email: string; workspaceName: string; inviterName: string | null; role: WorkspaceRole };

type InvitationState = "invalid" | "expired" | "used" | "pending";

export const invalidInvitationMessage = "This invitation link does not work: it may have been revoked, or mistyped. Ask for a new one.";
export const expiredInvitationMessage = "This invitation has expired. Ask for a new one.";
export const usedInvitationMessage = "This invitation was already used.";
const otherAddressMessage = "This invitation was sent to another address.";

function stateOf(invitation: Invitation | null, now: Date): InvitationState {
  if (!invitation || invitation.revokedAt) return "invalid";
  if (invitation.acceptedAt) return "used";
  return invitation.expiresAt > now ? "pending" : "expired";
}

/** The invitation whose link holds `token`, found by the token's hash (the token is never stored). */
function findInvitation(token: string) {
  return getDb().invitation.findUnique({
    where: { hashedToken: sha256Hex(token) },
    include: { workspace: { select: { name: true, slug: true } }, inviter: { select: { name: true } } },
  });
}

const isInvitedAddress = (invitation: Invitation, user: Pick<User, "email">) => user.email.toLowerCase() === invitation.email.toLowerCase();

/**
 * What the link `token` shows `user` (null: signed out). Null for an unknown token, so that the
 * caller can count it as a wrong guess; a revoked one is `invalid`.
 */
export async function viewInvitation(token: string, user: Pick<User, "id" | "email"> | null): Promise<InvitationView | null> {
  const invitation = await findInvitation(token);
  if (!invitation) return null;
  const state = stateOf(invitation, new Date());
  if (state === "invalid") return { status: "invalid" };
  if (user && isInvitedAddress(invitation, user)) {
    const membership = await getDb().membership.findUnique({
      where: { workspaceId_userId: { workspaceId: invitation.workspaceId, userId: user.id } },
      select: { role: true },
    });
    if (membership) return { status: "member", workspaceName: invitation.workspace.name, workspaceSlug: invitation.workspace.slug, role: membership.role };
  }
  if (state !== "pending") return { status: state };
  if (!user) return { status: "signed_out", email: invitation.email };
  if (!isInvitedAddress(invitation, user)) return { status: "other_account", email: invitation.email };
  return { status: "pending", email: invitation.email, workspaceName: invitation.workspace.name, inviterName: invitation.inviter.name, role: invitation.role };
}

/**
 * Accepts the invitation of the link `token` for `user`, whose email must be the invited one:
 * they become a member with its role (`member.added`, as the admin CLI's `member:add`), and the
 * invitation is used, in one transaction. The invitation is locked first, so that of two accepts
 * at once the second finds it used. Unknown or revoked: 404; expired or used: 410; another
 * address: 403; a member already: 409.
 */
export async function acceptInvitation(user: Pick<User, "id" | "email">, token: string): Promise<MemberResponse> {
  const hashedToken = sha256Hex(token);
  return getDb().$transaction(async (transaction) => {
    await transaction.$queryRaw`SELECT 1 FROM invitations WHERE hashed_token = ${hashedToken} FOR UPDATE`;
    const invitation = await transaction.invitation.findUnique({ where: { hashedToken } });
    const state = stateOf(invitation, new Date());
    if (!invitation || state === "invalid") throw new AppError("not_found", invalidInvitationMessage);
    if (state === "expired") throw new AppError("gone", expiredInvitationMessage);
    if (state === "used") throw new AppError("gone", usedInvitationMessage);
    if (!isInvitedAddress(invitation, user)) throw new AppError("authorization", otherAddressMessage);
    const existing = await transaction.membership.findUnique({
      where: { workspaceId_userId: { workspaceId: invitation.workspaceId, userId: user.id } },
      select: { role: true },
    });
    if (existing) throw new AppError("state_conflict", `You are a member of this workspace already, as ${existing.role}.`);
    const member = await addMember(transaction, invitation.workspaceId, user.id, invitation.role);
    await transaction.invitation.update({ where: { id: invitation.id }, data: { acceptedAt: new Date() } });
    return member;
  });
}

/** The token of the invitation whose page `path` is, or null for any other path. */
export function invitationTokenIn(path: string): string | null {
  const token = invitationPathPattern.exec(path)?.[1];
  if (!token) return null;
  try {
    return decodeURIComponent(token);
  } catch {
    return null;
  }
}

/** The invited address of the invitation `token` while it is pending, else null. */
export async function pendingInvitationEmail(token: string): Promise<string | null> {
  const invitation = await findInvitation(token);
  return invitation && stateOf(invitation, new Date()) === "pending" ? invitation.email : null;
}
