"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { RecapResponse } from "@/lib/recaps/responses";
import { RecapMarkdown } from "./recap-markdown";
import { RecapMetadataList } from "./recap-metadata";

type StreamEvent = { recap_id: string; status: "processing"; delta: string } | ({ recap_id: string } & RecapResponse);

const statusLabels: Record<RecapResponse["status"], string> = {
  processing: "Writing…",
  completed: "Completed",
  failed: "Failed",
};

/**
 * A recap; while it is processing, its text appears as it is written, from the page's own
 * session-authenticated stream.
 */
export function RecapLive({ initial }: { initial: RecapResponse }) {
  const router = useRouter();
  const [recap, setRecap] = useState(initial);
  const [text, setText] = useState(initial.content ?? "");
  const [connectionLost, setConnectionLost] = useState(false);
  // Deltas already shown: a reconnecting stream replays them from the start.
  const received = useRef(0);

  useEffect(() => {
    if (initial.status !== "processing") return;
    const source = new EventSource(`/recaps/${initial.id}/events`);
    source.onmessage = (message: MessageEvent<string>) => {
      setConnectionLost(false);
      const event = JSON.parse(message.data) as StreamEvent;
      if ("delta" in event) {
        const seq = Number(message.lastEventId.split(":").at(-1));
        if (seq !== received.current) return;
        received.current += 1;
        setText((previous) => previous + event.delta);
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

  return (
    <article aria-labelledby={`recap-${recap.id}-status`} className="space-y-4" data-status={recap.status}>
      <p id={`recap-${recap.id}-status`} role="status" className="text-sm font-medium text-zinc-600 dark:text-zinc-400">
        {statusLabels[recap.status]}
        {connectionLost && " The live connection was lost; reload the page to see the recap."}
      </p>
      {recap.status === "failed" && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {recap.error}
        </p>
      )}
      {recap.metadata && <RecapMetadataList metadata={recap.metadata} />}
      {text && (
        <div data-testid="recap-content" className="rounded-lg border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800">
          <RecapMarkdown>{text}</RecapMarkdown>
        </div>
      )}
    </article>
  );
}
