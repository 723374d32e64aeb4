import { z } from "zod";
import { cursorPageMetaSchema } from "@/lib/api/cursor-pagination";
import { aliasedColumns, isoTimestamp, jsonShape, property } from "@/lib/db/json-shape";
import { responseSchemas } from "@/lib/openapi/components";
import { deletedItemColumns } from "./deleted-item-columns";
import { syncedKinds } from "./schemas";

// A deletion as GET /deleted answers it, once for its zod schema and for the SQL of a page of
// them (deleted.ts, listDeletedAsJson), which reads the tombstone as `d`:
// tests/db/list-json.test.ts holds that SQL to the tombstones' columns, byte for byte.

const d = aliasedColumns("d", deletedItemColumns);

export const tombstoneShape = jsonShape({
  type: property(z.enum(syncedKinds), d.kind),
  id: property(z.uuid().meta({ description: "The deleted item's id." }), d.id),
  deleted_at: property(z.iso.datetime(), isoTimestamp(d.deletedAt)),
});

export const tombstoneResponseSchema = tombstoneShape.schema.register(responseSchemas, { id: "Tombstone" });

export const tombstoneListResponseSchema = z
  .object({ deleted: z.array(tombstoneResponseSchema), meta: cursorPageMetaSchema })
  .register(responseSchemas, { id: "TombstoneList" });
