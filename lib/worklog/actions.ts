"use server";

import { recentCommits, type CommitSummary } from "@/lib/repositories/commits";
import { idSchema } from "@/lib/validation";
import type { ActionResult } from "@/lib/server-actions/action-result";
import { runSignedInAction, runSignedInRemoval } from "@/lib/server-actions/run-action";
import type { EntryBulkAction } from "./schemas";
import { z } from "zod";
import type { Access } from "@/lib/access/context";
import { weekOf } from "@/lib/time";
import { calendarDateSchema } from "@/lib/time-schemas";
import { bulkEditEntries, restoreEntries } from "./bulk";
import { attachCommits, createEntry, deleteEntry, detachCommit, listEntries, restoreEntry, updateEntry } from "./entries";
import { dailyTotals, type DailyProjectTotal } from "./tracked-time";
import { entryFields, type EntryField } from "./entry-fields";
import type { EntryWithRelations } from "./entry-with-relations";
import { cleanFilters, type EntryFilters } from "./filters";
import {
  attachCommitsSchema,
  detachCommitSchema,
  entryBulkRestoreSchema,
  entryBulkSchema,
  entryCreateSchema,
  entryListQuerySchema,
  entryRestoreSchema,
  entryUpdateSchema,
} from "./schemas";
import { toEntryPage, toEntryViews, type EntryPage, type EntryView } from "./views";

export type { EntryField } from "./entry-fields";

/** An entry as the composer sends it: the body the entries API takes. */
export type EntryInput = Record<string, unknown>;

const worklogPath = "/";

const notFoundMessage = "This entry no longer exists; it may have been deleted elsewhere.";

async function entryView(access: Access, entry: EntryWithRelations): Promise<EntryView> {
  return (await toEntryViews(access, [entry]))[0]!;
}

export async function loadEntries(filters: EntryFilters, startingAfter?: string): Promise<ActionResult<EntryPage>> {
  return runSignedInAction(worklogPath, {
    schema: entryListQuerySchema,
    input: { ...filters, starting_after: startingAfter },
    fields: {},
    run: async (query, access) => toEntryPage(access, await listEntries(access, query), query),
  });
}

export async function createEntryAction(input: EntryInput): Promise<ActionResult<EntryView, EntryField>> {
  return runSignedInAction(worklogPath, {
    schema: entryCreateSchema,
    input,
    fields: entryFields,
    run: async (entry, access) => entryView(access, await createEntry(access, entry, "web")),
  });
}

export async function updateEntryAction(id: string, input: EntryInput): Promise<ActionResult<EntryView, EntryField>> {
  return runSignedInAction(worklogPath, {
    schema: entryUpdateSchema.extend({ id: idSchema }),
    input: { ...input, id },
    fields: entryFields,
    notFoundMessage,
    run: async ({ id: entryId, ...changes }, access) => entryView(access, await updateEntry(access, entryId, changes)),
  });
}

export async function deleteEntryAction(id: string): Promise<ActionResult<void>> {
  return runSignedInRemoval(worklogPath, id, deleteEntry);
}

/** Undo of a delete: the entry as it was, under its id. */
export async function restoreEntryAction(entry: EntryView): Promise<ActionResult<EntryView, EntryField>> {
  return runSignedInAction(worklogPath, {
    schema: entryRestoreSchema,
    input: { ...entry, commit_ids: entry.commits.map((commit) => commit.id) },
    fields: entryFields,
    notFoundMessage: "This entry can no longer be restored.",
    run: async (restored, access) => entryView(access, await restoreEntry(access, restored)),
  });
}

/** A bulk change as the worklog shows it: the entries it left (deleted: as they were), and as they were before, for its Undo. */
export type BulkEditView = { entries: EntryView[]; before: EntryView[] };

