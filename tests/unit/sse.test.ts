import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventStreamResponse, type ServerSentEvent } from "@/lib/api/sse";

/** The helper's pending timers (`setTimeout` / `setInterval` on the global object), tracked by handle. */
const pending = new Set<unknown>();
const real = { setTimeout, setInterval, clearTimeout, clearInterval };

beforeEach(() => {
  pending.clear();
  vi.spyOn(globalThis, "setTimeout").mockImplementation(((callback: () => void, ms?: number) => {
    const handle = real.setTimeout(() => {
      pending.delete(handle);
      callback();
    }, ms);
    pending.add(handle);
    return handle;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, "setInterval").mockImplementation(((callback: () => void, ms?: number) => {
    const handle = real.setInterval(callback, ms);
    pending.add(handle);
    return handle;
  }) as typeof setInterval);
  for (const clear of ["clearTimeout", "clearInterval"] as const) {
    vi.spyOn(globalThis, clear).mockImplementation((handle) => {
      pending.delete(handle);
      real[clear](handle);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const handle of pending) real.clearInterval(handle as NodeJS.Timeout);
});

/** A source that yields an event every 10 ms until its signal aborts, recording how it ended. */
function ticking(log: string[]) {
  return async function* (signal: AbortSignal): AsyncGenerator<ServerSentEvent> {
    try {
      for (let seq = 0; ; seq++) {
        yield { id: `r:${seq}`, data: { seq } };
        await sleep(10, undefined, { signal });
      }
    } finally {
      log.push(signal.aborted ? "stopped by abort" : "stopped");
    }
  };
}

async function readText(response: Response, bytes: number): Promise<{ text: string; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = response.body!.getReader();
  let text = "";
  while (text.length < bytes) text += new TextDecoder().decode((await reader.read()).value);
  return { text, reader };
}

describe("eventStreamResponse", () => {
  it("sends events with id lines, heartbeats and the event-stream headers", async () => {
    const client = new AbortController();
    const response = eventStreamResponse(new Request("http://test/", { signal: client.signal }), ticking([]), { heartbeatMs: 15 });
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    });
    const { text, reader } = await readText(response, 160);
    expect(text.startsWith(': connected\n\nid: r:0\ndata: {"seq":0}\n\n')).toBe(true);
    expect(text).toContain('id: r:1\ndata: {"seq":1}\n\n');
    expect(text).toContain(": heartbeat\n\n");
    await reader.cancel();
  });

  it("stops the source and clears its timers when the client leaves mid-stream", async () => {
    const log: string[] = [];
    const client = new AbortController();
    const response = eventStreamResponse(new Request("http://test/", { signal: client.signal }), ticking(log));
    const { reader } = await readText(response, 40);
    expect(pending.size).toBe(2);

    client.abort();
    // The stream closes once its source has stopped and its timers are cleared.
    while (!(await reader.read()).done);
    expect(log).toEqual(["stopped by abort"]);
    expect(pending.size).toBe(0);
  });

  it("ends the stream when the source is done, and when its time is up", async () => {
    const finite = eventStreamResponse(new Request("http://test/"), async function* () {
      yield { id: "a:0", data: { status: "completed" } };
    });
    expect(await finite.text()).toBe(': connected\n\nid: a:0\ndata: {"status":"completed"}\n\n');

    const log: string[] = [];
    const timed = eventStreamResponse(new Request("http://test/"), ticking(log), { maxDurationMs: 35 });
    const text = await timed.text();
    expect(text.split("\n\n").filter(Boolean).length).toBeGreaterThanOrEqual(2);
    expect(log).toEqual(["stopped by abort"]);
    expect(pending.size).toBe(0);
  });
});
