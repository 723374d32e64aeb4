// Sends a queue's items to the API, one at a time and in order, one sender per queue at a time
// (README "Offline and installing"). The same code runs in a page and in the service worker.
import { outcomeOf, unreachableMessage } from "./outbox-answers";
import { announceOutboxChange } from "./outbox-channel";
import { queueKey, waiting, type OutboxItem, type QueueId, type ServerEntry } from "./outbox-item";
import { withLock } from "./outbox-lock";
import { afterAnswer, answeredEntry, expiredMessage, isExpired, nextToSend } from "./outbox-queue";
import { changeItem, changeQueue, readQueue } from "./outbox-store";
import { jsonBody, sessionFetch } from "./session-api";

/** How a run ended: nothing left that can be sent now; stopped until later (in order, nothing after it went); stopped until the person signs in. */
export type SendResult = "done" | "retry" | "sign-in";

const signInMessage = "Your session ended: sign in again to send it.";
const notMemberMessage = "You are no longer a member of this workspace, so this change cannot be saved there.";
const deletedElsewhereMessage = "This entry was deleted elsewhere, so this change cannot be saved.";

/** Sends the queue's items until it is empty, or one must wait; every change of an item is announced. */
export function sendQueue(queue: QueueId, now: () => number = Date.now): Promise<SendResult> {
  const key = queueKey(queue);
  return withLock(`worklog-outbox ${key}`, async () => {
    let sessionChecked = false;
    for (;;) {
      await failExpired(key, now());
      const item = nextToSend(await readQueue(key));
      if (!item) return "done";
      if (!sessionChecked) {
        const session = await checkSession(queue);
        if (session !== "ok") return session;
        sessionChecked = true;
      }
      const result = await sendItem(queue, item);
      announceOutboxChange({ queue: key, signIn: result === "sign-in", sent: result === "sent" });
      if (result !== "next" && result !== "sent") return result;
    }
  });
}

/** Items older than the server's idempotency window are not sent again blindly: the person decides. */
async function failExpired(key: string, now: number) {
  const change = await changeQueue(key, (items) => ({
    put: items.filter((item) => waiting(item) && isExpired(item, now)).map((item) => ({ ...item, state: "failed", message: expiredMessage })),
    remove: [],
  }));
  if (change.put.length > 0) announceOutboxChange({ queue: key });
}

/**
 * Whether the session is still this queue's user's, in its workspace: a queue is never sent as
 * another user who signed in since. A workspace the user left fails its items, said so.
 */
async function checkSession(queue: QueueId): Promise<"ok" | "retry" | "sign-in" | "done"> {
  let response: Response;
  try {
    response = await sessionFetch(queue.workspace, "/user");
  } catch {
    return "retry";
  }
  const body = await jsonBody(response);
  if (response.ok) return (body as { id?: unknown } | undefined)?.id === queue.userId ? "ok" : signIn(queue);
  if (response.status === 401 || response.status === 403) return signIn(queue);
  if (response.status !== 404) return "retry";
  await changeQueue(queueKey(queue), (items) => ({
    put: items.filter(waiting).map((item) => ({ ...item, state: "failed", message: notMemberMessage })),
    remove: [],
  }));
  announceOutboxChange({ queue: queueKey(queue) });
  return "done";
}

function signIn(queue: QueueId): "sign-in" {
  announceOutboxChange({ queue: queueKey(queue), signIn: true });
  return "sign-in";
}

function requestHeaders(item: OutboxItem): Record<string, string> {
  const headers: Record<string, string> = { "Idempotency-Key": item.idempotencyKey };
  if (item.request.body) headers["Content-Type"] = "application/json";
  if (item.request.ifMatch) headers["If-Match"] = `"${item.request.ifMatch}"`;
  return headers;
}

const keepWaiting = (item: OutboxItem, message: string) => changeItem(item, (stored) => ({ ...stored, state: "pending", message }));

/** Sends one item: `sent` (saved), `next` (the person must look at it; the run goes on), or why the run stops. */
async function sendItem(queue: QueueId, item: OutboxItem): Promise<"sent" | "next" | "retry" | "sign-in"> {
  const sending = await changeItem(item, (stored) => ({ ...stored, state: "sending", attempts: stored.attempts + 1 }));
  if (!sending) return "next";
  announceOutboxChange({ queue: item.queue });
  const { method, path, body } = sending.request;
  let response: Response;
  try {
    response = await sessionFetch(queue.workspace, path, { method, headers: requestHeaders(sending), body: body && JSON.stringify(body) });
  } catch {
    await keepWaiting(sending, unreachableMessage);
    return "retry";
  }
  const answer = await jsonBody(response);
  const outcome = outcomeOf(response.status, answer);
  switch (outcome.kind) {
    case "done":
      await changeQueue(item.queue, (items) => ({ put: afterAnswer(items, sending, answeredEntry(answer)), remove: [sending.id] }));
      return "sent";
    case "retry":
      await keepWaiting(sending, outcome.message);
      return "retry";
    case "sign-in":
      await keepWaiting(sending, signInMessage);
      return "sign-in";
    case "failed":
      await changeItem(sending, (stored) => ({ ...stored, state: "failed", message: outcome.message }));
      return "next";
    case "conflict":
      return recordConflict(queue, sending);
  }
}

/** A 412: the entry as the server has it now is read, for the person to choose; gone, the change fails. */
async function recordConflict(queue: QueueId, item: OutboxItem): Promise<"next" | "retry"> {
  let response: Response;
  try {
    response = await sessionFetch(queue.workspace, `/worklog/entries/${item.entryId}`);
  } catch {
    await keepWaiting(item, unreachableMessage);
    return "retry";
  }
  if (response.status === 404) {
    await changeItem(item, (stored) => ({ ...stored, state: "failed", message: deletedElsewhereMessage }));
    return "next";
  }
  if (!response.ok) {
    await keepWaiting(item, `The server could not be read (${response.status}); it will be tried again.`);
    return "retry";
  }
  const serverVersion = (await jsonBody(response)) as ServerEntry;
  await changeItem(item, (stored) => ({
    ...stored,
    state: "conflict",
    message: "This entry was changed elsewhere since you read it.",
    serverVersion,
  }));
  return "next";
}
