// Fair background work on both databases (README "Background jobs"): the claim's bounds per
// account and per endpoint, its lanes, the circuit breaker of an endpoint that keeps failing,
// and the depth of each lane. The queue's clock is fixed by each test, as in job-queue.test.ts,
// so that no test waits for a lease or a pause to pass.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { CIRCUIT_FAILURES, CIRCUIT_FIRST_PAUSE_MS, endpointPausedUntil } from "@/lib/jobs/circuit";
import { claimJobs, type ClaimBounds, type ClaimedJob } from "@/lib/jobs/claim";
import { laneDepths } from "@/lib/jobs/depth";
import { defineJobKind, jobKinds, type JobContext, type JobLane } from "@/lib/jobs/job-kind";
import { drainJobs, enqueueJob, runClaimedJob } from "@/lib/jobs/queue";
import type { Sql } from "@/lib/jobs/sql";
import { JobWorker } from "@/lib/jobs/worker";
import { testBackend } from "../support/databases";

const LEASE_MS = 30_000;
const start = new Date();
const at = (ms: number) => () => new Date(start.getTime() + ms);

/** What each job's attempts do, by the payload's `name`: succeed unless told otherwise. */
const behaviours = new Map<string, (job: JobContext) => Promise<void>>();
const payload = z.object({ name: z.string(), endpoint: z.string().optional() });
type Payload = z.output<typeof payload>;

function testKind(name: string, lane: JobLane) {
  return defineJobKind({
    name,
    payload,
    lane,
    endpointOf: ({ endpoint }: Payload) => endpoint,
    maxAttempts: 10,
    backoff: { firstDelayMs: 1_000, maxDelayMs: 1_000 },
    run: async ({ name: job }, context) => behaviours.get(job)?.(context),
  });
}
type TestKind = ReturnType<typeof testKind>;

let jobs = 0;
/** A job of `kind` for `owner`, calling `endpoint` if given, due `dueMs` after `start`; its name is its id's key in `behaviours`. */
async function job(kind: TestKind, owner: string, { endpoint, dueMs = 0 }: { endpoint?: string; dueMs?: number } = {}) {
  const name = `job-${++jobs}`;
  const { id } = await enqueueJob(kind, endpoint ? { name, endpoint } : { name }, { owner, delayMs: dueMs, clock: at(0) });
  return { id, name };
}

let tests = 0;
/** A delivery and a recap kind of the test's own, so that no job of an earlier test is due to its claims, and its claims and runs at `start` plus `ms`. */
function ownKinds() {
  const n = ++tests;
  const delivery = testKind(`fair.${n}.delivery`, "deliveries");
  const recap = testKind(`fair.${n}.recap`, "recaps");
  const kinds = jobKinds(delivery, recap);
  const claim = (ms: number, bounds?: ClaimBounds, { lane = "deliveries", limit = 10 }: { lane?: JobLane; limit?: number } = {}) =>
    claimJobs({ kinds, lanes: { [lane]: limit }, leaseMs: LEASE_MS, bounds, clock: at(ms) });
  const run = (claimed: ClaimedJob, ms: number) => runClaimedJob(claimed, { kinds, leaseMs: LEASE_MS, clock: at(ms) });
  return { delivery, recap, kinds, claim, run };
}

const newOwner = () => crypto.randomUUID();
const ids = (claimed: ClaimedJob[]) => claimed.map((each) => each.id);
const stored = (id: string) => getDb().job.findUniqueOrThrow({ where: { id } });

