import { z } from "zod";
import { listQuerySchema } from "@/lib/api/cursor-pagination";
import { AppError } from "@/lib/errors";
import { timestampSchema } from "@/lib/time-schemas";

/**
 * How far before a client's `updated_since` or `since` the server looks (docs/api.md,
 * "Incremental sync"): a write stamps its row when its transaction starts and may commit after
 * a sync read that came later, so a change stamped up to this long before the client's last
 * sync can still be new to it. Changes of this margin come again; replaying them is harmless.
 */
export const SYNC_OVERLAP_MS = 60_000;

/** Tombstones are kept at least this long (docs/api.md, "Pagination"); a `since` older than it cannot be answered completely. */
export const TOMBSTONE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** A `since` before the tombstones' retention: deletions may have been forgotten, so only a full sync is complete. */
export const sinceTooOld = () =>
  new AppError("gone", "since is more than 30 days ago, longer than deletions are kept: read the full lists again instead of the changes");

/** The earliest change time a sync since `since` reads. */
export const changedSince = (since: Date) => new Date(since.getTime() - SYNC_OVERLAP_MS);

/** `updated_since` on the lists of entries, projects and repositories. */
export const updatedSinceField = {
  updated_since: timestampSchema
    .meta({
      format: "date-time",
      description:
        'Only the items changed at or after this time, less 60 seconds (docs/api.md, "Incremental sync"): send the `date` of your last sync\'s first response.',
    })
    .optional(),
};

/** The kinds of items whose deletions are listed: the lists a client keeps a copy of. */
export const syncedKinds = ["entry", "project", "repository"] as const;
export type SyncedKind = (typeof syncedKinds)[number];

export const deletedQuerySchema = listQuerySchema({
  since: timestampSchema
    .meta({
      format: "date-time",
      description: "Only the deletions at or after this time, less 60 seconds; at most 30 days ago. Left out: every deletion kept.",
    })
    .optional(),
  type: z
    .string()
    .transform((value, context) => {
      if ((syncedKinds as readonly string[]).includes(value)) return value as SyncedKind;
      context.addIssue({ code: "custom", message: `type must be one of ${syncedKinds.join(", ")}` });
      return z.NEVER;
    })
    .meta({ type: "string", enum: [...syncedKinds], description: "Only the deletions of this kind; left out, all three." })
    .optional(),
});
export type DeletedQuery = z.output<typeof deletedQuerySchema>;
