import "server-only";
import { randomBytes } from "node:crypto";
import { createdBy, type Access } from "@/lib/access/context";
import { sha256Hex } from "@/lib/crypto";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

// The calendar feed's token (docs/api.md, "Calendar feed"): 256 random bits, base64url, shown once;
// only its hash is stored, as an API key's is, so that a copy of the database opens no feed.

/** The feed's path for a token: `/cal/<token>.ics`. */
export const feedPath = (token: string) => `/cal/${token}.ics`;

export function newFeedToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Creates the feed of the user in the workspace, replacing (revoking) any earlier one; the token is in this answer only. */
export async function createCalendarFeed(access: Access): Promise<{ token: string; createdAt: Date }> {
  const token = newFeedToken();
  const owner = createdBy(access);
  const hashedToken = sha256Hex(token);
  const createdAt = new Date();
  await getDb().calendarFeed.upsert({
    where: { workspaceId_userId: owner },
    create: { ...owner, hashedToken, insertedAt: createdAt },
    update: { hashedToken, insertedAt: createdAt },
  });
  return { token, createdAt };
}

/** Whether the user has a feed in the workspace, and since when; never its token. */
export async function calendarFeedStatus(access: Access): Promise<{ exists: boolean; createdAt: Date | null }> {
  const feed = await getDb().calendarFeed.findUnique({ where: { workspaceId_userId: createdBy(access) }, select: { insertedAt: true } });
  return { exists: feed !== null, createdAt: feed?.insertedAt ?? null };
}

/** Revokes the feed: its URL answers 404 from now on. None to revoke is a 404. */
export async function revokeCalendarFeed(access: Access): Promise<void> {
  const { count } = await getDb().calendarFeed.deleteMany({ where: createdBy(access) });
  if (count === 0) throw AppError.notFound();
}

/** The feed a token opens: its user and workspace, or null for an unknown or revoked token. */
export function feedOfToken(token: string) {
  return getDb().calendarFeed.findUnique({ where: { hashedToken: sha256Hex(token) }, select: { userId: true, workspaceId: true, insertedAt: true } });
}
