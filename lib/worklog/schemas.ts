import { z } from "zod";
import { listQuerySchema } from "@/lib/api/cursor-pagination";
import { updatedSinceField } from "@/lib/sync/schemas";
import { isUuid } from "@/lib/db/ids";
import { requestSchemas } from "@/lib/openapi/components";
import { rangeBoundSchema, timestampSchema } from "@/lib/time-schemas";
import { isAuthorFilter, searchMaxLength } from "./filters";
import { entrySourceSchema } from "./source-schema";
import { idSchema, isStorableText, text } from "@/lib/validation";

/** Markdown, stored exactly as sent: the one string the contract does not trim. */
export const entryContentSchema = text(1, 10_000, { trim: false }).meta({ description: "Markdown, stored exactly as sent." });

// The integer check comes last, so that a huge number reports the contract's bound rather
// than the safe-integer limit.
export const entryDurationSchema = z.number().min(1).max(604_800).int().nullable();

export const entryTagSchema = text(1, 50)
  .toLowerCase()
  .regex(/^[^\s,]+$/)
  // What a request may send: whitespace around a tag is trimmed (docs/api.md, "Conventions").
  .meta({ pattern: "^\\s*[^\\s,]+\\s*$" });

export const entryTagsSchema = z
  .array(entryTagSchema)
  .max(20)
  .transform((tags) => [...new Set(tags)])
  .meta({ description: "Lower-cased and deduplicated; a tag has no whitespace or commas." });

/** An entry's own fields, which a create sets and an update changes. */
const entryFieldsSchema = z.object({
  content: entryContentSchema,
  recorded_at: timestampSchema.meta({ description: "When the work was done: an RFC 3339 timestamp with any offset." }).optional(),
  duration_seconds: entryDurationSchema.optional(),
  tags: entryTagsSchema.optional(),
  project_id: idSchema.nullable().optional(),
});

/** Commits of the account, attached as the entry is created (docs/api.md, "Suggested entries"). */
const entryCommitIdsSchema = z.array(idSchema).max(1000).meta({
  description:
    "Commits of the account to attach as the entry is created (up to 1000); an id of no commit of the account is an invalid value and creates nothing.",
});

export const entryCreateSchema = entryFieldsSchema.extend({ commit_ids: entryCommitIdsSchema.optional() }).register(requestSchemas, { id: "EntryCreate" });
export type EntryCreate = z.output<typeof entryCreateSchema>;

/** POST /worklog/timer: what the running entry says while it runs; it may be edited afterwards like any entry. */
/** How far back a start or stop may be told: an offline outbox's longest wait (README, "Offline and installing"). */
const TIMER_BACKDATING_MS = 7 * 24 * 3600 * 1000;
/** A device's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 60_000;

/** When the person started or stopped the timer, told later (an offline outbox): the last 7 days, never ahead of the server's clock. */
const timerMomentSchema = (what: string) =>
  timestampSchema
    .refine((moment) => moment.getTime() <= Date.now() + CLOCK_SKEW_MS && moment.getTime() >= Date.now() - TIMER_BACKDATING_MS, {
      message: `must be within the last 7 days`,
    })
    .meta({ description: `When the timer was ${what}, if not now: within the last 7 days (a device that was offline tells it later).` })
    .optional();

export const timerStartSchema = z
  .object({
    content: entryContentSchema.default("Timer"),
    tags: entryTagsSchema.optional(),
    project_id: idSchema.nullable().optional(),
    started_at: timerMomentSchema("started"),
  })
  .register(requestSchemas, { id: "TimerStart" });
export type TimerStart = z.output<typeof timerStartSchema>;

/** POST /worklog/timer/stop: an empty body stops the running timer now. */
export const timerStopSchema = z
  .object({
    stopped_at: timerMomentSchema("stopped"),
    entry_id: idSchema.optional().meta({ description: "Stops this entry's timer only: a 404 when it is not the one running (stopped elsewhere meanwhile)." }),
  })
  .register(requestSchemas, { id: "TimerStop" });
export type TimerStop = z.output<typeof timerStopSchema>;

export const entryUpdateSchema = entryFieldsSchema.partial().register(requestSchemas, { id: "EntryUpdate" });
export type EntryUpdate = z.output<typeof entryUpdateSchema>;

/** A deleted entry as the web app's Undo puts it back: its id, fields, source and attached commits. */
export const entryRestoreSchema = entryCreateSchema.extend({ id: idSchema, source: entrySourceSchema, commit_ids: z.array(idSchema).max(1000) });
export type EntryRestore = z.output<typeof entryRestoreSchema>;

