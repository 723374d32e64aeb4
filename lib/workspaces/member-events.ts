import type { Transaction } from "@/lib/db/client";
import type { MemberEventType } from "@/lib/webhooks/events";
import type { MemberResponse } from "./responses";

/**
 * Writes a member event of the workspace in the changing transaction, through the same
 * `webhook_emit` the tables' triggers call (migration 20261129040000_webhook_entries_by_reader):
 * an event and a delivery job for every enabled endpoint of the workspace that subscribes to it,
 * or nothing without one. `actorId`: the user who made the change.
 */
export async function emitMemberEvent(
  transaction: Transaction,
  { workspaceId, actorId }: { workspaceId: string; actorId: string },
  type: MemberEventType,
  member: MemberResponse,
): Promise<void> {
  const change = { workspace_id: workspaceId, user_id: actorId, type, resource_id: member.user_id, data: member };
  await transaction.$executeRawUnsafe("SELECT webhook_emit($1::jsonb)", JSON.stringify([change]));
}
