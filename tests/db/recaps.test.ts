import { describe, expect, it } from "vitest";
import { accessOf, personalRow } from "../support/access";
import { ownerId } from "@/lib/access/context";
import { getDb, type Transaction } from "@/lib/db/client";
import { jobKinds, LeaseLostError } from "@/lib/jobs/job-kind";
import { claimJobs } from "@/lib/jobs/claim";
import { enqueueJob, holdLease, runClaimedJob } from "@/lib/jobs/queue";
import { recapEvents } from "@/lib/recaps/events";
import { generateRecap, recapGeneration, STOPPED_MESSAGE } from "@/lib/recaps/generation";
import type { RecapGenerator } from "@/lib/recaps/generator";
import { createRecap, getRecap } from "@/lib/recaps/recaps";
import { subscribeToRecapChanges } from "@/lib/recaps/stream-hub";

const filters = { from: "2026-01-01T00:00:00.000Z", to: "2026-01-31T23:59:59.999Z", project_ids: [], tags: [], exclude_tags: [] };

async function newRecap(email: string, updatedAt = new Date()) {
  const db = getDb();
  const user = await db.user.create({ data: { email } });
  await db.worklogEntry.create({ data: { ...(await personalRow(user)), content: "Wrote docs", recordedAt: new Date("2026-01-05T10:00:00Z") } });
  const recap = await db.recap.create({ data: { ...(await personalRow(user)), filters, filtersKey: "key", updatedAt } });
  return { user, recap };
}

const LEASE_MS = 30_000;
const kinds = jobKinds(recapGeneration);
const start = new Date();
const at = (ms: number) => () => new Date(start.getTime() + ms);

/** Claims the recap's job at `start` plus `ms`, as a worker would. */
async function claimAt(recapId: string, ms: number) {
  const [job] = await claimJobs({ kinds, limit: 1, leaseMs: LEASE_MS, ids: [recapId], clock: at(ms) });
  if (!job) throw new Error(`no attempt of ${recapId} is due at ${ms} ms`);
  return job;
}

/** One attempt at the recap's job at `start` plus `ms`, whose generator is `generator`. */
async function attemptAt(recapId: string, ms: number, generator: RecapGenerator) {
  return runClaimedJob(await claimAt(recapId, ms), {
    kinds,
    leaseMs: LEASE_MS,
    clock: at(ms),
    run: (_, context) => generateRecap(recapId, generator, context),
  });
}

const pieces = (...texts: string[]): RecapGenerator =>
  async function* () {
    yield* texts;
  };

