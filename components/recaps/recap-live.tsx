"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { RecapResponse } from "@/lib/recaps/responses";
import { recapFileName } from "./recap-days";
import { RecapExport } from "./recap-export";
import { RecapMarkdown } from "./recap-markdown";
import { RecapMetadataList } from "./recap-metadata";

type StreamEvent = { recap_id: string; status: "processing"; delta: string; partial_content: string } | ({ recap_id: string } & RecapResponse);

const statusLabels: Record<RecapResponse["status"], string> = {
  processing: "Writing…",
  completed: "Completed",
  failed: "Failed",
};

type RecapLiveProps = {
  initial: RecapResponse;
  /** The account's, for the days in the downloaded file's name. */
  timeZone: string;
  /** The public origin (lib/public-origin.ts), on which the copied and downloaded markdown's links are absolute. */
  origin: string;
};

/**
 * A recap; while it is processing, its text appears as it is written, from the page's own
 * session-authenticated stream. Once completed: its headline numbers, and its markdown to copy
 * or download.
 */
export function RecapLive({ initial, timeZone, origin }: RecapLiveProps) {
  const router = useRouter();
  const [recap, setRecap] = useState(initial);
  const [text, setText] = useState(initial.content ?? "");
  const [connectionLost, setConnectionLost] = useState(false);

  useEffect(() => {
    if (initial.status !== "processing") return;
    const source = new EventSource(`/recaps/${initial.id}/events`);
    source.onmessage = (message: MessageEvent<string>) => {
      setConnectionLost(false);
      const event = JSON.parse(message.data) as StreamEvent;
      // Every piece carries all the text so far: a reconnected stream simply starts from it.
      if ("partial_content" in event) {
        setText(event.partial_content);
        return;
      }
      source.close();
      setRecap(event);
      setText(event.content ?? "");
      router.refresh();
    };
    source.onerror = () => setConnectionLost(source.readyState === EventSource.CLOSED);
    return () => source.close();
  }, [initial.id, initial.status, router]);

  const writing = recap.status === "processing";
  return (
    <article aria-labelledby={`recap-${recap.id}-status`} className="space-y-4" data-status={recap.status}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={`recap-${recap.id}-status`} role="status" className="flex items-center gap-2 text-sm font-medium text-zinc-600 dark:text-zinc-400">
          {writing && <span aria-hidden="true" className="size-2 rounded-full bg-brand-500 motion-safe:animate-pulse" />}
          {statusLabels[recap.status]}
          {connectionLost && " The live connection was lost; reload the page to see the recap."}
        </p>
        {recap.status === "completed" && recap.content && (
          <RecapExport content={recap.content} fileName={recapFileName(recap.filters, timeZone)} origin={origin} />
        )}
      </div>
      {recap.status === "failed" && (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {recap.error}
        </p>
      )}
      {recap.metadata && <RecapMetadataList metadata={recap.metadata} />}
      {(text || writing) && (
        <div data-testid="recap-content" aria-busy={writing || undefined} className="rounded-lg border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800">
          {text ? <RecapMarkdown>{text}</RecapMarkdown> : <p className="text-sm text-zinc-600 dark:text-zinc-400">The first lines are on their way…</p>}
        </div>
      )}
    </article>
  );
}
