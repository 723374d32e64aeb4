// The job queue's semantics on both databases (lib/jobs/queue.ts): what a worker claims, when,
// and what becomes of each attempt. The queue's clock is fixed by each test, so that backoffs and
// leases pass without waiting; on PostgreSQL, a second connection holds a claim open while the
// app's claims, so that two workers meet on the same rows every time.
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { defineJobKind, FinalJobError, jobKinds, LeaseLostError, type JobContext, type JobFailure } from "@/lib/jobs/job-kind";
import { claimJobs, type ClaimedJob } from "@/lib/jobs/claim";
import { enqueueJob, holdLease, runClaimedJob } from "@/lib/jobs/queue";
import type { Sql } from "@/lib/jobs/sql";
import { JobWorker } from "@/lib/jobs/worker";
import { testBackend } from "../support/databases";
import { closeSideConnections, sideConnection } from "../support/side-connections";

const LEASE_MS = 30_000;
const start = new Date();
const at = (ms: number) => () => new Date(start.getTime() + ms);

/** What the test kind's attempts do, by the payload's `step`: succeed, throw, or wait for their signal. */
type Behaviour = (job: JobContext) => Promise<void>;
const behaviours = new Map<string, Behaviour>();
const failures: { step: string; failure: JobFailure }[] = [];

const step = defineJobKind({
  name: "test.step",
  payload: z.object({ step: z.string() }),
  lane: "recaps",
  maxAttempts: 3,
  backoff: { firstDelayMs: 10_000, maxDelayMs: 15_000 },
  run: async ({ step }, job) => behaviours.get(step)?.(job),
  async onFailed({ step }, failure) {
    failures.push({ step, failure });
  },
});
/** A kind whose job ids are its payload's: enqueuing the same payload twice adds one job. */
const keyed = defineJobKind({
  name: "test.keyed",
  payload: z.object({ id: z.uuid() }),
  lane: "recaps",
  maxAttempts: 1,
  backoff: { firstDelayMs: 1_000, maxDelayMs: 1_000 },
  idOf: ({ id }) => id,
  run: async () => undefined,
});
const kinds = jobKinds(step, keyed);

let steps = 0;
/** A job of the test kind, due at `start` plus `delayMs`, whose attempts behave as told. */
async function stepJob(behaviour: Behaviour = async () => undefined, delayMs = 0): Promise<string> {
  const name = `step-${++steps}`;
  behaviours.set(name, behaviour);
  return (await enqueueJob(step, { step: name }, { owner: null, delayMs, clock: at(0) })).id;
}

/** Claims only `id` (other tests' jobs may be due too) at `start` plus `ms`. */
const claimAt = (id: string, ms: number, sql?: Sql) => claimJobs({ kinds, limit: 1, leaseMs: LEASE_MS, ids: [id], clock: at(ms), sql });
const runAt = (job: ClaimedJob, ms: number, stopping?: AbortSignal) => runClaimedJob(job, { kinds, leaseMs: LEASE_MS, clock: at(ms), stopping });
const stored = (id: string) => getDb().job.findUnique({ where: { id } });

afterEach(() => closeSideConnections());

describe("enqueuing", () => {
  it("adds nothing when the caller's transaction rolls back, and the job when it commits", async () => {
    const ids: string[] = [];
    await expect(
      getDb().$transaction(async (tx) => {
        ids.push((await enqueueJob(step, { step: "rolled back" }, { owner: null, tx })).id);
        throw new Error("the caller's change failed");
      }),
    ).rejects.toThrow("the caller's change failed");
    expect(await stored(ids[0]!)).toBeNull();

    await getDb().$transaction(async (tx) => ids.push((await enqueueJob(step, { step: "committed" }, { owner: null, tx })).id));
    expect(await stored(ids[1]!)).toMatchObject({ kind: "test.step", payload: { step: "committed" }, attempts: 0, maxAttempts: 3, lockedBy: null });
  });

  it("checks the payload against its kind's schema", async () => {
    await expect(enqueueJob(step, { step: 7 } as unknown as { step: string }, { owner: null })).rejects.toThrow();
  });

  it("adds a job of a deterministic id once", async () => {
    const id = crypto.randomUUID();
    expect(await enqueueJob(keyed, { id }, { owner: null })).toEqual({ id, added: true });
    expect(await enqueueJob(keyed, { id }, { owner: null })).toEqual({ id, added: false });
    expect(await getDb().job.count({ where: { id } })).toBe(1);
  });
});

