import type { Transaction } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Tracker } from "./schemas";

const duplicatePrefix = (index: number) => ({
  pointer: `/trackers/${index}/prefix`,
  detail: "Duplicate value",
  message: "Another tracker of the workspace has this prefix",
});

/**
 * Checks that the trackers' prefixes are unique in the workspace, the project `projectId` (being
 * written) aside: a 422 on each taken prefix, as for a taken identifier. The workspace's projects'
 * tracker writes take turns (a transaction-scoped advisory lock), so that two writes at once
 * cannot both take a prefix.
 */
export async function checkTrackerPrefixes(transaction: Transaction, workspaceId: string, projectId: string | null, trackers: readonly Tracker[]) {
  await transaction.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('project-trackers:' || ${workspaceId}, 0))`;
  const others = await transaction.project.findMany({
    where: { workspaceId, ...(projectId && { id: { not: projectId } }) },
    select: { trackers: true },
  });
  const taken = new Set(others.flatMap((project) => (project.trackers as Tracker[]).map((tracker) => tracker.prefix)));
  const problems = trackers.flatMap((tracker, index) => {
    const repeated = trackers.findIndex((other) => other.prefix === tracker.prefix) < index;
    return taken.has(tracker.prefix) || repeated ? [duplicatePrefix(index)] : [];
  });
  if (problems.length > 0) throw AppError.validation(problems);
}
