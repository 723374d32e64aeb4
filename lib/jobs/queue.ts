import "server-only";
import { accessFor, type Access } from "@/lib/access/context";
import { getDb, type Transaction } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { queryRows } from "@/lib/db/sql";
import { storableText } from "@/lib/db/storable-text";
import { circuitWrites, pauseOf } from "./circuit";
import { claimJobs, type ClaimBounds, type ClaimedJob } from "./claim";
import {
  FinalJobError,
  LeaseLostError,
  lanesOf,
  type EndpointOutcome,
  type JobContext,
  type JobFailure,
  type JobKind,
  type JobKinds,
  type JobRetries,
} from "./job-kind";
import { nowParameter, timeOf, type Clock } from "./sql";

/**
 * The job queue: a table (`jobs`, prisma/schema.prisma) that workers claim from (claim.ts) with
 * `FOR UPDATE SKIP LOCKED`, so that concurrent claims, on any number of connections and
 * processes, never hand one job to two of them (README "Background jobs", which says why not a library).
 * Every write of an attempt names the token its claim drew, so that an attempt whose lease ran
 * out, and whose job another worker took, changes nothing any more.
 */

const MAX_ERROR_LENGTH = 2_000;

/** An attempt's failure as it is stored (`last_error`, the kinds' `onFailed`): its message may carry an outside answer's text. */
function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return storableText(message.slice(0, MAX_ERROR_LENGTH));
}

export type EnqueueOptions = {
  /** Whose work it is: the account's id (a workspace's, once accounts share one), or null for work of no account. */
  owner: string | null;
  /** The caller's transaction: the job exists only if it commits. */
  tx?: Transaction;
  /** Due this long after now (0: at once). */
  delayMs?: number;
  clock?: Clock;
};

const enqueueStatement = `INSERT INTO jobs (id, kind, payload, run_at, max_attempts, lane, owner_id, endpoint)
  VALUES ($1::uuid, $2, $3::jsonb, ${nowParameter(4)} + $5::int * interval '1 millisecond', $6::int, $7, $8::uuid, $9)
  ON CONFLICT (id) DO NOTHING RETURNING id`;

/**
 * Adds a job of `kind`, its payload checked by the kind's schema, in the kind's lane. With a kind
 * that derives its id from the payload, a job of that id that still exists (waiting, running or
 * failed) means nothing is added: `added` says which. A worker of this process is not woken here
 * (the caller's transaction may not have committed yet): see `runJobSoon` (lib/jobs/soon.ts).
 */
export async function enqueueJob<Payload>(kind: JobKind<Payload>, payload: Payload, options: EnqueueOptions): Promise<{ id: string; added: boolean }> {
  const parsed = kind.payload.parse(payload);
  const id = kind.idOf?.(parsed) ?? newId();
  const values = [
    id,
    kind.name,
    JSON.stringify(parsed),
    timeOf(options.clock),
    options.delayMs ?? 0,
    kind.maxAttempts,
    kind.lane,
    options.owner,
    kind.endpointOf?.(parsed) ?? null,
  ];
  const rows = options.tx
    ? await options.tx.$queryRawUnsafe<{ id: string }[]>(enqueueStatement, ...values)
    : await queryRows<{ id: string }>(enqueueStatement, values);
  return { id, added: rows.length > 0 };
}

const holdLeaseStatement = `UPDATE jobs SET run_at = ${nowParameter(3)} + $4::int * interval '1 millisecond' WHERE id = $1::uuid AND locked_by = $2::uuid RETURNING id`;

/** Renews an attempt's lease, in `tx` when given; throws LeaseLostError once another worker holds the job. */
export async function holdLease(job: ClaimedJob, leaseMs: number, options: { tx?: Transaction; clock?: Clock } = {}): Promise<void> {
  const values = [job.id, job.token, timeOf(options.clock), leaseMs];
  const rows = options.tx
    ? await options.tx.$queryRawUnsafe<{ id: string }[]>(holdLeaseStatement, ...values)
    : await queryRows<{ id: string }>(holdLeaseStatement, values);
  if (rows.length === 0) throw new LeaseLostError(job.id);
}

/**
 * `writes` (JobContext.writeUnderLease), with the renewal of the lease as `lease` (the job's id
 * and endpoint) before them and its parameters after theirs; then, with `endpoint`, the breaker's.
 */
