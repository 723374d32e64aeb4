import "server-only";
import { createdBy, owned, readableRecaps, type Access } from "@/lib/access/context";
import { randomBase62, sha256Hex } from "@/lib/crypto";
import { getDb, type Prisma, type Recap, type RecapShare } from "@/lib/db/client";
import { isRecordMissing } from "@/lib/db/errors";
import { isUuid } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { getRecap, RECAP_PLAN, requireRecapPlan } from "./recaps";

/** 22 base62 characters: 130 random bits. */
const TOKEN_LENGTH = 22;
const tokenPattern = new RegExp(`^[0-9A-Za-z]{${TOKEN_LENGTH}}$`);

export type CreatedRecapShare = { share: RecapShare; token: string };

/**
 * A new link to a completed recap of the account. A recap has one link: a new one replaces the
 * last, which stops working, and counts its views from 0. Only the token's hash is stored, so
 * the link can be shown this once.
 */
export async function shareRecap(access: Access, recapId: string): Promise<CreatedRecapShare> {
  requireRecapPlan(access.user);
  const recap = await getRecap(access, recapId);
  if (recap.status !== "completed") throw AppError.invalidRequest("Only a completed recap can be shared");
  const token = randomBase62(TOKEN_LENGTH);
  const tokenHash = sha256Hex(token);
  const share = await getDb().recapShare.upsert({
    where: { recapId: recap.id },
    create: { recapId: recap.id, ...createdBy(access), tokenHash },
    update: { tokenHash, views: 0, createdAt: new Date(), revokedAt: null },
  });
  return { share, token };
}

/** The link of a recap of the account, revoked or not; null when it was never shared (or the recap is not the account's). */
export async function findRecapShare(access: Access, recapId: string): Promise<RecapShare | null> {
  return isUuid(recapId) ? getDb().recapShare.findFirst({ where: { recapId, ...owned(access), recap: readableRecaps(access) } }) : null;
}

/** The link of a recap of the account; a recap never shared, like another account's, is a 404. */
export async function getRecapShare(access: Access, recapId: string): Promise<RecapShare> {
  requireRecapPlan(access.user);
  const share = await findRecapShare(access, recapId);
  if (!share) throw AppError.notFound();
  return share;
}

/** Stops the recap's link from working; a revoked link stays as it is. */
export async function revokeRecapShare(access: Access, recapId: string): Promise<RecapShare> {
  const share = await getRecapShare(access, recapId);
  if (share.revokedAt) return share;
  return getDb().recapShare.update({ where: { id: share.id }, data: { revokedAt: new Date() } });
}

export type SharedRecap = { recap: Recap; timeZone: string };

/**
 * The recap a link opens; null for a token of no link, a revoked link, or an owner whose plan no
 * longer includes recaps. An opening (`countView`) counts as a view, every one, the owner's too;
 * a prefetch or a HEAD request is none (docs/api.md, "Share links").
 */
export async function viewSharedRecap(token: string, countView: boolean): Promise<SharedRecap | null> {
  if (!tokenPattern.test(token)) return null;
  const where = { tokenHash: sha256Hex(token), revokedAt: null, user: { plan: RECAP_PLAN } } satisfies Prisma.RecapShareWhereUniqueInput;
  const include = { recap: true, user: { select: { timezone: true } } } satisfies Prisma.RecapShareInclude;
  try {
    const share = countView
      ? await getDb().recapShare.update({ where, data: { views: { increment: 1 } }, include })
      : await getDb().recapShare.findFirst({ where, include });
    return share && { recap: share.recap, timeZone: share.user.timezone };
  } catch (error) {
    if (isRecordMissing(error)) return null;
    throw error;
  }
}