describe("claiming", () => {
  it("hands out due jobs only, the earliest due first", async () => {
    const later = await stepJob(undefined, 2_000);
    const soon = await stepJob(undefined, 1_000);
    const latest = await stepJob(undefined, 3_000);
    const ids = [later, soon, latest];
    const claim = (ms: number, limit: number) => claimJobs({ kinds, limit, leaseMs: LEASE_MS, ids, clock: at(ms) });
    expect(await claim(999, 3)).toEqual([]);
    expect((await claim(2_000, 1)).map((job) => job.id)).toEqual([soon]);
    expect((await claim(3_000, 3)).map((job) => job.id)).toEqual([later, latest]);
    expect(await claim(3_000, 3)).toEqual([]);
  });

  it("of the kinds the worker runs only", async () => {
    const id = await stepJob();
    expect(await claimJobs({ kinds: jobKinds(keyed), limit: 1, leaseMs: LEASE_MS, ids: [id], clock: at(0) })).toEqual([]);
    expect(await claimAt(id, 0)).toHaveLength(1);
  });
});

describe("attempts", () => {
  it("delete the job once it is done", async () => {
    const id = await stepJob();
    const [job] = await claimAt(id, 0);
    expect(job).toMatchObject({ id, attempt: 1, maxAttempts: 3, exhausted: false });
    expect(await runAt(job!, 0)).toBe("completed");
    expect(await stored(id)).toBeNull();
  });

  it("that fail are tried again after a backoff that doubles, and the last one's failure is kept", async () => {
    let attempt = 0;
    const id = await stepJob(async () => {
      throw new Error(`boom ${++attempt}`);
    });
    expect(await runAt((await claimAt(id, 0))[0]!, 0)).toBe("retrying");
    expect(await stored(id)).toMatchObject({ attempts: 1, lockedBy: null, lastError: "boom 1", runAt: at(10_000)() });
    expect(await claimAt(id, 9_999)).toEqual([]);

    expect(await runAt((await claimAt(id, 10_000))[0]!, 10_000)).toBe("retrying");
    // 20 s, capped at the kind's 15 s.
    expect(await stored(id)).toMatchObject({ attempts: 2, lastError: "boom 2", runAt: at(25_000)() });
    expect(await claimAt(id, 24_999)).toEqual([]);

    expect(await runAt((await claimAt(id, 25_000))[0]!, 25_000)).toBe("failed");
    expect(await stored(id)).toMatchObject({ attempts: 3, lockedBy: null, runAt: null, failedAt: at(25_000)(), lastError: "boom 3" });
    expect(failures.filter((failure) => failure.step === `step-${steps}`)).toEqual([{ step: `step-${steps}`, failure: { message: "boom 3", stopped: false } }]);
    expect(await claimAt(id, 86_400_000)).toEqual([]);
  });

  it("that fail for good do not wait for the attempts left", async () => {
    const id = await stepJob(async () => {
      throw new FinalJobError("the model refused");
    });
    expect(await runAt((await claimAt(id, 0))[0]!, 0)).toBe("failed");
    expect(await stored(id)).toMatchObject({ attempts: 1, runAt: null, lastError: "the model refused" });
  });

  it("run again once their lease has run out, and the one that lost it changes nothing any more", async () => {
    let finishFirst!: () => void;
    const firstRunning = new Promise<void>((resolve) => (finishFirst = resolve));
    const id = await stepJob(() => firstRunning);
    const [first] = await claimAt(id, 0);
    const firstOutcome = runAt(first!, 0);
    // The heartbeat renews it by the real clock; this test's clock stands still at `start`, where the lease ends at 30 s.
    expect(await claimAt(id, LEASE_MS - 1)).toEqual([]);

    const [second] = await claimAt(id, LEASE_MS);
    expect(second).toMatchObject({ id, attempt: 2, exhausted: false });
    expect(second!.token).not.toBe(first!.token);
    expect(await stored(id)).toMatchObject({ lastError: "Attempt 1 stopped before it finished: its worker stopped or lost its lease" });
    await expect(holdLease(first!, LEASE_MS, { clock: at(LEASE_MS) })).rejects.toThrow(LeaseLostError);

    finishFirst();
    expect(await firstOutcome).toBe("lost");
    expect(await stored(id)).toMatchObject({ attempts: 2, lockedBy: second!.token });
    expect(await runAt(second!, LEASE_MS)).toBe("completed");
    expect(await stored(id)).toBeNull();
  });

  it("write under their lease in one statement, and nothing once another worker took it", async () => {
    const user = await getDb().user.create({ data: { email: `lease-${crypto.randomUUID()}@example.com` } });
    const rename = (job: JobContext, name: string) =>
      job.writeUnderLease("renamed AS (UPDATE users SET name = $2 WHERE id = $1::uuid AND EXISTS (SELECT FROM lease) RETURNING 1)", [user.id, name]);
    let finishFirst!: () => void;
    const firstRunning = new Promise<void>((resolve) => (finishFirst = resolve));
    let renamed!: () => void;
    const firstRenamed = new Promise<void>((resolve) => (renamed = resolve));
    let firstJob!: JobContext;
    const id = await stepJob(async (job) => {
      firstJob = job;
      await rename(job, "first");
      renamed();
      await firstRunning;
    });
    const [first] = await claimAt(id, 0);
    const firstOutcome = runAt(first!, 0);
    await firstRenamed;
    expect((await getDb().user.findUnique({ where: { id: user.id } }))!.name).toBe("first");

    const [second] = await claimAt(id, LEASE_MS);
    await expect(rename(firstJob, "stale")).rejects.toThrow(LeaseLostError);
    expect((await getDb().user.findUnique({ where: { id: user.id } }))!.name).toBe("first");
    finishFirst();
    expect(await firstOutcome).toBe("lost");
    behaviours.set(((await stored(id))!.payload as { step: string }).step, (job) => rename(job, "second"));
    expect(await runAt(second!, LEASE_MS)).toBe("completed");
    expect((await getDb().user.findUnique({ where: { id: user.id } }))!.name).toBe("second");
  });

  it("fail the job when the last one's lease ran out", async () => {
    const id = await stepJob(async () => {
      throw new Error("flaky");
    });
    await runAt((await claimAt(id, 0))[0]!, 0);
    await runAt((await claimAt(id, 10_000))[0]!, 10_000);
    const [last] = await claimAt(id, 25_000);
    expect(last).toMatchObject({ attempt: 3, exhausted: false });
    // Its worker dies: nothing settles it.
    const [found] = await claimAt(id, 25_000 + LEASE_MS);
    expect(found).toMatchObject({ attempt: 3, exhausted: true });
    expect(await runAt(found!, 25_000 + LEASE_MS)).toBe("failed");
    const message = "Attempt 3 stopped before it finished: its worker stopped or lost its lease";
    expect(await stored(id)).toMatchObject({ attempts: 3, runAt: null, lastError: message });
    expect(failures.at(-1)).toEqual({ step: `step-${steps}`, failure: { message, stopped: true } });
  });

  it("are released, due again at once, when their worker stops", async () => {
    const id = await stepJob((job) => new Promise((_, reject) => job.signal.addEventListener("abort", () => reject(job.signal.reason))));
    const stopping = new AbortController();
    const outcome = runAt((await claimAt(id, 0))[0]!, 5_000, stopping.signal);
    stopping.abort();
    expect(await outcome).toBe("released");
    expect(await stored(id)).toMatchObject({ attempts: 1, lockedBy: null, runAt: at(5_000)(), lastError: "Attempt 1 was stopped with its worker" });
    expect(await claimAt(id, 5_000)).toMatchObject([{ id, attempt: 2 }]);
  });
});

