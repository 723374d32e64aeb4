import type { z } from "zod";
import type { cursorPageMetaSchema } from "@/lib/api/cursor-pagination";

/**
 * What the examples of the API reference share; each domain's own are in its `examples.ts`,
 * and tests check every example against its schema.
 */

/** Stands for the origin the document is served at, in absolute links; publishing replaces it. */
export const exampleOrigin = "https://origin.invalid";

/** The example entry's id, which the examples of commits refer to as well. */
export const exampleEntryId = "01936f23-4e5f-7a6b-9c7d-8e9f0a1b2c34";

export const exampleCreatedAt = "2026-11-22T09:30:00.000Z";
export const exampleUpdatedAt = "2026-11-22T10:05:00.000Z";

/** The meta of a one-item page. */
export function pageMetaExample(id: string) {
  return { result_count: 1, total_count: 1, total_count_exact: true, start_cursor: id, end_cursor: id, limit: 25, has_more: false } satisfies z.infer<
    typeof cursorPageMetaSchema
  >;
}
