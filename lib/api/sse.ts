import { countOpenStream } from "@/lib/server/metrics";
import { serverStopping } from "@/lib/server/stopping";

/** One server-sent event: its `id:` line and its `data:` (JSON on one line). */
export type ServerSentEvent = { id: string; data: unknown };

/** Vercel's limit for a function, in seconds; route files export the same `maxDuration`. */
export const SSE_MAX_DURATION_SECONDS = 300;
const HEARTBEAT_MS = 15_000;

/** The last event of every open stream when the server stops (README "Stopping"): the client reconnects, to another instance or after the restart. */
export const SERVER_STOPPING_EVENT = 'event: reconnect\ndata: {"reason":"server_stopping"}\n\n';

export type EventStreamOptions = {
  heartbeatMs?: number;
  /** The stream ends cleanly a little before the platform would cut it; clients reconnect. */
  maxDurationMs?: number;
  /** The stream also ends when this aborts (its credential was revoked). */
  endWhen?: AbortSignal;
  /** Called once, when the stream has ended for whatever reason. */
  onClose?: () => void;
};

/**
 * A `text/event-stream` response of the events a source yields, with heartbeat comments. The
 * source gets a signal that aborts when the client leaves, the stream is cancelled or its time
 * is up or the server stops; it must stop (timers, queries) when it does. Everything is released
 * when it ends.
 */
export function eventStreamResponse(
  request: Request,
  source: (signal: AbortSignal) => AsyncIterable<ServerSentEvent>,
  { heartbeatMs = HEARTBEAT_MS, maxDurationMs = (SSE_MAX_DURATION_SECONDS - 5) * 1000, endWhen, onClose }: EventStreamOptions = {},
): Response {
  const lifetime = new AbortController();
  const stop = () => lifetime.abort();
  const encoder = new TextEncoder();

  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      const write = (text: string) => {
        if (!lifetime.signal.aborted) stream.enqueue(encoder.encode(text));
      };
      // Sent at once: the response (and its headers) reaches the client only with a first chunk.
      write(": connected\n\n");
      const stopping = serverStopping();
      const endForStop = () => {
        write(SERVER_STOPPING_EVENT);
        stop();
      };
      request.signal.addEventListener("abort", stop, { once: true });
      endWhen?.addEventListener("abort", stop, { once: true });
      if (stopping.aborted) endForStop();
      else stopping.addEventListener("abort", endForStop, { once: true });
      const uncount = countOpenStream();
      const deadline = setTimeout(stop, maxDurationMs);
      const heartbeat = setInterval(() => write(": heartbeat\n\n"), heartbeatMs);
      const release = () => {
        clearTimeout(deadline);
        clearInterval(heartbeat);
        request.signal.removeEventListener("abort", stop);
        endWhen?.removeEventListener("abort", stop);
        stopping.removeEventListener("abort", endForStop);
        uncount();
        onClose?.();
      };
      void (async () => {
        try {
          for await (const event of source(lifetime.signal)) write(`id: ${event.id}\ndata: ${JSON.stringify(event.data)}\n\n`);
        } catch (error) {
          if (!lifetime.signal.aborted) console.error("[sse] the event source failed:", error);
        } finally {
          release();
          stop();
          try {
            stream.close();
          } catch {
            // cancelled by the client: nothing left to close
          }
        }
      })();
    },
    cancel: stop,
  });

  // No `Connection` header: see withoutConnectionHeader.
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}

/**
 * A streamed response without the `Connection` header a library set on it. How the connection
 * goes on is the HTTP server's to decide from the request: Node keeps a connection whose
 * response says `keep-alive` even when the request said `Connection: close`, and its parser then
 * answers the client's next request on it with a bare 400 (tests/api/stream-connections.test.ts).
 * HTTP/2 forbids the header altogether.
 */
export function withoutConnectionHeader(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.delete("connection");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
