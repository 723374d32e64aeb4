"use client";

import { useOutbox } from "@/components/offline/outbox-provider";
import { queueOrSend, type Queued } from "@/components/offline/queue-or-send";
import type { ProjectOption } from "@/components/projects/project-select";
import { toast } from "@/components/ui/toast";
import { createItem, deleteItem, updateItem } from "@/lib/offline/outbox-changes";
import { entryChanges, entryInput, type EntryFormValues } from "@/lib/worklog/entry-form-values";
import type { EntryView } from "@/lib/worklog/views";
import { newEntryPreview, optimisticEntry, previewOf } from "./optimistic-entry";

const waitingMessage = "Saved on this device: it will be sent once the server can be reached.";
const deleteWaitingMessage = "Entry deleted on this device: the delete will be sent once the server can be reached.";

/**
 * The worklog's writes, sent as today through the server actions, or to the outbox when the
 * browser is offline, when the action fails for want of a connection, or when earlier changes of
 * the same entry still wait there (README "Offline and installing").
 */
export function useQueuedEntryWrites({ projects, timeZone }: { projects: ProjectOption[]; timeZone: string }) {
  const outbox = useOutbox();
  const mustQueue = (entryId?: string) => outbox?.mustQueue(entryId) ?? false;
  return {
    create: <Saved>(values: EntryFormValues, send: () => Promise<Saved>) =>
      queueOrSend(outbox, mustQueue(), send, ({ queue }) => createItem(queue, entryInput(values, timeZone), newEntryPreview(values, timeZone, projects))),
    update: <Saved>(entry: EntryView, values: EntryFormValues, send: () => Promise<Saved>) =>
      queueOrSend(outbox, mustQueue(entry.id), send, ({ queue }) =>
        updateItem(queue, entry, entryChanges(entry, values, timeZone), previewOf(optimisticEntry(entry, values, timeZone, projects))),
      ),
    remove: <Saved>(entry: EntryView, send: () => Promise<Saved>) =>
      queueOrSend(outbox, mustQueue(entry.id), send, ({ queue }) => deleteItem(queue, entry, previewOf(entry))),
    /** Says that a change waits in the outbox; a delete's toast has Undo, which takes it out again. */
    announce({ queued, item }: Queued) {
      const kept = queued.put.find((put) => put.id === item.id);
      if (item.kind !== "delete") return toast(waitingMessage);
      if (!kept) return toast("The unsent entry was removed.");
      toast(deleteWaitingMessage, {
        action: { label: "Undo", onClick: () => void outbox?.discard(kept).then(() => toast.success("Delete undone")) },
      });
    },
  };
}
