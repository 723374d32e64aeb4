import "server-only";
import { ownerId, type Access } from "@/lib/access/context";
import { getDb, type IncomingHook, type Transaction } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { findOrCreateRepository } from "./forge-repositories";
import { markAccountChanged } from "@/lib/db/account-counters";
import { KEPT_FORGE_DELIVERIES } from "./forge-hooks";
import type { ForgeEvent, MergedPullRequest } from "./forge-events";
import type { ForgeDeliveryResult } from "./responses";
import { writeCommits } from "@/lib/repositories/commit-writer";

/** A delivery that passed its hook's signature check: who asks (the hook's owner), its event and the forge's id of it. */
export type ForgeDelivery = { hook: Pick<IncomingHook, "id">; access: Access; event: string; deliveryId: string };

/** A merged pull or merge request, suggested as an entry (docs/api.md, "Incoming hooks"); announced again, it is brought up to date. */
async function suggestPullRequest(transaction: Transaction, access: Access, repositoryId: string, pullRequest: MergedPullRequest): Promise<void> {
  await transaction.$executeRaw`
    INSERT INTO pull_request_suggestions (id, workspace_id, user_id, repository_id, number, title, web_url, merged_at, merge_sha)
    VALUES (${newId()}::uuid, ${ownerId(access)}::uuid, ${access.user.id}::uuid, ${repositoryId}::uuid, ${pullRequest.number}, ${pullRequest.title}, ${pullRequest.webUrl}, ${pullRequest.mergedAt.toISOString()}::timestamptz, ${pullRequest.mergeSha})
    ON CONFLICT (repository_id, number) DO UPDATE
      SET title = EXCLUDED.title, web_url = EXCLUDED.web_url, merged_at = EXCLUDED.merged_at, merge_sha = EXCLUDED.merge_sha`;
}

/**
 * The start of every logged delivery, in its transaction: the hook's row first (a hook's
 * deliveries queue there, and a hook deleted meanwhile is a 404), then the account's change
 * sequence, whose row every write of the account takes.
 */
async function lockHook(transaction: Transaction, { hook, access }: ForgeDelivery): Promise<void> {
  const touched = await transaction.$executeRaw`UPDATE incoming_hooks SET last_delivery_at = clock_timestamp() WHERE id = ${hook.id}::uuid`;
  if (touched === 0) throw AppError.notFound();
  await markAccountChanged(transaction, access);
}

/** Keeps the hook's newest deliveries only. */
async function forgetOldDeliveries(transaction: Transaction, hookId: string): Promise<void> {
  await transaction.$executeRaw`
    DELETE FROM hook_deliveries WHERE id IN (
      SELECT id FROM hook_deliveries WHERE hook_id = ${hookId}::uuid ORDER BY received_at DESC, id DESC OFFSET ${KEPT_FORGE_DELIVERIES})`;
}

/** Thrown inside the transaction to roll it back: the delivery was recorded before. */
class DuplicateDelivery extends Error {}

/**
 * Records what a delivery carries, once per delivery id: in one transaction its log row, the
 * repository (found or created), the commits or the pull request's suggestion. A delivery id
 * answered with a 2xx before records nothing and changes nothing; one that was refused (400)
 * runs again. A second delivery with the same id waits on the first's log row and then finds it.
 */
export async function recordForgeDelivery(delivery: ForgeDelivery, forgeEvent: ForgeEvent): Promise<ForgeDeliveryResult> {
  const { hook, access, event, deliveryId } = delivery;
  const answer = (result: ForgeDeliveryResult["result"], commitsRecorded = 0, repositoryId: string | null = null): ForgeDeliveryResult => ({
    ok: true,
    event,
    delivery_id: deliveryId,
    result,
    commits_recorded: commitsRecorded,
    repository_id: repositoryId,
  });
  try {
    return await getDb().$transaction(async (transaction) => {
      await lockHook(transaction, delivery);
      const [claimed] = await transaction.$queryRaw<{ id: string }[]>`
        INSERT INTO hook_deliveries (id, hook_id, delivery_id, event, status, commits_recorded, error, received_at)
        VALUES (${newId()}::uuid, ${hook.id}::uuid, ${deliveryId}, ${event}, 200, 0, NULL, clock_timestamp())
        ON CONFLICT (hook_id, delivery_id) DO UPDATE
          SET event = EXCLUDED.event, status = 200, commits_recorded = 0, error = NULL, received_at = EXCLUDED.received_at
          WHERE hook_deliveries.status >= 400
        RETURNING id`;
      if (!claimed) throw new DuplicateDelivery();
      await forgetOldDeliveries(transaction, hook.id);
      if (forgeEvent.kind === "ignored" || (forgeEvent.kind === "push" && forgeEvent.commits.length === 0)) return answer("ignored");
      const repositoryId = await findOrCreateRepository(transaction, access, forgeEvent.repository);
      if (forgeEvent.kind === "merged") {
        await suggestPullRequest(transaction, access, repositoryId, forgeEvent.pullRequest);
        return answer("recorded", 0, repositoryId);
      }
      const recorded = await writeCommits(
        transaction,
        access,
        forgeEvent.commits.map((commit) => ({ repositoryId, ...commit })),
      );
      if (recorded > 0) await transaction.$executeRaw`UPDATE hook_deliveries SET commits_recorded = ${recorded} WHERE id = ${claimed.id}::uuid`;
      return answer("recorded", recorded, repositoryId);
    });
  } catch (error) {
    if (error instanceof DuplicateDelivery) return answer("duplicate");
    throw error;
  }
}

/**
 * Logs a delivery that passed its signature check but could not be read (a 400), with the reason:
 * the hook's owner sees it in the hook's deliveries. A delivery id that was recorded before keeps
 * its row.
 */
export async function logRefusedForgeDelivery(delivery: ForgeDelivery, status: number, reason: string): Promise<void> {
  await getDb().$transaction(async (transaction) => {
    await lockHook(transaction, delivery);
    const { hook, event, deliveryId } = delivery;
    await transaction.$executeRaw`
      INSERT INTO hook_deliveries (id, hook_id, delivery_id, event, status, commits_recorded, error, received_at)
      VALUES (${newId()}::uuid, ${hook.id}::uuid, ${deliveryId}, ${event}, ${status}, 0, ${reason}, clock_timestamp())
      ON CONFLICT (hook_id, delivery_id) DO UPDATE
        SET event = EXCLUDED.event, status = EXCLUDED.status, error = EXCLUDED.error, received_at = EXCLUDED.received_at
        WHERE hook_deliveries.status >= 400`;
    await forgetOldDeliveries(transaction, hook.id);
  });
}