async function writeUnderLease(
  job: ClaimedJob,
  leaseMs: number,
  clock: Clock | undefined,
  writes: string,
  values: unknown[],
  endpoint?: EndpointOutcome,
): Promise<void> {
  const n = values.length;
  const now = nowParameter(n + 3);
  const text = `WITH lease AS (
    UPDATE jobs SET run_at = ${now} + $${n + 4}::int * interval '1 millisecond' WHERE id = $${n + 1}::uuid AND locked_by = $${n + 2}::uuid RETURNING id, endpoint
  ), ${writes}${endpoint ? `, ${circuitWrites(`$${n + 5}::text`, now)}` : ""}
  SELECT count(*)::int AS held FROM lease`;
  const [row] = await queryRows<{ held: number }>(text, [...values, job.id, job.token, timeOf(clock), leaseMs, ...(endpoint ? [endpoint] : [])]);
  if (!row?.held) throw new LeaseLostError(job.id);
}

const completeStatement = `DELETE FROM jobs WHERE id = $1::uuid AND locked_by = $2::uuid RETURNING id`;
/** Due again after its backoff, or once its endpoint's pause is over if that is later. */
const retryStatement = `UPDATE jobs SET locked_by = NULL, run_at = greatest(${nowParameter(3)} + $4::int * interval '1 millisecond', ${pauseOf("jobs")}), last_error = $5
  WHERE id = $1::uuid AND locked_by = $2::uuid RETURNING id`;
const failStatement = `UPDATE jobs SET locked_by = NULL, run_at = NULL, failed_at = ${nowParameter(3)}, last_error = $4
  WHERE id = $1::uuid AND locked_by = $2::uuid RETURNING id`;
/** A worker that stops lets its attempts go: due again at once, the interrupted attempt counted. */
const releaseStatement = `UPDATE jobs SET locked_by = NULL, run_at = ${nowParameter(3)}, last_error = 'Attempt ' || attempts || ' was stopped with its worker'
  WHERE id = $1::uuid AND locked_by = $2::uuid RETURNING id`;

/** The delay before the attempt after `attempt`: the kind's own schedule, or its first delay doubled each time, up to its maximum. */
export function backoffDelay(kind: JobRetries, attempt: number): number {
  return kind.delayFor ? kind.delayFor(attempt) : Math.min(kind.backoff.firstDelayMs * 2 ** (attempt - 1), kind.backoff.maxDelayMs);
}

/** Marks the job failed for good and runs its kind's `onFailed` in the same transaction; false when the attempt no longer held it. */
async function failJob(job: ClaimedJob, kind: JobKind<unknown>, payload: unknown, failure: JobFailure, clock: Clock | undefined): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<{ id: string }[]>(failStatement, job.id, job.token, timeOf(clock), failure.message);
    if (rows.length === 0) return false;
    if (payload !== undefined) await kind.onFailed?.(payload, failure, tx);
    return true;
  });
}

/**
 * The access an attempt of the job of the workspace `ownerId` runs with (JobContext.access): its
 * owner's in it, looked up as the attempt starts (a job stored before workspaces had its user as
 * owner, whose personal workspace it became); none for work of no workspace, or once it is gone.
 */
async function ownerAccess(ownerId: string | null): Promise<Access | undefined> {
  if (ownerId === null) return undefined;
  const owner = await getDb().membership.findFirst({
    where: { workspaceId: ownerId, role: "owner" },
    select: { role: true, user: true, workspace: { select: { id: true, slug: true, name: true, entriesVisibleTo: true } } },
  });
  return owner ? accessFor(owner.user, owner) : undefined;
}

/** What became of an attempt. */
export type JobOutcome = "completed" | "retrying" | "failed" | "released" | "lost";

export type RunOptions = {
  kinds: JobKinds;
  leaseMs: number;
  clock?: Clock;
  /** Aborts when the worker stops: the attempt is stopped and the job released. */
  stopping?: AbortSignal;
  /** Runs instead of the kind's own `run` (a request that follows the job's progress as it runs it). */
  run?: (payload: unknown, job: JobContext) => Promise<void>;
};

/**
 * Runs one claimed attempt: the kind's `run` while a heartbeat renews the lease every third of
 * it; then the job is deleted (done), due again after its backoff (it threw, attempts are left),
 * failed for good (its last attempt, or a FinalJobError), or released (the worker is stopping).
 * An attempt that lost its lease to another worker changes nothing.
 */
