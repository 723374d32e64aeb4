"use client";

import { useMemo } from "react";
import { useOutbox } from "@/components/offline/outbox-provider";
import { PendingBadge } from "@/components/offline/pending-badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { withPendingChanges, type PendingMark } from "@/lib/offline/pending-entries";
import type { EntryView } from "@/lib/worklog/views";

/** The loaded entries with the outbox's waiting (or refused) changes laid over them, and what marks each changed one. */
export function usePendingEntries(entries: EntryView[]): { entries: EntryView[]; marks: Map<string, PendingMark> } {
  const outbox = useOutbox();
  const items = outbox?.items;
  const author = outbox?.author;
  return useMemo(
    () => (items && author && items.length > 0 ? withPendingChanges(entries, items, author) : { entries, marks: new Map<string, PendingMark>() }),
    [entries, items, author],
  );
}

/** Under a row whose delete waits: says so, with Undo, which takes the delete out of the outbox. */
export function PendingDeleteNote({ mark }: { mark: PendingMark }) {
  const outbox = useOutbox();
  const item = outbox?.items.find((candidate) => candidate.id === mark.itemId);
  return (
    <p className="flex items-center gap-2 px-2 pb-1 text-xs text-zinc-600 dark:text-zinc-400">
      <PendingBadge mark={mark} />
      Deleted on this device; the server still has it.
      {item && item.state !== "sending" && (
        <Button variant="ghost" size="xs" onClick={() => void outbox?.discard(item).then(() => toast.success("Delete undone"))}>
          Undo delete
        </Button>
      )}
    </p>
  );
}
