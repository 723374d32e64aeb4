import "server-only";
import { newId } from "@/lib/db/ids";
import type { JobKinds, JobLane } from "./job-kind";
import { appSql, nowParameter, timeOf, type Clock, type Sql } from "./sql";

/** A job as a claim hands it out: one attempt of it, leased under `token`. */
export type ClaimedJob = {
  id: string;
  kind: string;
  payload: unknown;
  /** Whose work it is (the account's id), or null for work of no account: the attempt runs with its access. */
  ownerId: string | null;
  /** This attempt's number. */
  attempt: number;
  maxAttempts: number;
  token: string;
  /** The last attempt ran out of its lease before it finished: the job is not run again, but fails. */
  exhausted: boolean;
};

type ClaimedRow = Omit<ClaimedJob, "token"> & { due: Date };

/**
 * The attempts leased at once, all workers and instances together, in the lane claimed: of one
 * owner (an account), and to one endpoint. A claim takes no due job past them, so that one
 * account's work, or one slow endpoint, never holds every slot of a lane.
 */
export type ClaimBounds = { perOwner: number; perEndpoint: number };

/** The attempt before this one was still leased: its worker died, or lost its lease, before it finished. */
const stoppedMessage = (attempt: string) => `'Attempt ' || ${attempt} || ' stopped before it finished: its worker stopped or lost its lease'`;

type Shape = { laned: boolean; bounded: boolean; byId: boolean };

/**
 * The claim: the due jobs of the kinds in the order they fell due, in each lane up to its slots
 * when lanes are given, those of an endpoint whose circuit breaker is open left waiting, locked
 * with SKIP LOCKED so that claims at once never take the same job. Bounded, it counts the lanes'
 * attempts leased now by owner (in each lane) and by endpoint, passes over the jobs of those at
 * their bound, and of the jobs it locked takes for each only what its bound leaves. The counts
 * are read as the claim starts: claims of several instances at the same moment each keep to the
 * bounds, not all of them together.
 * $1 now, $2 kinds, $3 token, $4 lease; then the lanes and their slots or the limit, the bounds and the ids, those the shape has.
 */
