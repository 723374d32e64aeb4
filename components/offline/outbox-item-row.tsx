"use client";

import { useState } from "react";
import { useClock } from "@/components/formatting/clock-context";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { formatDateTime } from "@/lib/formatting/time-words";
import type { OutboxItem, OutboxKind } from "@/lib/offline/outbox-item";
import { heldBy } from "@/lib/offline/outbox-queue";
import { OutboxConflict } from "./outbox-conflict";
import { OutboxItemEditor } from "./outbox-item-editor";
import { PendingBadge } from "./pending-badge";
import { useOutbox } from "./outbox-provider";

const kindWords: Record<OutboxKind, string> = {
  create: "New entry",
  update: "Edit",
  delete: "Delete",
  "timer.start": "Timer start",
  "timer.stop": "Timer stop",
};

const firstLine = (content: string) => content.split("\n").find((line) => line.trim()) ?? "";

/** One change of the outbox: what it does, when it was made, its state, and Discard, Send again, Edit or a conflict's choice. */
export function OutboxItemRow({ item }: { item: OutboxItem }) {
  const outbox = useOutbox();
  const [editing, setEditing] = useState(false);
  const clock = useClock(outbox?.timeZone ?? "UTC");
  if (!outbox) return null;
  const held = heldBy(outbox.items, item);
  const what = item.preview ? firstLine(item.preview.content) : "the timer";
  const discard = async () => {
    const count = await outbox.discard(item);
    toast.success(count > 1 ? `${count} changes discarded` : "Change discarded");
  };
  const sendAgain = async () => {
    await outbox.resend(item);
    toast("Sending it again");
  };
  return (
    <article aria-label={`${kindWords[item.kind]}: ${what}`} className="space-y-1.5">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium">{kindWords[item.kind]}</span>
        <span className="min-w-0 flex-1 truncate text-zinc-700 dark:text-zinc-300">{what}</span>
        <PendingBadge mark={item} />
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Made {formatDateTime(new Date(item.createdAt), clock)}
        {held && item.state === "pending" && " · waits for an earlier change of this entry"}
      </p>
      {item.message && (
        <p
          role={item.state === "failed" ? "alert" : undefined}
          className={item.state === "failed" ? "text-red-800 dark:text-red-300" : "text-zinc-600 dark:text-zinc-400"}
        >
          {item.message}
        </p>
      )}
      {item.state === "conflict" && item.serverVersion && <OutboxConflict item={item} serverVersion={item.serverVersion} />}
      {editing && <OutboxItemEditor item={item} onDone={() => setEditing(false)} />}
      {!editing && item.state !== "sending" && (
        <div className="flex flex-wrap gap-2">
          {item.state === "failed" && item.preview && (item.kind === "create" || item.kind === "update") && (
            <Button variant="secondary" size="xs" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {item.state === "failed" && (
            <Button variant="secondary" size="xs" onClick={() => void sendAgain()}>
              Send again
            </Button>
          )}
          {item.state !== "conflict" && (
            <Button variant="ghost" size="xs" onClick={() => void discard()}>
              Discard
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
