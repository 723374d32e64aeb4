import type { z } from "zod";
import type { Access } from "@/lib/access/context";
import type { Transaction } from "@/lib/db/client";

/** What an attempt of a job knows of itself while it runs. */
export type JobContext = {
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /**
   * Whose work it is: the access of the job's owner, built by the queue for each attempt
   * (lib/jobs/queue.ts). A kind filters owned data with it, not with an id of its payload.
   * Absent for work of no account, and once the owner is gone.
   */
  access?: Access;
  /** The queue's time: its injected clock's in tests, else this machine's. */
  now(): Date;
  /** Aborts when the attempt must stop: its lease went to another worker, or its worker is stopping. */
  signal: AbortSignal;
  /**
   * Renews the attempt's lease, inside `tx` when given, so that a write made in that transaction
   * is made only while this attempt still holds the job; throws `LeaseLostError` once another
   * worker has taken it (the lease ran out).
   */
  holdLease(tx?: Transaction): Promise<void>;
  /**
   * Runs `writes`, data-modifying WITH clauses (`name AS (…), …`, parameters `$1`…) that each
   * write only where `lease` has its row, as one statement that also renews the attempt's lease:
   * a whole transaction's writes in one round trip. With `endpoint`, how the attempt's call to
   * the job's endpoint went is told to its circuit breaker in the same statement (lib/jobs/circuit.ts).
   * Throws `LeaseLostError`, having written nothing, once another worker has taken the job.
   */
  writeUnderLease(writes: string, values: unknown[], endpoint?: EndpointOutcome): Promise<void>;
};

/** How an attempt's call to its job's endpoint went: a success closes its circuit breaker, a failure counts towards opening it. */
export type EndpointOutcome = "succeeded" | "failed";

/**
 * The queue's lanes (README "Background jobs"): every worker and cron call has slots of its own
 * for each, so that the jobs of one lane never wait behind another's. Deliveries wait on other
 * people's servers, recaps on the language model, imports on the database.
 */
export const jobLanes = ["deliveries", "recaps", "imports"] as const;
export type JobLane = (typeof jobLanes)[number];

/** Why a job failed for good, handed to its kind's `onFailed`. */
export type JobFailure = {
  message: string;
  /** The last attempt never finished: its worker stopped or lost its lease. */
  stopped: boolean;
};

/** How soon a failed attempt is tried again: a delay doubled each time, or a schedule of the kind's own. */
export type JobRetries =
  | {
      /** The delay before the second attempt, doubled before each later one, up to `maxDelayMs`. */
      backoff: { firstDelayMs: number; maxDelayMs: number };
      delayFor?: undefined;
    }
  | {
      /** The delay after the failed attempt `attempt` (1 for the first). */
      delayFor: (attempt: number) => number;
      backoff?: undefined;
    };

/**
 * A kind of job: its payload's schema, how often and how soon it is tried again, and what it does.
 * Attempts run at least once and may run again after a worker died, so `run` must be idempotent.
 */
export type JobKind<Payload = unknown> = JobRetries & {
  name: string;
  payload: z.ZodType<Payload>;
  lane: JobLane;
  /**
   * The outside endpoint that the payload's attempts call (a webhook's id): the attempts to one
   * at once are bounded, and its circuit breaker pauses them after failures in a row.
   */
  endpointOf?: (payload: Payload) => string | undefined;
  maxAttempts: number;
  /** A deterministic job id (a UUID) for the payload: enqueuing it again while it exists adds nothing. */
  idOf?: (payload: Payload) => string;
  run(payload: Payload, job: JobContext): Promise<void>;
  /** Runs in the transaction that marks the job failed for good. */
  onFailed?(payload: Payload, failure: JobFailure, tx: Transaction): Promise<void>;
};

export function defineJobKind<Payload>(kind: JobKind<Payload>): JobKind<Payload> {
  return kind;
}

/** The kinds a worker runs, by name. A stored payload is parsed by its kind's own schema before `run` sees it. */
export type JobKinds = ReadonlyMap<string, JobKind<unknown>>;

export function jobKinds<Payloads extends unknown[]>(...kinds: { [Index in keyof Payloads]: JobKind<Payloads[Index]> }): JobKinds {
  return new Map(kinds.map((kind) => [kind.name, kind as JobKind<unknown>]));
}

/** The lanes of the kinds: those a worker or a cron call has slots in. */
export function lanesOf(kinds: JobKinds): JobLane[] {
  return [...new Set([...kinds.values()].map((kind) => kind.lane))];
}

/** Thrown by an attempt whose failure another attempt would not mend: the job fails at once, whatever attempts are left. */
export class FinalJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FinalJobError";
  }
}

/** The attempt's job was taken by another worker after its lease ran out: it must write nothing more. */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`The lease of job ${jobId} ran out and another worker took it`);
    this.name = "LeaseLostError";
  }
}
