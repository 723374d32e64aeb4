import { z } from "zod";
import { pageMetaSchema } from "@/lib/api/pagination";
import type { DeletedItem } from "@/lib/db/client";
import { responseSchemas } from "@/lib/openapi/components";
import { syncedKinds, type SyncedKind } from "./schemas";

export const tombstoneResponseSchema = z
  .object({
    type: z.enum(syncedKinds),
    id: z.uuid().meta({ description: "The deleted item's id." }),
    deleted_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "Tombstone" });

export const tombstoneListResponseSchema = z
  .object({ deleted: z.array(tombstoneResponseSchema), meta: pageMetaSchema })
  .register(responseSchemas, { id: "TombstoneList" });

export function toTombstoneResponse(item: DeletedItem): z.infer<typeof tombstoneResponseSchema> {
  return { type: item.kind as SyncedKind, id: item.id, deleted_at: item.deletedAt.toISOString() };
}
