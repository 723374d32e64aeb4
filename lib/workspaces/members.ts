import { owned, ownedAt, ownerId, readsAllEntries, type Access } from "@/lib/access/context";
import { requireRole, roleAtLeast, transferOwnershipFirst } from "@/lib/access/roles";
import { markAccountChanged, markAccountChangedSql } from "@/lib/db/account-counters";
import { getDb, type Transaction, type User, type WorkspaceRole } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { elapsedSeconds } from "@/lib/worklog/timer";
import { emitMemberEvent } from "./member-events";
import type { MemberResponse } from "./responses";

type MemberRow = { userId: string; role: WorkspaceRole; joinedAt: Date; user: Pick<User, "name" | "email"> };

const memberInclude = { user: { select: { name: true, email: true } } } as const;

const actor = (access: Access) => ({ workspaceId: ownerId(access), actorId: access.user.id });

/** A member as `access` sees it: an admin or the owner sees every email, the others only their own. */
function toMemberResponse(access: Access, member: MemberRow, role: WorkspaceRole = member.role): MemberResponse {
  return memberResponse(member, roleAtLeast(access.role, "admin") || member.userId === access.user.id, role);
}

function memberResponse(member: MemberRow, seesEmail: boolean, role: WorkspaceRole = member.role): MemberResponse {
  return {
    user_id: member.userId,
    name: member.user.name,
    email: seesEmail ? member.user.email : null,
    role,
    joined_at: member.joinedAt.toISOString(),
  };
}

/** Every member of the workspace, the earliest joined first. */
export async function listMembers(access: Access): Promise<MemberResponse[]> {
  const members = await getDb().membership.findMany({
    where: owned(access),
    include: memberInclude,
    orderBy: [{ joinedAt: "asc" }, { userId: "asc" }],
  });
  return members.map((member) => toMemberResponse(access, member));
}

/**
 * The current members whose entries `access` may read (readableEntries), as `{id, name}`: every
 * member, or `access`'s user alone where the workspace shows others' entries to admins only.
 */
export async function readableAuthors(access: Access): Promise<{ id: string; name: string | null }[]> {
  const members = await getDb().membership.findMany({
    where: { ...owned(access), ...(!readsAllEntries(access) && { userId: access.user.id }) },
    select: { user: { select: { id: true, name: true } } },
    orderBy: { userId: "asc" },
  });
  return members.map(({ user }) => user);
}

/** The member `userId` of the workspace, locked for the change; a 404 for anyone else. */
async function lockedMember(transaction: Transaction, access: Access, userId: string): Promise<MemberRow> {
  await transaction.$queryRaw`SELECT 1 FROM memberships WHERE workspace_id = ${access.workspace.id}::uuid FOR UPDATE`;
  const member = await transaction.membership.findUnique({ where: { workspaceId_userId: { ...owned(access), userId } }, include: memberInclude });
  if (!member) throw AppError.notFound();
  return member;
}

/**
 * Gives a member a role (an admin's change). Giving `owner` is the owner's alone and transfers
 * ownership: the old owner becomes an admin. The owner's own role changes only by a transfer (409).
 */
export async function changeMemberRole(access: Access, userId: string, role: WorkspaceRole): Promise<MemberResponse> {
  if (role === "owner") requireRole(access.role, "owner");
  return getDb().$transaction(async (transaction) => {
    const member = await lockedMember(transaction, access, userId);
    if (member.role === role) return toMemberResponse(access, member);
    if (member.role === "owner") throw transferOwnershipFirst();
    if (role === "owner") {
      await transaction.membership.update({ where: { workspaceId_userId: { ...owned(access), userId: access.user.id } }, data: { role: "admin" } });
      const self = await transaction.membership.findUniqueOrThrow({
        where: { workspaceId_userId: { ...owned(access), userId: access.user.id } },
        include: memberInclude,
      });
      await emitMemberEvent(transaction, actor(access), "member.role_changed", toMemberResponse(access, self));
    }
    const changed = await transaction.membership.update({
      where: { workspaceId_userId: { ...owned(access), userId } },
      data: { role },
      include: memberInclude,
    });
    const response = toMemberResponse(access, changed);
    await emitMemberEvent(transaction, actor(access), "member.role_changed", response);
    await markAccountChanged(transaction, access);
    return response;
  });
}

