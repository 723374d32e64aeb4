"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import type { ProjectOption } from "@/components/projects/project-select";
import { useTimer } from "@/components/timer/timer-provider";
import type { FieldErrors } from "@/lib/server-actions/action-result";
import { createEntryAction, deleteEntryAction, restoreEntryAction, updateEntryAction, type EntryField } from "@/lib/worklog/actions";
import { entryChanges, entryInput, type EntryFormValues } from "@/lib/worklog/entry-form-values";
import type { EntryView } from "@/lib/worklog/views";
import { changeCachedEntryPages, refreshAfterChange, withoutEntry, type CachedEntryPages } from "./entry-query-cache";
import { focusAfterRemoving, focusEntryWhenShown, leaveToast } from "./entry-focus";
import { accepted, RefusedError, refusalMessage } from "./refusal";
import { refreshSuggestions } from "./suggestions-query";
import { useWorklogFilters } from "./worklog-filters";
import { optimisticEntry } from "./optimistic-entry";
import { isQueued } from "@/components/offline/queue-or-send";
import { useQueuedEntryWrites } from "./use-queued-entry-writes";

/** What a form shows of a refused save: the message, and the fields it names. */
export type FormRefusal = { message: string; fieldErrors: FieldErrors<EntryField> };

export function formRefusal(error: Error | null): FormRefusal | undefined {
  if (!error) return undefined;
  return error instanceof RefusedError
    ? { message: error.refusal.message, fieldErrors: error.refusal.fieldErrors as FieldErrors<EntryField> }
    : { message: refusalMessage(error), fieldErrors: {} };
}

const replaced = (saved: EntryView) => (pages: CachedEntryPages | undefined) =>
  changeCachedEntryPages(pages, (list) => list.map((item) => (item.id === saved.id ? saved : item)));

/**
 * The one way the worklog changes entries, for the list and the week view alike: add, edit (shown
 * at once in the list, rolled back if refused), delete (with Undo) and restore. Each says so in a
 * toast and reads the worklog again; a refused edit or delete is the entry's `problem`. Offline,
 * each goes to the outbox instead (useQueuedEntryWrites), shown in the list as waiting.
 */
export function useEntryMutations({ projects, timeZone }: { projects: ProjectOption[]; timeZone: string }) {
  const queryClient = useQueryClient();
  const { filters } = useWorklogFilters();
  const queryKey = ["entries", filters];
  const timer = useTimer();
  const queued = useQueuedEntryWrites({ projects, timeZone });
  const [problem, setProblem] = useState<{ entryId: string; message: string }>();
  // Where focus goes once the list has been drawn without a deleted entry.
  const pendingFocus = useRef<() => void>(undefined);
  useEffect(() => {
    pendingFocus.current?.();
    pendingFocus.current = undefined;
  });

  /** Takes the entry into the list's cached pages at once; the pages as they were, to roll back to. */
  async function changeAtOnce(change: (pages: CachedEntryPages | undefined) => CachedEntryPages | undefined) {
    setProblem(undefined);
    await queryClient.cancelQueries({ queryKey });
    const previous = queryClient.getQueryData<CachedEntryPages>(queryKey);
    queryClient.setQueryData<CachedEntryPages>(queryKey, change);
    return { previous };
  }
  const refused = (error: Error, entry: EntryView, context?: { previous?: CachedEntryPages }) => {
    queryClient.setQueryData(queryKey, context?.previous);
    setProblem({ entryId: entry.id, message: refusalMessage(error) });
  };

  const create = useMutation({
    mutationFn: (values: EntryFormValues) => queued.create(values, () => accepted(createEntryAction(entryInput(values, timeZone)))),
    onSuccess: async (saved) => {
      if (isQueued(saved)) return queued.announce(saved);
      toast.success("Entry added");
      await refreshAfterChange(queryClient);
    },
  });

  const update = useMutation({
    mutationFn: ({ entry, values }: { entry: EntryView; values: EntryFormValues }) =>
      queued.update(entry, values, () => accepted(updateEntryAction(entry.id, entryChanges(entry, values, timeZone)))),
    onMutate: ({ entry, values }) => changeAtOnce(replaced(optimisticEntry(entry, values, timeZone, projects))),
    onError: (error, { entry }, context) => refused(error, entry, context),
    onSuccess: async (saved, { entry }, context) => {
      // The list shows the outbox's version over the entry as the server has it.
      if (isQueued(saved)) {
        queryClient.setQueryData(queryKey, context?.previous);
        return queued.announce(saved);
      }
      queryClient.setQueryData<CachedEntryPages>(queryKey, replaced(saved));
      toast.success("Entry saved");
      if (entry.running) timer?.refresh();
      await refreshAfterChange(queryClient);
    },
  });

  const restore = useMutation({
    mutationFn: (entry: EntryView) => accepted(restoreEntryAction(entry)),
    onSuccess: async (restored) => {
      toast.success("Entry restored");
      await refreshAfterChange(queryClient);
      // The toast's Undo is gone with the toast: the focus goes to the entry back in the list.
      focusEntryWhenShown(restored.id);
    },
    onError: (error) => toast.error(refusalMessage(error)),
  });

  const remove = useMutation({
    mutationFn: (entry: EntryView) => queued.remove(entry, () => accepted(deleteEntryAction(entry.id))),
    onMutate: (entry) => {
      pendingFocus.current = focusAfterRemoving(entry.id);
      return changeAtOnce((pages) => withoutEntry(pages, entry, timeZone));
    },
    onError: (error, entry, context) => refused(error, entry, context),
    onSuccess: async (result, entry, context) => {
      // A waiting delete leaves the entry in the list, struck through, until it is sent.
      if (isQueued(result)) {
        queryClient.setQueryData(queryKey, context?.previous);
        return queued.announce(result);
      }
      toast("Entry deleted", {
        action: {
          label: "Undo",
          onClick: () => {
            leaveToast();
            restore.mutate(entry);
          },
        },
      });
      if (entry.running) timer?.refresh();
      await refreshAfterChange(queryClient);
    },
  });

  /** The entry as the server now has it (commits attached or detached), put in the list in place; its commits' suggestions change too. */
  const replaceEntry = (saved: EntryView) => {
    queryClient.setQueryData<CachedEntryPages>(queryKey, replaced(saved));
    return refreshSuggestions(queryClient);
  };

  return { create, update, remove, restore, replaceEntry, problem };
}