describe("a bounded claim", () => {
  it("leases no more of one account's jobs at once than its share, and the next claim takes another account's", async () => {
    const { delivery, claim, run } = ownKinds();
    const [busy, other] = [newOwner(), newOwner()];
    const own = [];
    for (let n = 1; n <= 5; n++) own.push(await job(delivery, busy, { dueMs: n }));
    const others = await job(delivery, other, { dueMs: 6 });
    const bounds = { perOwner: 2, perEndpoint: 10 };

    const first = await claim(10, bounds, { limit: 5 });
    expect(ids(first)).toEqual([own[0]!.id, own[1]!.id]);
    expect(ids(await claim(10, bounds, { limit: 5 }))).toEqual([others.id]);
    expect(await claim(10, bounds, { limit: 5 })).toEqual([]);

    expect(await run(first[0]!, 10)).toBe("completed");
    expect(ids(await claim(10, bounds, { limit: 5 }))).toEqual([own[2]!.id]);
    expect(await stored(own[3]!.id)).toMatchObject({ attempts: 0, lockedBy: null });
  });

  it("leases no more attempts to one endpoint at once than its bound", async () => {
    const { delivery, claim, run } = ownKinds();
    const owner = newOwner();
    const [slow, quick] = [crypto.randomUUID(), crypto.randomUUID()];
    const toSlow = [await job(delivery, owner, { endpoint: slow, dueMs: 1 }), await job(delivery, owner, { endpoint: slow, dueMs: 2 })];
    const toQuick = await job(delivery, owner, { endpoint: quick, dueMs: 3 });
    const bounds = { perOwner: 10, perEndpoint: 1 };

    const first = await claim(10, bounds);
    expect(ids(first)).toEqual([toSlow[0]!.id, toQuick.id]);
    expect(await claim(10, bounds)).toEqual([]);
    expect(await run(first[0]!, 10)).toBe("completed");
    expect(ids(await claim(10, bounds))).toEqual([toSlow[1]!.id]);
  });

  it("counts no attempt whose lease ran out: its worker died, and it is due again", async () => {
    const { delivery, claim } = ownKinds();
    const owner = newOwner();
    const stopped = await job(delivery, owner, { dueMs: 1 });
    const waiting = await job(delivery, owner, { dueMs: 2 });
    const bounds = { perOwner: 1, perEndpoint: 10 };
    expect(ids(await claim(10, bounds))).toEqual([stopped.id]);
    expect(await claim(10, bounds)).toEqual([]);
    // The first attempt's worker dies: its lease ends at 10 + LEASE_MS, and the job is due again after the other.
    expect(ids(await claim(10 + LEASE_MS, bounds))).toEqual([waiting.id]);
    expect(await stored(stopped.id)).toMatchObject({ attempts: 1 });
  });

  it("is not what a request running its own job claims by id", async () => {
    const { delivery, kinds, claim } = ownKinds();
    const owner = newOwner();
    const running = await job(delivery, owner, { dueMs: 1 });
    const own = await job(delivery, owner, { dueMs: 2 });
    const bounds = { perOwner: 1, perEndpoint: 1 };
    expect(ids(await claim(10, bounds))).toEqual([running.id]);
    expect(await claim(10, bounds)).toEqual([]);
    expect(ids(await claimJobs({ kinds, limit: 1, leaseMs: LEASE_MS, ids: [own.id], clock: at(10) }))).toEqual([own.id]);
  });
});