describe("a worker", () => {
  it("runs a job enqueued in its process when woken, without waiting for its poll, and releases the one it runs when it stops", async () => {
    let ran!: () => void;
    const running = new Promise<void>((resolve) => (ran = resolve));
    const waiting = defineJobKind({
      name: "test.worker",
      payload: z.object({}),
      lane: "recaps",
      maxAttempts: 3,
      backoff: { firstDelayMs: 1_000, maxDelayMs: 1_000 },
      async run(_, job) {
        ran();
        await new Promise((_, reject) => job.signal.addEventListener("abort", () => reject(job.signal.reason)));
      },
    });
    const { id } = await enqueueJob(waiting, {}, { owner: null, clock: at(0) });
    // Its first poll finds nothing (its clock stands before the job's time), and the next is an hour away.
    const clock = { now: at(-3_600_000) };
    let polling!: () => void;
    const firstPoll = new Promise<void>((resolve) => (polling = resolve));
    const worker = new JobWorker({
      kinds: jobKinds(waiting),
      concurrency: 1,
      pollIntervalMs: 3_600_000,
      leaseMs: LEASE_MS,
      clock: () => {
        polling();
        return clock.now();
      },
    });
    worker.start();
    // The poll has read its time once it reads the clock.
    await firstPoll;
    clock.now = at(0);
    worker.wake();
    await running;
    expect(await stored(id)).toMatchObject({ attempts: 1, lockedBy: expect.any(String) });
    await worker.stop();
    expect(await stored(id)).toMatchObject({ attempts: 1, lockedBy: null, runAt: at(0)() });
  });
});

