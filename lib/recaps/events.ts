import { readableRecaps, type Access } from "@/lib/access/context";
import { eventStreamResponse, type ServerSentEvent } from "@/lib/api/sse";
import type { StreamCredential } from "@/lib/auth/stream-credentials";
import { getDb, type Recap } from "@/lib/db/client";
import { toRecapResponse, type RecapEvent } from "./responses";
import { getRecap, requireRecapPlan } from "./recaps";
import { subscribeToRecapChanges, type StreamSubscription } from "./stream-hub";

/** What a stream waits on between its reads of the database: the hub's news of its account. */
type Changes = Pick<StreamSubscription, "version" | "changedSince">;

/** Events carry `<recap id>:<number of pieces before it>`. */
const eventId = (recapId: string, seq: number) => `${recapId}:${seq}`;

/**
 * How far a stream has sent a recap: the pieces sent (the next one's seq), the attempt of the last
 * one, and the text of that attempt so far.
 */
type Sent = { seq: number; attempt: number; text: string };
const nothingSent: Sent = { seq: 0, attempt: 0, text: "" };

/**
 * The pieces of a recap stored since `sent`, as events that also carry all the text so far. A
 * retried generation writes its text anew after the pieces of the attempt before: its first
 * piece starts the text again (`partial_content` is that piece alone). The pieces already written
 * when a stream that `joinedLate` first meets the recap come as one event, those of the latest
 * attempt only, so that the client shows the text at once; a stream that was there before the
 * recap began gets every piece as it came, like any other stream there. Returns how far the
 * stream has now sent it.
 */
async function* piecesSince(recapId: string, sent: Sent, joinedLate: boolean): AsyncGenerator<ServerSentEvent, Sent> {
  const chunks = await getDb().recapChunk.findMany({ where: { recapId, seq: { gte: sent.seq } }, orderBy: { seq: "asc" } });
  const latestAttempt = chunks.at(-1)?.attempt;
  const batches =
    joinedLate && sent.seq === 0 && chunks.length > 0 ? [chunks.filter((chunk) => chunk.attempt === latestAttempt)] : chunks.map((chunk) => [chunk]);
  let { attempt, text } = sent;
  let seq = sent.seq;
  for (const batch of batches) {
    const delta = batch.map((chunk) => chunk.delta).join("");
    if (batch[0]!.attempt !== attempt) text = "";
    attempt = batch[0]!.attempt;
    text += delta;
    const data: RecapEvent = { recap_id: recapId, status: "processing", delta, partial_content: text };
    yield { id: eventId(recapId, batch[0]!.seq), data };
  }
  if (chunks.length > 0) seq = chunks.at(-1)!.seq + 1;
  return { seq, attempt, text };
}

/** The last event of a recap: its whole state, content included. */
function finished(recap: Recap, seq: number): ServerSentEvent {
  const data: RecapEvent = { recap_id: recap.id, ...toRecapResponse(recap) };
  return { id: eventId(recap.id, seq), data };
}

/**
 * The events of one recap: the text written so far, then the new pieces as they are persisted,
 * then `completed` or `failed`. A recap already finished gives that one event. The recap is read
 * before its chunks, so that a finished status guarantees every chunk has been seen.
 */
export async function* recapEvents(access: Access, recapId: string, changes: Changes, signal: AbortSignal): AsyncGenerator<ServerSentEvent> {
  const db = getDb();
  let sent = nothingSent;
  for (let first = true; !signal.aborted; first = false) {
    const seen = changes.version();
    const recap = await db.recap.findFirst({ where: { id: recapId, ...readableRecaps(access) } });
    if (!recap) return;
    if (!first || recap.status === "processing") sent = yield* piecesSince(recapId, sent, true);
    if (recap.status !== "processing") {
      yield finished(recap, sent.seq);
      return;
    }
    await changes.changedSince(seen, signal);
  }
}

/**
 * The events of all the account's recaps until the client leaves: first the progress of those
 * in progress, then every delta and finish of those and of recaps created meanwhile.
 */
export async function* accountRecapEvents(access: Access, changes: Changes, signal: AbortSignal): AsyncGenerator<ServerSentEvent> {
  const db = getDb();
  const connectedAt = new Date();
  const sent = new Map<string, Sent>();
  const done: string[] = [];
  while (!signal.aborted) {
    const seen = changes.version();
    const recaps = await db.recap.findMany({
      where: {
        ...readableRecaps(access),
        id: { notIn: done },
        OR: [{ status: "processing" }, { insertedAt: { gte: connectedAt } }, { id: { in: [...sent.keys()] } }],
      },
      orderBy: { id: "asc" },
    });
    for (const recap of recaps) {
      let progress = sent.get(recap.id) ?? nothingSent;
      if (recap.status === "processing" || sent.has(recap.id) || recap.insertedAt >= connectedAt)
        progress = yield* piecesSince(recap.id, progress, recap.insertedAt < connectedAt);
      sent.set(recap.id, progress);
      if (recap.status !== "processing") {
        yield finished(recap, progress.seq);
        sent.delete(recap.id);
        done.push(recap.id);
      }
    }
    await changes.changedSince(seen, signal);
  }
}

/**
 * The event stream of one recap, or of all the account's recaps without an id, for the API and
 * the web app alike; the plan and the recap's existence are checked before it opens, then it
 * takes one of the account's stream slots (429 when none is free) until it ends, which it does
 * once its credential no longer works.
 */
export async function recapStreamResponse(request: Request, access: Access, recapId: string | undefined, credential: StreamCredential): Promise<Response> {
  requireRecapPlan(access.user);
  if (recapId !== undefined) await getRecap(access, recapId);
  const subscription = subscribeToRecapChanges(access, credential);
  const events = (signal: AbortSignal) =>
    recapId === undefined ? accountRecapEvents(access, subscription, signal) : recapEvents(access, recapId, subscription, signal);
  return eventStreamResponse(request, events, { endWhen: subscription.revoked, onClose: subscription.close });
}