export async function runClaimedJob(job: ClaimedJob, options: RunOptions): Promise<JobOutcome> {
  const { leaseMs, clock } = options;
  const kind = options.kinds.get(job.kind);
  if (!kind) throw new Error(`Job ${job.id} is of kind ${job.kind}, which this worker does not run`);
  if (job.exhausted) {
    const message = `Attempt ${job.attempt} stopped before it finished: its worker stopped or lost its lease`;
    const parsed = kind.payload.safeParse(job.payload);
    return (await failJob(job, kind, parsed.success ? parsed.data : undefined, { message, stopped: true }, clock)) ? "failed" : "lost";
  }
  const parsed = kind.payload.safeParse(job.payload);
  if (!parsed.success) {
    const message = `Invalid payload: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "(payload)"} ${issue.message}`).join("; ")}`;
    return (await failJob(job, kind, undefined, { message, stopped: false }, clock)) ? "failed" : "lost";
  }

  const lease = new AbortController();
  const signal = options.stopping ? AbortSignal.any([lease.signal, options.stopping]) : lease.signal;
  const context: JobContext = {
    id: job.id,
    attempt: job.attempt,
    maxAttempts: job.maxAttempts,
    now: () => clock?.() ?? new Date(),
    signal,
    holdLease: (tx) => holdLease(job, leaseMs, { tx, clock }),
    writeUnderLease: (writes, values, endpoint) => writeUnderLease(job, leaseMs, clock, writes, values, endpoint),
  };
  const heartbeat = setInterval(() => {
    holdLease(job, leaseMs, { clock }).catch((error: unknown) => {
      if (error instanceof LeaseLostError) lease.abort(error);
      else console.error(`[jobs] could not renew the lease of job ${job.id} (${job.kind}):`, errorMessage(error));
    });
  }, leaseMs / 3);
  heartbeat.unref();
  let failure: unknown;
  let failed = false;
  try {
    const access = await ownerAccess(job.ownerId);
    // The worker may have begun to stop, or the lease been lost, while the owner was looked up.
    signal.throwIfAborted();
    await (options.run ?? kind.run)(parsed.data, { ...context, access });
  } catch (error) {
    failed = true;
    failure = error;
  } finally {
    clearInterval(heartbeat);
  }

  if (!failed) return (await queryRows(completeStatement, [job.id, job.token])).length > 0 ? "completed" : "lost";
  if (failure instanceof LeaseLostError || lease.signal.aborted) return "lost";
  if (options.stopping?.aborted) return (await queryRows(releaseStatement, [job.id, job.token, timeOf(clock)])).length > 0 ? "released" : "lost";
  const message = errorMessage(failure);
  console.error(`[jobs] job ${job.id} (${job.kind}), attempt ${job.attempt} of ${job.maxAttempts}, failed:`, message);
  if (failure instanceof FinalJobError || job.attempt >= job.maxAttempts) {
    return (await failJob(job, kind, parsed.data, { message, stopped: false }, clock)) ? "failed" : "lost";
  }
  const retried = await queryRows(retryStatement, [job.id, job.token, timeOf(clock), backoffDelay(kind, job.attempt), message]);
  return retried.length > 0 ? "retrying" : "lost";
}

/**
 * Claims the job `id` of `kind` if it is due and no attempt holds it, and runs it here (with
 * `run` instead of the kind's own when given), outside the claim's bounds: it takes none of a
 * worker's slots. Undefined when it could not be claimed: another worker runs it, it waits for a
 * retry or for its endpoint's pause to end, or it is gone.
 */
export async function runJobNow<Payload>(
  kind: JobKind<Payload>,
  id: string,
  options: { leaseMs: number; run?: (payload: Payload, job: JobContext) => Promise<void> },
): Promise<JobOutcome | undefined> {
  const kinds: JobKinds = new Map([[kind.name, kind as JobKind<unknown>]]);
  const [job] = await claimJobs({ kinds, limit: 1, leaseMs: options.leaseMs, ids: [id] });
  if (!job) return undefined;
  const run = options.run as RunOptions["run"];
  return runClaimedJob(job, { kinds, leaseMs: options.leaseMs, run });
}

export type DrainOptions = {
  kinds: JobKinds;
  /** The slots of each lane. */
  concurrency: number;
  leaseMs: number;
  bounds: ClaimBounds;
  /** New attempts start only this long after the drain began; those started run to their end. */
  claimForMs: number;
};

export type DrainResult = { ran: number } & Record<JobOutcome, number>;

/**
 * Runs due jobs, `concurrency` at a time in each lane, until none is due or `claimForMs` has
 * passed: the cron route on Vercel, where no worker runs between requests. A slot whose claim
 * finds nothing (nothing due in its lane, or only work past its bounds) ends.
 */
export async function drainJobs({ kinds, concurrency, leaseMs, bounds, claimForMs }: DrainOptions): Promise<DrainResult> {
  const result: DrainResult = { ran: 0, completed: 0, retrying: 0, failed: 0, released: 0, lost: 0 };
  const deadline = Date.now() + claimForMs;
  const slots = lanesOf(kinds).flatMap((lane) =>
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const [job] = await claimJobs({ kinds, lanes: { [lane]: 1 }, leaseMs, bounds });
        if (!job) return;
        result.ran++;
        result[await runClaimedJob(job, { kinds, leaseMs })]++;
      }
    }),
  );
  await Promise.all(slots);
  return result;
}