// Two workers meet on the same rows only where there are two connections.
describe.runIf(testBackend() === "postgres")("two workers claiming at once", () => {
  const pools: pg.Pool[] = [];
  afterAll(async () => Promise.all(pools.map((pool) => pool.end())));

  it("never get the same job: a claim held open by one is skipped, not waited for, by the other", async () => {
    const first = await stepJob();
    const second = await stepJob();
    const ids = [first, second];
    const side = await sideConnection();
    const sideSql: Sql = async (text, values) => (await side.query(text, values)).rows;
    await side.query("BEGIN");
    const [held] = await claimJobs({ kinds, limit: 1, leaseMs: LEASE_MS, ids, clock: at(0), sql: sideSql });
    // The side's claim is not committed: its lease is not visible, only its row lock.
    const claimedMeanwhile = await claimJobs({ kinds, limit: 2, leaseMs: LEASE_MS, ids, clock: at(0) });
    expect(claimedMeanwhile.map((job) => job.id)).toEqual(ids.filter((id) => id !== held!.id));
    await side.query("COMMIT");
    expect(await claimJobs({ kinds, limit: 2, leaseMs: LEASE_MS, ids, clock: at(0) })).toEqual([]);
  });

  it("on two pools, each claiming many times at once, hand every job to exactly one of them", async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, () => stepJob()));
    const other = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
    pools.push(other);
    const otherSql: Sql = async (text, values) => (await other.query(text, values)).rows;
    const claims = Array.from({ length: 16 }, (_, i) =>
      claimJobs({ kinds, limit: 3, leaseMs: LEASE_MS, ids, clock: at(0), sql: i % 2 ? otherSql : undefined }),
    );
    const claimed = (await Promise.all(claims)).flat().map((job) => job.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    const rest = await claimJobs({ kinds, limit: 40, leaseMs: LEASE_MS, ids, clock: at(0) });
    expect([...claimed, ...rest.map((job) => job.id)].sort()).toEqual([...ids].sort());
  });
});
