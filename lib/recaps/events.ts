import { eventStreamResponse, type ServerSentEvent } from "@/lib/api/sse";
import type { StreamCredential } from "@/lib/auth/stream-credentials";
import { getDb, type Recap, type User } from "@/lib/db/client";
import { toRecapResponse, type RecapEvent } from "./responses";
import { asRead, getRecap, requireRecapPlan } from "./recaps";
import { subscribeToRecapChanges, type StreamSubscription } from "./stream-hub";

/** What a stream waits on between its reads of the database: the hub's news of its account. */
type Changes = Pick<StreamSubscription, "version" | "changedSince">;

/** Events carry `<recap id>:<number of deltas before it>`. */
const eventId = (recapId: string, seq: number) => `${recapId}:${seq}`;

/** The deltas of a recap from `seq` on, as events; returns the next seq. */
async function* deltasFrom(recapId: string, seq: number): AsyncGenerator<ServerSentEvent, number> {
  const chunks = await getDb().recapChunk.findMany({ where: { recapId, seq: { gte: seq } }, orderBy: { seq: "asc" } });
  for (const chunk of chunks) {
    const data: RecapEvent = { recap_id: recapId, status: "processing", delta: chunk.delta };
    yield { id: eventId(recapId, chunk.seq), data };
  }
  return chunks.length > 0 ? chunks.at(-1)!.seq + 1 : seq;
}

/** The last event of a recap: its whole state, content included. */
function finished(recap: Recap, seq: number): ServerSentEvent {
  const data: RecapEvent = { recap_id: recap.id, ...toRecapResponse(recap) };
  return { id: eventId(recap.id, seq), data };
}

/**
 * The events of one recap: the deltas written so far, then new ones as they are persisted,
 * then `completed` or `failed`. A recap already finished gives that one event. The recap is read
 * before its chunks, so that a finished status guarantees every chunk has been seen.
 */
export async function* recapEvents(userId: string, recapId: string, changes: Changes, signal: AbortSignal): AsyncGenerator<ServerSentEvent> {
  const db = getDb();
  let seq = 0;
  for (let first = true; !signal.aborted; first = false) {
    const seen = changes.version();
    const stored = await db.recap.findFirst({ where: { id: recapId, userId } });
    if (!stored) return;
    const recap = asRead(stored);
    if (!first || recap.status === "processing") seq = yield* deltasFrom(recapId, seq);
    if (recap.status !== "processing") {
      yield finished(recap, seq);
      return;
    }
    await changes.changedSince(seen, signal);
  }
}

/**
 * The events of all the account's recaps until the client leaves: first the progress of those
 * in progress, then every delta and finish of those and of recaps created meanwhile.
 */
export async function* accountRecapEvents(userId: string, changes: Changes, signal: AbortSignal): AsyncGenerator<ServerSentEvent> {
  const db = getDb();
  const connectedAt = new Date();
  const seqs = new Map<string, number>();
  const done: string[] = [];
  while (!signal.aborted) {
    const seen = changes.version();
    const recaps = await db.recap.findMany({
      where: { userId, id: { notIn: done }, OR: [{ status: "processing" }, { insertedAt: { gte: connectedAt } }, { id: { in: [...seqs.keys()] } }] },
      orderBy: { id: "asc" },
    });
    for (const stored of recaps) {
      const recap = asRead(stored);
      let seq = seqs.get(recap.id) ?? 0;
      if (recap.status === "processing" || seqs.has(recap.id) || recap.insertedAt >= connectedAt) seq = yield* deltasFrom(recap.id, seq);
      seqs.set(recap.id, seq);
      if (recap.status !== "processing") {
        yield finished(recap, seq);
        seqs.delete(recap.id);
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
export async function recapStreamResponse(request: Request, user: User, recapId: string | undefined, credential: StreamCredential): Promise<Response> {
  requireRecapPlan(user);
  if (recapId !== undefined) await getRecap(user.id, recapId);
  const subscription = subscribeToRecapChanges(user.id, credential);
  const events = (signal: AbortSignal) =>
    recapId === undefined ? accountRecapEvents(user.id, subscription, signal) : recapEvents(user.id, recapId, subscription, signal);
  return eventStreamResponse(request, events, { endWhen: subscription.revoked, onClose: subscription.close });
}