describe("recaps in the database", () => {
  it("enqueue their generation with them, under the recap's id", async () => {
    const user = await getDb().user.create({ data: { email: "enqueued@example.com", plan: "pro" } });
    await getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "Wrote docs", recordedAt: new Date() } });
    const { recap } = await createRecap(await accessOf(user), {});
    expect(await getDb().job.findUnique({ where: { id: recap.id } })).toMatchObject({
      kind: "recap.generate",
      payload: { recap_id: recap.id },
      attempts: 0,
      maxAttempts: 3,
    });
  });

  it("whose worker died are generated again after its lease, their text starting anew on their streams", async () => {
    const { user, recap } = await newRecap("retried@example.com");
    await enqueueJob(recapGeneration, { recap_id: recap.id }, { owner: ownerId(await accessOf(user)), clock: at(0) });
    // Its worker dies: nothing settles it.
    const first = await claimAt(recap.id, 0);
    expect(first).toMatchObject({ attempt: 1 });
    // What the first attempt wrote before its worker died.
    await getDb().recapChunk.create({ data: { recapId: recap.id, seq: 0, attempt: 1, delta: "Old " } });

    const changes = subscribeToRecapChanges(await accessOf(user), { kind: "session", userId: user.id, sessionVersion: user.sessionVersion });
    const watching = recapEvents(await accessOf(user), recap.id, changes, new AbortController().signal);
    expect((await watching.next()).value).toEqual({
      id: `${recap.id}:0`,
      data: { recap_id: recap.id, status: "processing", delta: "Old ", partial_content: "Old " },
    });

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const second = attemptAt(recap.id, LEASE_MS, async function* () {
      yield "New ";
      await gate;
      yield "text";
    });
    // The stream that saw the first attempt's text starts it again.
    expect((await watching.next()).value).toEqual({
      id: `${recap.id}:1`,
      data: { recap_id: recap.id, status: "processing", delta: "New ", partial_content: "New " },
    });
    // A stream that joins now sees the second attempt's text only.
    const joining = recapEvents(await accessOf(user), recap.id, changes, new AbortController().signal);
    expect((await joining.next()).value).toEqual({
      id: `${recap.id}:1`,
      data: { recap_id: recap.id, status: "processing", delta: "New ", partial_content: "New " },
    });
    // The first attempt, had its worker only paused, writes nothing more.
    const stale = {
      access: await accessOf(user),
      id: recap.id,
      attempt: 1,
      maxAttempts: 3,
      now: () => new Date(),
      signal: new AbortController().signal,
      holdLease: (tx?: Transaction) => holdLease(first, LEASE_MS, { tx }),
      writeUnderLease: () => Promise.reject(new Error("a recap writes in transactions of its own")),
    };
    await expect(generateRecap(recap.id, pieces("late"), stale)).rejects.toThrow(LeaseLostError);
    release();
    expect(await second).toBe("completed");

    expect((await watching.next()).value).toEqual({
      id: `${recap.id}:2`,
      data: { recap_id: recap.id, status: "processing", delta: "text", partial_content: "New text" },
    });
    expect((await watching.next()).value).toMatchObject({
      id: `${recap.id}:3`,
      data: { recap_id: recap.id, status: "completed", content: "New text", error: null },
    });
    expect((await watching.next()).done).toBe(true);
    changes.close();
    expect(await getDb().recapChunk.findMany({ where: { recapId: recap.id }, select: { seq: true, attempt: true }, orderBy: { seq: "asc" } })).toEqual([
      { seq: 0, attempt: 1 },
      { seq: 1, attempt: 2 },
      { seq: 2, attempt: 2 },
    ]);
  });

  it("fail, saying so, when the worker of their last attempt died", async () => {
    const { user, recap } = await newRecap("stopped@example.com");
    await enqueueJob(recapGeneration, { recap_id: recap.id }, { owner: ownerId(await accessOf(user)), clock: at(0) });
    for (const ms of [0, LEASE_MS, 2 * LEASE_MS]) await claimAt(recap.id, ms);
    const [found] = await claimJobs({ kinds, limit: 1, leaseMs: LEASE_MS, ids: [recap.id], clock: at(3 * LEASE_MS) });
    expect(found).toMatchObject({ attempt: 3, exhausted: true });
    expect(await runClaimedJob(found!, { kinds, leaseMs: LEASE_MS, clock: at(3 * LEASE_MS) })).toBe("failed");
    expect(await getRecap(await accessOf(user), recap.id)).toMatchObject({ status: "failed", error: STOPPED_MESSAGE, content: null });
  });

  it("keep the deltas of a generator that fails, and say why at once, without trying again", async () => {
    const { user, recap } = await newRecap("failing@example.com");
    const failing: RecapGenerator = async function* () {
      yield "# Start\n";
      throw new Error("the model went away");
    };
    await enqueueJob(recapGeneration, { recap_id: recap.id }, { owner: ownerId(await accessOf(user)) });
    const [job] = await claimJobs({ kinds, limit: 1, leaseMs: LEASE_MS, ids: [recap.id] });
    expect(await runClaimedJob(job!, { kinds, leaseMs: LEASE_MS, run: (_, context) => generateRecap(recap.id, failing, context) })).toBe("failed");
    expect(await getRecap(await accessOf(user), recap.id)).toMatchObject({
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
    const changes = subscribeToRecapChanges(await accessOf(user), { kind: "session", userId: user.id, sessionVersion: user.sessionVersion });
    const events = recapEvents(await accessOf(user), recap.id, changes, client.signal);
    expect((await events.next()).value).toEqual({
      id: `${recap.id}:0`,
      data: { recap_id: recap.id, status: "processing", delta: "Hello", partial_content: "Hello" },
    });

    // The recap stays in progress, so the stream would go on reading until the client leaves.
    const waiting = events.next();
    client.abort();
    await expect(waiting).resolves.toEqual({ done: true, value: undefined });
    changes.close();
  });
});
