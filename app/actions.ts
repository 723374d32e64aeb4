"use server";

import { isValidationError, validationErrors, type FieldErrors } from "@/components/ui/form-state";
import { requireUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { recentCommits, type CommitSummary } from "@/lib/repositories/commits";
import { attachCommits, createEntry, deleteEntry, listEntries, updateEntry } from "@/lib/worklog/entries";
import { attachCommitsSchema, entryCreateSchema, entryListQuerySchema, entryUpdateSchema } from "@/lib/worklog/schemas";
import { toEntryViews, type EntryView } from "@/lib/worklog/views";
import { idSchema, parseInput } from "@/lib/validation";
import type { PageMeta } from "@/lib/api/pagination";

export type EntryFilters = { project_id?: string; tags?: string; from?: string; to?: string };

export type EntryPage = { entries: EntryView[]; meta: PageMeta };

export type EntryField = "content" | "recorded_at" | "duration_seconds" | "tags" | "project_id";

/** What a write answers: the result, or why the server refused it (never thrown, so the message reaches the browser). */
export type ActionResult<T> = { ok: true; value: T } | { ok: false; message: string; fieldErrors: FieldErrors<EntryField> };

const entryFields = {
  content: {
    messages: {
      "String length is smaller than minLength": "Write something",
      "String length is larger than maxLength": "Use at most 10,000 characters",
    },
  },
  recorded_at: { messages: { "Invalid value": "Enter a valid date and time" } },
  duration_seconds: {
    messages: {
      "Value must be greater than 0": "Enter at least 1 minute",
      "Value must be less than 604801": "Enter at most one week",
    },
  },
  tags: { messages: { "Invalid value": "Use up to 20 tags of at most 50 characters, without spaces or commas" } },
  project_id: { messages: { "Invalid value": "Choose one of your projects" } },
};

/** Every tag's issue (pointer /tags/3) counts as the tags field's. */
function tagsAsOneField(error: AppError): AppError {
  const issues = error.issues.map((issue) => (issue.pointer.startsWith("/tags/") ? { ...issue, pointer: "/tags", detail: "Invalid value" } : issue));
  return AppError.validation(issues);
}

async function refusable<T>(write: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (isValidationError(error)) {
      const { fieldErrors, formError } = validationErrors(tagsAsOneField(error), entryFields);
      return { ok: false, message: formError ?? "Check the highlighted fields.", fieldErrors };
    }
    if (error instanceof AppError && error.kind === "not_found") {
      return { ok: false, message: "This entry no longer exists; it may have been deleted elsewhere.", fieldErrors: {} };
    }
    throw error;
  }
}

export async function loadEntries(filters: EntryFilters, startingAfter?: string): Promise<EntryPage> {
  const user = await requireUser("/");
  const query = parseInput(entryListQuerySchema, { ...filters, starting_after: startingAfter });
  const { rows, meta } = await listEntries(user, query);
  return { entries: await toEntryViews(user.id, rows), meta };
}

export async function createEntryAction(input: unknown): Promise<ActionResult<EntryView>> {
  const user = await requireUser("/");
  return refusable(async () => {
    const entry = await createEntry(user.id, parseInput(entryCreateSchema, input));
    return (await toEntryViews(user.id, [entry]))[0]!;
  });
}

export async function updateEntryAction(id: string, input: unknown): Promise<ActionResult<EntryView>> {
  const user = await requireUser("/");
  return refusable(async () => {
    const entry = await updateEntry(user.id, parseInput(idSchema, id), parseInput(entryUpdateSchema, input));
    return (await toEntryViews(user.id, [entry]))[0]!;
  });
}

export async function deleteEntryAction(id: string): Promise<ActionResult<string>> {
  const user = await requireUser("/");
  return refusable(async () => {
    try {
      await deleteEntry(user.id, parseInput(idSchema, id));
    } catch (error) {
      // Deleted already (e.g. in another tab): what was asked for is done.
      if (!(error instanceof AppError && error.kind === "not_found")) throw error;
    }
    return id;
  });
}

export async function attachCommitsAction(id: string, commitIds: string[]): Promise<ActionResult<EntryView>> {
  const user = await requireUser("/");
  return refusable(async () => {
    const entry = await attachCommits(user.id, parseInput(idSchema, id), parseInput(attachCommitsSchema, { commit_ids: commitIds }));
    return (await toEntryViews(user.id, [entry]))[0]!;
  });
}

/** The commits one may attach to an entry of the project (or of no project: any repository's). */
export async function attachableCommits(projectId: string | null): Promise<CommitSummary[]> {
  const user = await requireUser("/");
  return recentCommits(user.id, projectId === null ? null : parseInput(idSchema, projectId));
}
