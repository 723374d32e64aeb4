import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { recapEvents } from "@/lib/recaps/events";
import type { RecapGenerator } from "@/lib/recaps/generator";
import { ABANDONED_MESSAGE, generateRecap, getRecap } from "@/lib/recaps/recaps";
import { subscribeToRecapChanges } from "@/lib/recaps/stream-hub";

const filters = { from: "2026-01-01T00:00:00.000Z", to: "2026-01-31T23:59:59.999Z", project_ids: [], tags: [], exclude_tags: [] };

async function newRecap(email: string, updatedAt = new Date()) {
  const db = getDb();
  const user = await db.user.create({ data: { email } });
  await db.worklogEntry.create({ data: { userId: user.id, content: "Wrote docs", recordedAt: new Date("2026-01-05T10:00:00Z") } });
  const recap = await db.recap.create({ data: { userId: user.id, filters, filtersKey: "key", updatedAt } });
  return { user, recap };
}

describe("recaps in the database", () => {
  it("read as failed once left processing for over five minutes", async () => {
    const { user, recap } = await newRecap("abandoned@example.com", new Date(Date.now() - 5 * 60_000 - 1000));
    expect(await getRecap(user.id, recap.id)).toMatchObject({ status: "failed", error: ABANDONED_MESSAGE });
    const events = [];
    const changes = subscribeToRecapChanges(user.id, { kind: "session", userId: user.id, sessionVersion: user.sessionVersion });
    for await (const event of recapEvents(user.id, recap.id, changes, new AbortController().signal)) events.push(event.data);
    changes.close();
    expect(events).toEqual([expect.objectContaining({ recap_id: recap.id, status: "failed", error: ABANDONED_MESSAGE })]);

    const { user: other, recap: fresh } = await newRecap("fresh@example.com", new Date(Date.now() - 4 * 60_000));
    expect(await getRecap(other.id, fresh.id)).toMatchObject({ status: "processing", error: null });
  });

  it("keep the deltas of a generator that fails, and say why", async () => {
    const { user, recap } = await newRecap("failing@example.com");
    const failing: RecapGenerator = async function* () {
      yield "# Start\n";
      throw new Error("the model went away");
    };
    await generateRecap(recap.id, failing);
    expect(await getRecap(user.id, recap.id)).toMatchObject({
      status: "failed",
      content: null,
      error: "The recap could not be generated: the model went away",
    });
    expect(await getDb().recapChunk.findMany({ where: { recapId: recap.id }, select: { seq: true, delta: true } })).toEqual([{ seq: 0, delta: "# Start\n" }]);
  });

  it("stop reading as soon as the client leaves", async () => {
    const { user, recap } = await newRecap("leaving@example.com");
    await getDb().recapChunk.create({ data: { recapId: recap.id, seq: 0, delta: "Hello" } });
    const client = new AbortController();
    const changes = subscribeToRecapChanges(user.id, { kind: "session", userId: user.id, sessionVersion: user.sessionVersion });
    const events = recapEvents(user.id, recap.id, changes, client.signal);
    expect((await events.next()).value).toEqual({ id: `${recap.id}:0`, data: { recap_id: recap.id, status: "processing", delta: "Hello", partial_content: "Hello" } });

    // The recap stays in progress, so the stream would go on reading until the client leaves.
    const waiting = events.next();
    client.abort();
    await expect(waiting).resolves.toEqual({ done: true, value: undefined });
    changes.close();
  });
});
