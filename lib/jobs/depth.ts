import "server-only";
import { queryRows } from "@/lib/db/sql";
import { jobLanes, type JobLane } from "./job-kind";

export type LaneDepth = { lane: JobLane; waiting: number; running: number };

/**
 * The jobs of each lane that have not failed for good, all instances together: waiting (for
 * their time, a slot, or their endpoint's pause) and running (leased), `/api/metrics`'s gauge.
 */
export async function laneDepths(): Promise<LaneDepth[]> {
  const rows = await queryRows<LaneDepth>(
    `SELECT lane, count(*) FILTER (WHERE locked_by IS NULL)::int AS waiting, count(*) FILTER (WHERE locked_by IS NOT NULL)::int AS running
    FROM jobs WHERE failed_at IS NULL GROUP BY lane`,
    [],
  );
  return jobLanes.map((lane) => rows.find((row) => row.lane === lane) ?? { lane, waiting: 0, running: 0 });
}
