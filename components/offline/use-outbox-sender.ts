"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { QueueId } from "@/lib/offline/outbox-item";
import { retryDelayMs } from "@/lib/offline/outbox-queue";
import { sendQueue, type SendResult } from "@/lib/offline/outbox-sender";

type SendLoop = { send: () => void; stop: () => void };

/**
 * The page's sender of its queue: one run at a time (a send asked for during a run runs once it
 * ends), and after a run that must wait, another after a growing pause while the browser is online.
 */
function sendLoop(queue: QueueId, onSending: (sending: boolean) => void, onResult: (result: SendResult) => void): SendLoop {
  let running = false;
  let again = false;
  let stopped = false;
  let failedRuns = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  async function run() {
    if (stopped || !navigator.onLine) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(retry);
    onSending(true);
    let result: SendResult = "retry";
    try {
      do {
        again = false;
        result = await sendQueue(queue);
      } while (again && result === "done");
    } catch (error) {
      console.error("The outbox could not be sent", error);
    } finally {
      running = false;
      onSending(false);
    }
    if (stopped) return;
    onResult(result);
    failedRuns = result === "retry" ? failedRuns + 1 : 0;
    if (result === "retry") retry = setTimeout(() => void run(), retryDelayMs(failedRuns));
    else if (again) void run();
  }

  return {
    send: () => void run(),
    stop: () => {
      stopped = true;
      clearTimeout(retry);
    },
  };
}

/** Sends the queue when the page starts, when the connection comes back, and whenever `send` is called; says whether a run is on. */
export function useOutboxSender(queue: QueueId, onResult: (result: SendResult) => void) {
  const [sending, setSending] = useState(false);
  const loop = useRef<SendLoop>(undefined);
  const { userId, workspace } = queue;
  useEffect(() => {
    const created = sendLoop({ userId, workspace }, setSending, onResult);
    loop.current = created;
    created.send();
    window.addEventListener("online", created.send);
    return () => {
      window.removeEventListener("online", created.send);
      created.stop();
    };
  }, [userId, workspace, onResult]);
  const send = useCallback(() => loop.current?.send(), []);
  return { sending, send };
}
