import type { Access } from "@/lib/access/context";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { isRecordMissing, isUniqueViolation } from "@/lib/db/errors";
import { leaveEveryWorkspace } from "@/lib/workspaces/members";
import { AppError } from "@/lib/errors";
import { transferOwnershipFirst } from "@/lib/access/roles";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "@/lib/auth/passwords";
import { rescheduleAccount } from "@/lib/schedules/reschedule";
import { parseInput } from "@/lib/validation";
import { emailSchema, planSchema, type NewUser, type ProfileUpdate } from "./schemas";

async function insertUser({ email, password, name, plan, timezone }: NewUser) {
  const passwordHash = password ? await hashPassword(password) : null;
  return getDb().user.create({ data: { email, name: name ?? null, plan: plan ?? getConfig().defaultPlan, passwordHash, timezone } });
}

/** Creates an account; the email is unique case-insensitively (stored lower-cased). */
export function createUser(user: NewUser) {
  return withUniqueEmail(() => insertUser(user));
}

/**
 * Creates an account unless the email has one already, and says which: for sign-up, which must
 * not tell a stranger whether an address has an account.
 */
export async function createUserIfNew(user: NewUser): Promise<boolean> {
  try {
    await insertUser(user);
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw AppError.validation([{ pointer: "/email", detail: "Duplicate value", message: "An account with this email already exists" }]);
    }
    throw error;
  }
}

/**
 * Changes the fields sent of the user who asks (the user resource is that user, by id); a new
 * time zone moves the next runs of the account's recap schedules to their times in it.
 */
export async function updateUser(access: Access, { week_start, hour_cycle, ...changes }: ProfileUpdate) {
  const data = { ...changes, weekStart: week_start, hourCycle: hour_cycle };
  const user = await withUniqueEmail(() => getDb().user.update({ where: { id: access.user.id }, data }));
  if (changes.timezone !== undefined) await rescheduleAccount(access, user.timezone);
  return user;
}

/**
 * Deletes the account, returned as it was: the workspaces it owns go with it, and with them all
 * their data, by cascade in the same statement; in the workspaces others own it leaves first
 * (lib/workspaces/members.ts), and its entries, projects, repositories and commits stay there,
 * under its id. Its own things everywhere go too: keys, tokens, recaps, hooks, schedules.
 */
export async function deleteUser(userId: string) {
  try {
    return await getDb().$transaction(async (transaction) => {
      // Deleting a user deletes the workspaces they own (migration 20261129011548_workspaces): one
      // that others work in must change hands first. Its memberships are locked until the delete commits.
      const owned = await transaction.$queryRaw<{ workspace_id: string }[]>`SELECT workspace_id FROM memberships m
        WHERE m.workspace_id IN (SELECT workspace_id FROM memberships WHERE user_id = ${userId}::uuid AND role = 'owner') FOR UPDATE`;
      if (new Set(owned.map((row) => row.workspace_id)).size < owned.length) throw transferOwnershipFirst();
      await leaveEveryWorkspace(transaction, userId);
      return transaction.user.delete({ where: { id: userId } });
    });
  } catch (error) {
    if (isRecordMissing(error)) throw AppError.notFound();
    throw error;
  }
}

/**
 * Ends every session of the account issued at `sessionVersion` (README, "Security"). A session
 * already ended cannot end newer ones: the version only moves on from the one it names.
 */
export async function endSessions(userId: string, sessionVersion: number): Promise<void> {
  await getDb().user.updateMany({ where: { id: userId, sessionVersion }, data: { sessionVersion: { increment: 1 } } });
}

export async function findUserByEmail(email: string) {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? getDb().user.findUnique({ where: { email: parsed.data } }) : null;
}

export async function requireUserByEmail(email: string) {
  const user = await findUserByEmail(email);
  if (!user) throw new AppError("not_found", `No account has the email ${email}`);
  return user;
}

export async function setUserPlan(email: string, plan: string) {
  const user = await requireUserByEmail(email);
  return getDb().user.update({ where: { id: user.id }, data: { plan: parseInput(planSchema, plan) } });
}

/** The account for these credentials, or null; an unknown email costs as much time as a wrong password. */
export async function authenticateWithPassword(email: string, password: string) {
  const user = await findUserByEmail(email);
  if (!user?.passwordHash) return verifyAgainstDummy(password).then(() => null);
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}