/**
 * Removes a member (an admin's change), or the caller themselves (leaving, anyone's). The owner
 * neither leaves nor is removed (409). Their entries stay with their author; their running timer
 * in the workspace stops now, and their API keys and OAuth tokens for it are revoked, so that
 * they fail with 401 on every instance at once (authentication reads the membership on every request).
 */
export async function removeMember(access: Access, userId: string): Promise<MemberResponse> {
  if (userId !== access.user.id) requireRole(access.role, "admin");
  return getDb().$transaction(async (transaction) => {
    const member = await lockedMember(transaction, access, userId);
    if (member.role === "owner") throw transferOwnershipFirst();
    const response = toMemberResponse(access, member);
    await endMembership(transaction, actor(access), response);
    return response;
  });
}

/**
 * Every workspace the user is a member of but does not own, left in `transaction` before the
 * account is deleted (lib/users/accounts.ts): their entries stay, their timers stop, and each
 * workspace's webhooks hear `member.removed`.
 */
export async function leaveEveryWorkspace(transaction: Transaction, userId: string): Promise<void> {
  const memberships = await transaction.membership.findMany({ where: { userId, role: { not: "owner" } }, include: memberInclude });
  for (const member of memberships) {
    await endMembership(transaction, { workspaceId: member.workspaceId, actorId: userId }, memberResponse(member, true));
  }
}

/** Ends a membership in `transaction`: the member's running timer there stops now, their keys and tokens for it are revoked, and the workspace's webhooks and conditional reads see the change. */
async function endMembership(
  transaction: Transaction,
  { workspaceId, actorId }: { workspaceId: string; actorId: string },
  member: MemberResponse,
): Promise<void> {
  const userId = member.user_id;
  const now = new Date();
  const running = await transaction.worklogEntry.findUnique({
    where: { runningUserId_workspaceId: { runningUserId: userId, workspaceId } },
    select: { id: true, recordedAt: true },
  });
  if (running) {
    await transaction.worklogEntry.update({
      where: { id: running.id },
      data: { runningUserId: null, recordedAt: now, durationSeconds: elapsedSeconds(running.recordedAt, now) },
    });
  }
  const revoked = { where: { userId, workspaceId, revokedAt: null }, data: { revokedAt: now } };
  await transaction.apiKey.updateMany(revoked);
  await transaction.oAuthToken.updateMany(revoked);
  await transaction.membership.delete({ where: { workspaceId_userId: { workspaceId, userId } } });
  await emitMemberEvent(transaction, { workspaceId, actorId }, "member.removed", member);
  await transaction.$executeRawUnsafe(markAccountChangedSql(ownedAt("$1")), workspaceId);
}

/**
 * Adds a user to a workspace with a role, in `transaction` (the admin CLI's `member:add`): a
 * `member.added` event, and the workspace's conditional reads see the change. A user who is a
 * member already is a 422 `Duplicate value` at `/email`.
 */
export async function addMember(transaction: Transaction, workspaceId: string, userId: string, role: WorkspaceRole): Promise<MemberResponse> {
  const existing = await transaction.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } }, select: { role: true } });
  if (existing) throw AppError.validation([{ pointer: "/email", detail: "Duplicate value", message: `Already a member, as ${existing.role}` }]);
  const added = await transaction.membership.create({ data: { workspaceId, userId, role }, include: memberInclude });
  const response: MemberResponse = { user_id: userId, name: added.user.name, email: added.user.email, role, joined_at: added.joinedAt.toISOString() };
  await emitMemberEvent(transaction, { workspaceId, actorId: userId }, "member.added", response);
  await transaction.$executeRawUnsafe(markAccountChangedSql(ownedAt("$1")), workspaceId);
  return response;
}
