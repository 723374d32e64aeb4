import "server-only";
import { claimJobs, type ClaimBounds, type LaneSlots } from "./claim";
import { lanesOf, type JobKinds, type JobLane } from "./job-kind";
import { runClaimedJob } from "./queue";
import type { Clock } from "./sql";

export type WorkerOptions = {
  kinds: JobKinds;
  /** The slots of each lane. */
  concurrency: number;
  pollIntervalMs: number;
  leaseMs: number;
  /** What its claims stay within (all workers together); none in tests of the queue alone. */
  bounds?: ClaimBounds;
  clock?: Clock;
};

/** A failure to reach the database is logged once a minute while it lasts, not at every poll. */
const FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * Runs due jobs beside the server, up to `concurrency` at a time in each lane of its kinds. Idle,
 * it asks the database for due jobs once per `pollIntervalMs` (one statement, an index scan per
 * lane); a job enqueued in this process wakes it at once (`wake`), and so does every attempt that
 * ends, while there may be more.
 */
export class JobWorker {
  /** The attempts running in each lane. */
  private readonly running: Map<JobLane, Set<Promise<void>>>;
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private pollAgain = false;
  private lastFailureLoggedAt = 0;

  constructor(private readonly options: WorkerOptions) {
    this.running = new Map(lanesOf(options.kinds).map((lane) => [lane, new Set()]));
  }

  start(): void {
    this.schedule(0);
  }

  /** Looks for due jobs now, rather than at the next poll. */
  wake(): void {
    if (this.stopping.signal.aborted) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    clearTimeout(this.timer);
    void this.poll();
  }

  /** Stops claiming, stops the running attempts and releases their jobs (due again at once, for the next worker). */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.timer);
    await Promise.allSettled([...this.running.values()].flatMap((running) => [...running]));
  }

  private schedule(delayMs: number) {
    this.timer = setTimeout(() => void this.poll(), delayMs);
    this.timer.unref();
  }

  /**
   * Claims for the lanes with free slots, again while claims take jobs: a bounded claim may take
   * fewer than it could (an account at its share among the first due), and the next one, which
   * counts those, takes the others'.
   */
  private async poll() {
    this.polling = true;
    try {
      const { kinds, concurrency, leaseMs, bounds, clock } = this.options;
      for (;;) {
        this.pollAgain = false;
        const lanes: LaneSlots = {};
        for (const [lane, running] of this.running) if (running.size < concurrency) lanes[lane] = concurrency - running.size;
        if (Object.keys(lanes).length === 0 || this.stopping.signal.aborted) break;
        const jobs = await claimJobs({ kinds, lanes, leaseMs, bounds, clock });
        for (const job of jobs) {
          const attempt = runClaimedJob(job, { kinds, leaseMs, clock, stopping: this.stopping.signal });
          this.track(
            this.running.get(kinds.get(job.kind)!.lane)!,
            job.id,
            attempt.then(() => undefined),
          );
        }
        if (jobs.length === 0 && !this.pollAgain) break;
      }
      this.lastFailureLoggedAt = 0;
    } catch (error) {
      if (Date.now() - this.lastFailureLoggedAt >= FAILURE_LOG_INTERVAL_MS) {
        this.lastFailureLoggedAt = Date.now();
        console.error("[jobs] could not look for due jobs:", error instanceof Error ? error.message : error);
      }
    } finally {
      this.polling = false;
      if (!this.stopping.signal.aborted) this.schedule(this.pollAgain ? 0 : this.options.pollIntervalMs);
    }
  }

  private track(running: Set<Promise<void>>, jobId: string, attempt: Promise<void>) {
    const tracked = attempt
      .catch((error: unknown) =>
        console.error(`[jobs] job ${jobId} could not be settled; it runs again after its lease:`, error instanceof Error ? error.message : error),
      )
      .finally(() => {
        running.delete(tracked);
        this.wake();
      });
    running.add(tracked);
  }
}

const processWide = globalThis as typeof globalThis & { __worklogJobWorker?: JobWorker };

/** Starts this process's worker (the server's, lib/server/startup.ts); kept on globalThis, where every route bundle finds it. */
export function startJobWorker(options: WorkerOptions): JobWorker {
  if (processWide.__worklogJobWorker) return processWide.__worklogJobWorker;
  const worker = new JobWorker(options);
  processWide.__worklogJobWorker = worker;
  worker.start();
  return worker;
}

/** Wakes this process's worker, if it runs one, to claim the jobs just enqueued. */
export function wakeJobWorker(): void {
  processWide.__worklogJobWorker?.wake();
}

/** Whether this process runs a worker now (none where JOB_WORKER=false, on Vercel, or once it stopped). */
export function jobWorkerRunning(): boolean {
  return processWide.__worklogJobWorker !== undefined;
}

export async function stopJobWorker(): Promise<void> {
  const worker = processWide.__worklogJobWorker;
  processWide.__worklogJobWorker = undefined;
  await worker?.stop();
}