/** One action on the selected entries, all or none (docs/api.md, "Bulk changes"); `before` is what bulkUndoAction takes. */
export async function bulkEditAction(ids: string[], action: EntryBulkAction): Promise<ActionResult<BulkEditView>> {
  return runSignedInAction(worklogPath, {
    schema: entryBulkSchema,
    input: { ids, action },
    fields: {},
    notFoundMessage: "Some of these entries no longer exist; they may have been deleted elsewhere. Nothing was changed.",
    run: async (bulk, access) => {
      const { entries, before } = await bulkEditEntries(access, bulk);
      const [views, beforeViews] = await Promise.all([toEntryViews(access, entries), toEntryViews(access, before)]);
      return { entries: views, before: beforeViews };
    },
  });
}

/** Undo of a bulk change: every entry as it was (`before`), the deleted put back under their ids. */
export async function bulkUndoAction(before: EntryView[]): Promise<ActionResult<EntryView[]>> {
  return runSignedInAction(worklogPath, {
    schema: entryBulkRestoreSchema,
    input: before.map((entry) => ({ ...entry, commit_ids: entry.commits.map((commit) => commit.id) })),
    fields: {},
    notFoundMessage: "These entries can no longer be restored.",
    run: async (entries, access) => toEntryViews(access, await restoreEntries(access, entries)),
  });
}

export async function attachCommitsAction(id: string, commitIds: string[]): Promise<ActionResult<EntryView>> {
  return runSignedInAction(worklogPath, {
    schema: attachCommitsSchema.extend({ id: idSchema }),
    input: { id, commit_ids: commitIds },
    fields: {},
    notFoundMessage,
    run: async ({ id: entryId, ...commits }, access) => entryView(access, await attachCommits(access, entryId, commits)),
  });
}

export type WeekTotals = { days: string[]; totals: DailyProjectTotal[] };

/** The time tracked in the week (from the account's first day of the week) that holds `day`, per day and project. */
export async function loadWeek(day: string): Promise<ActionResult<WeekTotals>> {
  return runSignedInAction(worklogPath, {
    schema: calendarDateSchema,
    input: day,
    fields: {},
    run: async (validDay, access) => {
      const days = weekOf(validDay, access.user.weekStart);
      return { days, totals: await dailyTotals(access, days) };
    },
  });
}

export type WeekEntries = { days: string[]; entries: EntryView[] };

/** The most entries the week view reads for one week: more than anyone writes in a week. */
const weekEntriesCap = 1000;
const weekPageSize = 100;

/**
 * The entries the filters select (their dates aside) recorded in the week, from the account's
 * first day of the week, that holds `day`: the week view's, all of them at once.
 */
export async function loadWeekEntries(filters: EntryFilters, day: string): Promise<ActionResult<WeekEntries>> {
  return runSignedInAction(worklogPath, {
    schema: z.object({ day: calendarDateSchema, filters: z.record(z.string(), z.string()) }),
    input: { day, filters },
    fields: {},
    run: async ({ day: validDay, filters: given }, access) => {
      const days = weekOf(validDay, access.user.weekStart);
      const entries: EntryView[] = [];
      let startingAfter: string | undefined;
      do {
        const query = entryListQuerySchema.parse({
          ...cleanFilters(given),
          from: days[0],
          to: days.at(-1),
          limit: String(weekPageSize),
          starting_after: startingAfter,
        });
        const page = await listEntries(access, query);
        entries.push(...(await toEntryViews(access, page.rows)));
        startingAfter = page.meta.has_more ? (page.meta.end_cursor ?? undefined) : undefined;
      } while (startingAfter && entries.length < weekEntriesCap);
      return { days, entries };
    },
  });
}

export async function detachCommitAction(id: string, commitId: string): Promise<ActionResult<EntryView>> {
  return runSignedInAction(worklogPath, {
    schema: detachCommitSchema,
    input: { id, commit_id: commitId },
    fields: {},
    notFoundMessage: "This entry or commit no longer exists; it may have been deleted elsewhere.",
    run: async ({ id: entryId, commit_id }, access) => entryView(access, await detachCommit(access, entryId, commit_id)),
  });
}

/** The commits one may attach to an entry of the project (or of no project: any repository's). */
export async function attachableCommits(projectId: string | null): Promise<ActionResult<CommitSummary[]>> {
  return runSignedInAction(worklogPath, {
    schema: idSchema.nullable(),
    input: projectId,
    fields: {},
    run: (project, access) => recentCommits(access, project),
  });
}