function claimStatement({ laned, bounded, byId }: Shape): string {
  const now = nowParameter(1);
  let n = 4;
  const [lanes, slots, limit] = laned ? [`$${++n}::text[]`, `$${++n}::int[]`, "l.slots"] : ["", "", `$${++n}::int`];
  const [perOwner, perEndpoint] = bounded ? [`$${++n}::int`, `$${++n}::int`] : [];
  const ids = byId ? `$${++n}::uuid[]` : "";
  const counted = bounded
    ? `leased AS (
    SELECT lane, owner_id, endpoint FROM jobs WHERE locked_by IS NOT NULL AND run_at > ${now}${laned ? ` AND lane = ANY(${lanes})` : ""}
  ), owners AS (
    SELECT lane, owner_id, count(*)::int AS n FROM leased WHERE owner_id IS NOT NULL GROUP BY lane, owner_id
  ), endpoints AS (
    SELECT endpoint, count(*)::int AS n FROM leased WHERE endpoint IS NOT NULL GROUP BY endpoint
  ), `
    : "";
  const due = (lane: string) => `SELECT j.id, j.lane, j.run_at, j.attempts, j.max_attempts, j.locked_by, j.owner_id, j.endpoint FROM jobs j
      WHERE j.run_at <= ${now} AND j.kind = ANY($2::text[])${lane}${byId ? ` AND j.id = ANY(${ids})` : ""}
        AND NOT EXISTS (SELECT FROM job_endpoints c WHERE c.endpoint = j.endpoint AND c.paused_until > ${now})${
          bounded
            ? `
        AND NOT EXISTS (SELECT FROM owners o WHERE o.lane = j.lane AND o.owner_id = j.owner_id AND o.n >= ${perOwner})
        AND NOT EXISTS (SELECT FROM endpoints e WHERE e.endpoint = j.endpoint AND e.n >= ${perEndpoint})`
            : ""
        }
      ORDER BY j.run_at, j.id LIMIT ${limit}
      FOR UPDATE OF j SKIP LOCKED`;
  const locked = `${bounded ? "candidates" : "due"} AS (
    ${
      laned
        ? `SELECT c.* FROM unnest(${lanes}, ${slots}) AS l(lane, slots) CROSS JOIN LATERAL (
      ${due(" AND j.lane = l.lane")}
    ) c`
        : due("")
    }
  )`;
  const within = bounded
    ? `, due AS (
    SELECT ranked.* FROM (
      SELECT c.*, row_number() OVER (PARTITION BY c.lane, c.owner_id ORDER BY c.run_at, c.id) AS owner_rank,
        row_number() OVER (PARTITION BY c.endpoint ORDER BY c.run_at, c.id) AS endpoint_rank
      FROM candidates c
    ) ranked
    LEFT JOIN owners o ON o.lane = ranked.lane AND o.owner_id = ranked.owner_id
    LEFT JOIN endpoints e ON e.endpoint = ranked.endpoint
    WHERE (ranked.owner_id IS NULL OR ranked.owner_rank + coalesce(o.n, 0) <= ${perOwner})
      AND (ranked.endpoint IS NULL OR ranked.endpoint_rank + coalesce(e.n, 0) <= ${perEndpoint})
  )`
    : "";
  return `WITH ${counted}${locked}${within}
  UPDATE jobs SET
    attempts = CASE WHEN due.locked_by IS NOT NULL AND due.attempts >= due.max_attempts THEN due.attempts ELSE due.attempts + 1 END,
    locked_by = $3::uuid,
    run_at = ${now} + $4::int * interval '1 millisecond',
    last_error = CASE WHEN due.locked_by IS NOT NULL THEN ${stoppedMessage("due.attempts")} ELSE jobs.last_error END
  FROM due WHERE jobs.id = due.id
  RETURNING jobs.id::text AS id, jobs.kind, jobs.payload, jobs.owner_id::text AS "ownerId", jobs.attempts AS attempt, jobs.max_attempts AS "maxAttempts",
    (due.locked_by IS NOT NULL AND due.attempts >= due.max_attempts) AS exhausted, due.run_at AS due`;
}

/** The jobs a claim may take in each lane it names: a worker's or a cron call's free slots there. */
export type LaneSlots = Partial<Record<JobLane, number>>;

export type ClaimOptions = {
  kinds: JobKinds;
  leaseMs: number;
  /** What the worker and the cron route claim within; a request running the job it just enqueued claims it without them. */
  bounds?: ClaimBounds;
  /** Only these jobs (a request running the job it just enqueued). */
  ids?: string[];
  clock?: Clock;
  sql?: Sql;
} & ({ lanes: LaneSlots; limit?: undefined } | { limit: number; lanes?: undefined });

/**
 * Claims due jobs of the given kinds, the earliest due first: up to `limit`, or up to each lane's
 * slots in `lanes` (one statement for them all): jobs waiting for their time, and attempts whose
 * lease ran out. Each is leased for `leaseMs` under a new token. Bounded, a claim may take fewer
 * than it could while others are due: claiming again takes them.
 */
export async function claimJobs({ kinds, limit, lanes, leaseMs, bounds, ids, clock, sql = appSql }: ClaimOptions): Promise<ClaimedJob[]> {
  const token = newId();
  const values: unknown[] = [timeOf(clock), [...kinds.keys()], token, leaseMs];
  if (lanes) values.push(Object.keys(lanes), Object.values(lanes));
  else values.push(limit);
  if (bounds) values.push(bounds.perOwner, bounds.perEndpoint);
  if (ids) values.push(ids);
  const rows = await sql<ClaimedRow>(claimStatement({ laned: lanes !== undefined, bounded: bounds !== undefined, byId: ids !== undefined }), values);
  return rows
    .sort((a, b) => a.due.getTime() - b.due.getTime() || (a.id < b.id ? -1 : 1))
    .map(({ id, kind, payload, ownerId, attempt, maxAttempts, exhausted }) => ({ id, kind, payload, ownerId, attempt, maxAttempts, exhausted, token }));
}
