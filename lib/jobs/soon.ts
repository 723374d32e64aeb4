import "server-only";
import { after } from "next/server";
import { getConfig } from "@/lib/config";
import type { JobKind } from "./job-kind";
import { runJobNow } from "./queue";
import { wakeJobWorker } from "./worker";

/**
 * Has a job that a request just enqueued (and committed) start at once: in `npm start`, this
 * process's worker is woken; on Vercel, where no worker runs between requests, the request runs
 * it after its response, within the function's time. Either way the job is in the queue first:
 * if this attempt dies, a worker or the cron route runs it again after its lease.
 */
export function runJobSoon<Payload>(kind: JobKind<Payload>, id: string): void {
  const { onVercel, jobs } = getConfig();
  if (onVercel) after(() => runJobNow(kind, id, { leaseMs: jobs.leaseMs }).then(() => undefined));
  else wakeJobWorker();
}