describe("lanes", () => {
  it("are claimed apart: a lane's claim takes none of another's jobs", async () => {
    const { delivery, recap, claim } = ownKinds();
    const owner = newOwner();
    const written = await job(recap, owner, { dueMs: 1 });
    const sent = await job(delivery, owner, { dueMs: 2 });
    expect(ids(await claim(10, undefined, { lane: "deliveries" }))).toEqual([sent.id]);
    expect(ids(await claim(10, undefined, { lane: "recaps" }))).toEqual([written.id]);
  });

  it("are filled by one claim, each up to its own slots, whichever fell due first", async () => {
    const { delivery, recap, kinds } = ownKinds();
    const owner = newOwner();
    const sent = [await job(delivery, owner, { dueMs: 1 }), await job(delivery, owner, { dueMs: 2 }), await job(delivery, owner, { dueMs: 3 })];
    const written = [await job(recap, owner, { dueMs: 4 }), await job(recap, owner, { dueMs: 5 })];
    const claimed = await claimJobs({ kinds, lanes: { deliveries: 2, recaps: 1 }, leaseMs: LEASE_MS, clock: at(10) });
    expect(ids(claimed)).toEqual([sent[0]!.id, sent[1]!.id, written[0]!.id]);
  });

  it("each have their slots in a worker: a recap runs while a delivery holds the only delivery slot", async () => {
    const { delivery, recap, kinds } = ownKinds();
    const owner = newOwner();
    let sending!: () => void;
    const sendingStarted = new Promise<void>((resolve) => (sending = resolve));
    let written!: () => void;
    const writtenNow = new Promise<void>((resolve) => (written = resolve));
    const held = await job(delivery, owner, { dueMs: 1 });
    const queued = await job(delivery, newOwner(), { dueMs: 2 });
    behaviours.set(held.name, (context) => {
      sending();
      return new Promise((_, reject) => context.signal.addEventListener("abort", () => reject(context.signal.reason)));
    });
    const worker = new JobWorker({ kinds, concurrency: 1, pollIntervalMs: 3_600_000, leaseMs: LEASE_MS, clock: at(10) });
    worker.start();
    await sendingStarted;
    const recapJob = await job(recap, owner, { dueMs: 3 });
    behaviours.set(recapJob.name, async () => written());
    worker.wake();
    await writtenNow;
    await expect.poll(() => getDb().job.findUnique({ where: { id: recapJob.id } })).toBeNull();
    expect(await stored(held.id)).toMatchObject({ attempts: 1, lockedBy: expect.any(String) });
    expect(await stored(queued.id)).toMatchObject({ attempts: 0, lockedBy: null });
    await worker.stop();
  });

  it("each have their slots in a cron call's drain", async () => {
    const { recap: drained, delivery: sent, kinds } = ownKinds();
    const owner = newOwner();
    let sending!: () => void;
    const sendingStarted = new Promise<void>((resolve) => (sending = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written = false;
    const held = await job(sent, owner);
    behaviours.set(held.name, async () => {
      sending();
      await released;
    });
    const recapJob = await job(drained, owner);
    behaviours.set(recapJob.name, async () => {
      await sendingStarted;
      written = true;
      release();
    });
    const result = await drainJobs({ kinds, concurrency: 1, leaseMs: LEASE_MS, bounds: { perOwner: 1, perEndpoint: 1 }, claimForMs: 60_000 });
    expect(written).toBe(true);
    expect(result).toMatchObject({ ran: 2, completed: 2 });
  });
});

describe("the circuit breaker", () => {
  /** The test's kinds, and an attempt of `claimed` whose call to its endpoint went `outcome`, a failure thrown for the queue to retry. */
  function breakerKinds() {
    const own = ownKinds();
    const attempt = async (claimed: ClaimedJob, ms: number, outcome: "succeeded" | "failed") => {
      behaviours.set(((await stored(claimed.id)).payload as Payload).name, async (context) => {
        await context.writeUnderLease("noted AS (SELECT 1)", [], outcome);
        if (outcome === "failed") throw new Error("the endpoint answered 500");
      });
      return own.run(claimed, ms);
    };
    return { ...own, attempt };
  }

  it(`pauses an endpoint after ${CIRCUIT_FAILURES} failures in a row: its jobs wait, spending no attempt, until a success closes it`, async () => {
    const { delivery, claim, attempt } = breakerKinds();
    const owner = newOwner();
    const endpoint = crypto.randomUUID();
    const failing = [];
    for (let n = 1; n <= CIRCUIT_FAILURES; n++) failing.push(await job(delivery, owner, { endpoint, dueMs: n }));
    const waiting = await job(delivery, owner, { endpoint, dueMs: 100 });
    const claimed = await claim(10, undefined, { limit: CIRCUIT_FAILURES });
    expect(ids(claimed)).toEqual(failing.map((each) => each.id));
    for (const each of claimed.slice(0, -1)) expect(await attempt(each, 10, "failed")).toBe("retrying");
    expect(await endpointPausedUntil(endpoint, at(10)())).toBeNull();
    expect(await attempt(claimed.at(-1)!, 10, "failed")).toBe("retrying");

    const resumesAt = 10 + CIRCUIT_FIRST_PAUSE_MS;
    expect(await endpointPausedUntil(endpoint, at(10)())).toEqual(at(resumesAt)());
    // The retries (due 1 s later by their backoff) and the job that had not run yet wait for the pause's end.
    for (const { id } of [...failing, waiting]) expect((await stored(id)).runAt).toEqual(at(resumesAt)());
    expect(await claim(resumesAt - 1)).toEqual([]);
    expect(await stored(waiting.id)).toMatchObject({ attempts: 0 });

    // Once the pause is over, the next attempt tries it again: one more failure pauses it twice as long.
    const [retried] = await claim(resumesAt, undefined, { limit: 1 });
    expect(await attempt(retried!, resumesAt, "failed")).toBe("retrying");
    const resumesAgainAt = resumesAt + 2 * CIRCUIT_FIRST_PAUSE_MS;
    expect(await endpointPausedUntil(endpoint, at(resumesAt)())).toEqual(at(resumesAgainAt)());
    expect(await claim(resumesAt)).toEqual([]);

    const [succeeding] = await claim(resumesAgainAt, undefined, { limit: 1 });
    expect(await attempt(succeeding!, resumesAgainAt, "succeeded")).toBe("completed");
    expect(await getDb().jobEndpoint.findUnique({ where: { endpoint } })).toBeNull();
    // Every other job of the endpoint is due again.
    expect(await claim(resumesAgainAt)).toHaveLength(failing.length);
  });

  it("counts failures in a row only: a success in between starts them again", async () => {
    const { delivery, claim, attempt } = breakerKinds();
    const owner = newOwner();
    const endpoint = crypto.randomUUID();
    const failures = Array<"failed">(CIRCUIT_FAILURES - 1).fill("failed");
    for (const [n, outcome] of [...failures, "succeeded" as const, ...failures].entries()) {
      await job(delivery, owner, { endpoint, dueMs: n });
      const [claimed] = await claim(100, undefined, { limit: 1 });
      await attempt(claimed!, 100, outcome);
    }
    expect(await getDb().jobEndpoint.findUnique({ where: { endpoint } })).toMatchObject({ failures: CIRCUIT_FAILURES - 1, pausedUntil: null });
  });
});

describe("the depth of each lane", () => {
  it("counts the jobs waiting and running in it", async () => {
    const { delivery, recap } = ownKinds();
    const before = await laneDepths();
    const owner = newOwner();
    await job(delivery, owner);
    await job(delivery, owner);
    await job(recap, owner);
    await claimJobs({ kinds: jobKinds(delivery), lanes: { deliveries: 1 }, leaseMs: LEASE_MS, clock: at(0) });
    const after = await laneDepths();
    const change = after.map(({ lane, waiting, running }) => {
      const was = before.find((depth) => depth.lane === lane)!;
      return { lane, waiting: waiting - was.waiting, running: running - was.running };
    });
    expect(change).toEqual([
      { lane: "deliveries", waiting: 1, running: 1 },
      { lane: "recaps", waiting: 1, running: 0 },
      { lane: "imports", waiting: 0, running: 0 },
    ]);
  });
});

// Two workers meet on the same rows only where there are two connections.
describe.runIf(testBackend() === "postgres")("bounded claims at once", () => {
  const pools: pg.Pool[] = [];
  afterAll(async () => Promise.all(pools.map((pool) => pool.end())));

  it("on two pools hand every job to exactly one of them", async () => {
    const kind = testKind("fair.concurrent", "imports");
    const owners = [newOwner(), newOwner(), newOwner(), newOwner()];
    const all = await Promise.all(Array.from({ length: 40 }, (_, n) => job(kind, owners[n % 4]!)));
    const other = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
    pools.push(other);
    const otherSql: Sql = async (text, values) => (await other.query(text, values)).rows;
    const bounded = (sql?: Sql) =>
      claimJobs({ kinds: jobKinds(kind), lanes: { imports: 3 }, leaseMs: LEASE_MS, bounds: { perOwner: 100, perEndpoint: 100 }, clock: at(0), sql });
    const claimed = (await Promise.all(Array.from({ length: 16 }, (_, i) => bounded(i % 2 ? otherSql : undefined)))).flat().map((each) => each.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    const rest = await claimJobs({ kinds: jobKinds(kind), lanes: { imports: 40 }, leaseMs: LEASE_MS, clock: at(0) });
    expect([...claimed, ...rest.map((each) => each.id)].sort()).toEqual(all.map((each) => each.id).sort());
  });
});
