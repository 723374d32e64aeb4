"use client";

import { useClock } from "@/components/formatting/clock-context";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { formatDateTime, formatDuration, type Clock } from "@/lib/formatting/time-words";
import type { EntryPreview, OutboxItem, ServerEntry } from "@/lib/offline/outbox-item";
import { useOutbox } from "./outbox-provider";

/** One side of a conflict: the entry's text, time, duration, tags and project. */
function Version({ title, entry, clock }: { title: string; entry: EntryPreview | undefined; clock: Clock }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{title}</h3>
      {entry ? (
        <>
          <p className="mb-1 text-sm break-words whitespace-pre-wrap">{entry.content}</p>
          <dl className="space-y-1 text-xs">
            <div className="flex gap-1">
              <dt className="text-zinc-600 dark:text-zinc-400">Time</dt>
              <dd>{formatDateTime(entry.recorded_at, clock)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-zinc-600 dark:text-zinc-400">Duration</dt>
              <dd>{entry.running ? "running" : entry.duration_seconds === null ? "none" : formatDuration(entry.duration_seconds)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-zinc-600 dark:text-zinc-400">Tags</dt>
              <dd>{entry.tags.length > 0 ? entry.tags.map((tag) => `#${tag}`).join(" ") : "none"}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-zinc-600 dark:text-zinc-400">Project</dt>
              <dd>{entry.project?.name ?? "none"}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="text-sm">Deleted</p>
      )}
    </section>
  );
}

/**
 * A change whose entry was changed elsewhere since it was read: both versions side by side, and
 * the choice. Keep mine sends it again over the server's version (its `updated_at` as `If-Match`,
 * a new key); Keep theirs discards it.
 */
export function OutboxConflict({ item, serverVersion }: { item: OutboxItem; serverVersion: ServerEntry }) {
  const outbox = useOutbox();
  const clock = useClock(outbox?.timeZone ?? "UTC");
  if (!outbox) return null;
  const keepMine = async () => {
    await outbox.resend(item, { ifMatch: serverVersion.updated_at });
    toast("Sending your version");
  };
  const keepTheirs = async () => {
    await outbox.discard(item);
    toast.success("Kept the version on the server");
  };
  return (
    <div className="space-y-2">
      <div className="grid gap-2 sm:grid-cols-2">
        <Version title="Yours" entry={item.kind === "delete" ? undefined : item.preview} clock={clock} />
        <Version title="On the server" entry={serverVersion} clock={clock} />
      </div>
      <div className="flex gap-2">
        <Button size="xs" onClick={() => void keepMine()}>
          Keep mine
        </Button>
        <Button variant="secondary" size="xs" onClick={() => void keepTheirs()}>
          Keep theirs
        </Button>
      </div>
    </div>
  );
}
