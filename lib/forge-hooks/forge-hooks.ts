import "server-only";
import { createdBy, owned, type Access } from "@/lib/access/context";
import { randomBase62 } from "@/lib/crypto";
import { markAccountChanged } from "@/lib/db/account-counters";
import { getDb } from "@/lib/db/client";
import { isRecordMissing } from "@/lib/db/errors";
import { newId } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import type { ForgeHookCreate } from "./schemas";

/** Hooks an account may have: its list is one page. */
export const MAX_FORGE_HOOKS_PER_ACCOUNT = 100;

/** Deliveries kept per hook, the newest. */
export const KEPT_FORGE_DELIVERIES = 50;

export function listForgeHooks(access: Access) {
  return getDb().incomingHook.findMany({ where: owned(access), orderBy: { id: "desc" } });
}

/** A hook of the account with its last deliveries, the newest first; another account's is a 404. */
export async function getForgeHookWithDeliveries(access: Access, id: string) {
  const hook = await getDb().incomingHook.findFirst({
    where: { id, ...owned(access) },
    include: { deliveries: { orderBy: [{ receivedAt: "desc" }, { id: "desc" }], take: KEPT_FORGE_DELIVERIES } },
  });
  if (!hook) throw AppError.notFound();
  return hook;
}

/** The newest deliveries of each of the account's hooks, by hook: what Settings → Integrations shows. */
export async function deliveriesByForgeHook(access: Access) {
  const deliveries = await getDb().hookDelivery.findMany({
    where: { hook: owned(access) },
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
  });
  const byHook = new Map<string, typeof deliveries>();
  for (const delivery of deliveries) {
    const kept = byHook.get(delivery.hookId) ?? [];
    if (kept.length < KEPT_FORGE_DELIVERIES) kept.push(delivery);
    byHook.set(delivery.hookId, kept);
  }
  return byHook;
}

/**
 * A new hook with a new secret, which the answer holds this once. Its secret is kept as it is:
 * GitHub signs each delivery with it (README, "Commits that arrive on their own").
 */
export async function createForgeHook(access: Access, input: ForgeHookCreate) {
  return getDb().$transaction(async (transaction) => {
    await markAccountChanged(transaction, access);
    if ((await transaction.incomingHook.count({ where: owned(access) })) >= MAX_FORGE_HOOKS_PER_ACCOUNT) {
      throw AppError.validation([
        {
          pointer: "",
          detail: `Too many items: at most ${MAX_FORGE_HOOKS_PER_ACCOUNT}`,
          message: `An account has at most ${MAX_FORGE_HOOKS_PER_ACCOUNT} incoming hooks: delete one first.`,
        },
      ]);
    }
    return transaction.incomingHook.create({
      data: { id: newId(), ...createdBy(access), provider: input.provider, name: input.name, secret: `wlh_${randomBase62(40)}` },
    });
  });
}

/** Deletes a hook and its deliveries; what it recorded stays. Answers it as it was. */
export async function deleteForgeHook(access: Access, id: string) {
  return getDb().$transaction(async (transaction) => {
    let hook;
    try {
      hook = await transaction.incomingHook.delete({ where: { id, ...owned(access) } });
    } catch (error) {
      if (isRecordMissing(error)) throw AppError.notFound();
      throw error;
    }
    await markAccountChanged(transaction, access);
    return hook;
  });
}
