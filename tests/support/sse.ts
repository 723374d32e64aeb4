/** One parsed server-sent event. */
export type ReceivedEvent = { id: string | undefined; data: Record<string, unknown> };

/**
 * Reads a `text/event-stream` response until `enough` says so (then leaves, as a client does)
 * or the server closes it. Comments (`: connected`, heartbeats) are not events: they are kept
 * apart, in the order they came.
 */
export async function readEvents(
  response: Response,
  enough: (events: ReceivedEvent[]) => boolean = () => false,
): Promise<{ events: ReceivedEvent[]; comments: string[]; closedByServer: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { events, comments, closedByServer: true };
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split("\n");
      comments.push(...lines.filter((line) => line.startsWith(":")));
      const data = lines.find((line) => line.startsWith("data: "));
      if (!data) continue;
      events.push({ id: lines.find((line) => line.startsWith("id: "))?.slice(4), data: JSON.parse(data.slice(6)) });
      if (enough(events)) {
        await reader.cancel();
        return { events, comments, closedByServer: false };
      }
    }
  }
}
