import "server-only";
import { z } from "zod";
import { ownerId } from "@/lib/access/context";
import { getDb, type Transaction } from "@/lib/db/client";
import { defineJobKind, type JobContext } from "@/lib/jobs/job-kind";
import { enqueueJob } from "@/lib/jobs/queue";
import { runJobSoon } from "@/lib/jobs/soon";
import { refreshEntryReferences } from "./entry-references";

// A change of a project's trackers (docs/api.md, "Issue references") reaches the entries written
// before it: the project's own, and those of no project, which every project's trackers apply to.

const referencesRefreshPayload = z.object({ project_id: z.uuid() });
type ReferencesRefreshPayload = z.output<typeof referencesRefreshPayload>;

/** Entries recognised again per statement. */
const BATCH = 1000;

async function refreshProjectReferences({ project_id: projectId }: ReferencesRefreshPayload, job: JobContext): Promise<void> {
  const { access } = job;
  if (!access) return;
  const workspaceId = ownerId(access);
  for (let after: string | undefined; ; ) {
    job.signal.throwIfAborted();
    const batch = await getDb().worklogEntry.findMany({
      where: { workspaceId, OR: [{ projectId }, { projectId: null }], ...(after && { id: { gt: after } }) },
      select: { id: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    if (batch.length === 0) return;
    await refreshEntryReferences(
      getDb(),
      workspaceId,
      batch.map((entry) => entry.id),
    );
    after = batch.at(-1)!.id;
  }
}

/** Each change queues its own run (no job id of the payload's): a run under way may have passed entries that a later change affects. */
export const referencesRefresh = defineJobKind({
  name: "references.refresh",
  payload: referencesRefreshPayload,
  lane: "imports",
  maxAttempts: 5,
  backoff: { firstDelayMs: 10_000, maxDelayMs: 600_000 },
  run: refreshProjectReferences,
});

/** Queues the refresh in the transaction that changes the project's trackers; `start` it once that has committed. */
export async function queueReferencesRefresh(tx: Transaction, workspaceId: string, projectId: string) {
  const { id } = await enqueueJob(referencesRefresh, { project_id: projectId }, { tx, owner: workspaceId });
  return { start: () => runJobSoon(referencesRefresh, id) };
}