/** The most entries one bulk change names (docs/api.md, "Bulk changes"). */
export const bulkMaxEntries = 500;

/** What a bulk change does to each entry it names. */
export const entryBulkActionSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("add_tag"), tag: entryTagSchema }).meta({ description: "Adds the tag to the entries that lack it." }),
    z.object({ type: z.literal("remove_tag"), tag: entryTagSchema }).meta({ description: "Removes the tag from the entries that have it." }),
    z
      .object({ type: z.literal("move_to_project"), project_id: idSchema.nullable().meta({ description: "A project of the account, or null: no project." }) })
      .meta({ description: "Gives every entry this project." }),
    z.object({ type: z.literal("delete") }).meta({ description: "Deletes the entries." }),
  ])
  .register(requestSchemas, { id: "EntryBulkAction" });
export type EntryBulkAction = z.output<typeof entryBulkActionSchema>;

export const entryBulkSchema = z
  .object({
    ids: z
      .array(idSchema)
      .min(1)
      .max(bulkMaxEntries)
      .refine((ids) => new Set(ids).size === ids.length, "ids must not repeat an id")
      .meta({ description: `The account's entries to change, 1 to ${bulkMaxEntries}, each once.` }),
    action: entryBulkActionSchema,
  })
  .register(requestSchemas, { id: "EntryBulk" });
export type EntryBulk = z.output<typeof entryBulkSchema>;

/** The Undo of a bulk change: the entries as they were, each put back if deleted, else given back its tags and project. */
export const entryBulkRestoreSchema = z.array(entryRestoreSchema).min(1).max(bulkMaxEntries);

export const attachCommitsSchema = z.object({ commit_ids: z.array(idSchema).min(1).max(1000) }).register(requestSchemas, { id: "AttachCommits" });
export type AttachCommits = z.output<typeof attachCommitsSchema>;

/** An entry and the commit to detach from it. */
export const detachCommitSchema = z.object({ id: idSchema, commit_id: idSchema });

/** The filters of the entries list, which the export takes too (lib/data/export.ts). */
export const entryFilterFields = {
  author_id: z
    .string()
    .refine(isAuthorFilter, "author_id must be a UUID or me")
    .meta({
      description:
        "Only the entries of this author: a user's id, or `me` for the caller's own. An author whose entries the caller cannot read matches nothing.",
    })
    .optional(),
  project_id: z.string().refine(isUuid, "project_id must be a UUID").meta({ format: "uuid", description: "Only the entries of this project." }).optional(),
  tags: z
    .string()
    .refine(isStorableText, "tags must not contain NUL characters")
    .transform((value) => [
      ...new Set(
        value
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((tag) => tag.toLowerCase()),
      ),
    ])
    .meta({ description: "Tags separated by commas or whitespace; an entry matches if it has any of them." })
    .optional(),
  reference: z
    .string()
    .trim()
    .min(1, "reference must be 1 to 200 characters")
    .max(200, "reference must be 1 to 200 characters")
    .refine(isStorableText, "reference must not contain NUL characters")
    .transform((value) => value.toLowerCase())
    .meta({
      description:
        "Only the entries that refer to this issue (docs/api.md, \"Issue references\"): a tracker's key (`PAY-142`) or a forge's (`owner/repo#311`), whatever its case.",
    })
    .optional(),
  from: rangeBoundSchema.optional(),
  to: rangeBoundSchema.optional(),
  source: z
    .string()
    .transform((value) => [...new Set(value.split(/[\s,]+/).filter(Boolean))])
    .pipe(z.array(entrySourceSchema).min(1, "source must name at least one of web, api, cli, mcp"))
    .meta({ description: "Sources separated by commas or whitespace (`web`, `api`, `cli`, `mcp`); an entry matches if it has any of them." })
    .optional(),
  q: z
    .string()
    .min(1, `q must be 1 to ${searchMaxLength} characters`)
    .max(searchMaxLength, `q must be 1 to ${searchMaxLength} characters`)
    .refine(isStorableText, "q must not contain NUL characters")
    .meta({
      description:
        'Full-text search of content and tags, 1–200 characters, in web-search syntax: `"exact phrase"`, `or`, `-excluded`. Case, accents and English word endings are ignored, and the last word also matches as the start of a word (as one types). Text with no searchable word (only stop words or punctuation) matches nothing.',
    })
    .optional(),
  ...updatedSinceField,
};

export const entryListQuerySchema = listQuerySchema(entryFilterFields);

export type EntryListQuery = z.output<typeof entryListQuerySchema>;
/** What selects a list's entries, without its page. */
export type EntryListFilters = Omit<EntryListQuery, "page">;
