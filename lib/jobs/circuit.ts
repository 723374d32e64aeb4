import "server-only";
import { getDb, type Transaction } from "@/lib/db/client";

/**
 * The circuit breaker of the outside endpoints that jobs call (`JobKind.endpointOf`, the table
 * `job_endpoints`): after CIRCUIT_FAILURES attempts in a row failed, the endpoint's attempts wait
 * for a pause, which doubles with each failure after it; the jobs waiting for it are moved past
 * the pause, and the claim takes none of them meanwhile, so that they spend no attempt and hold no
 * slot. Once the pause is over, the next attempts try it again; a success closes it.
 */
export const CIRCUIT_FAILURES = 5;
export const CIRCUIT_FIRST_PAUSE_MS = 60_000;
export const CIRCUIT_MAX_PAUSE_MS = 3_600_000;

/** Doublings past which the pause is at its maximum anyway (kept small: the failures of a long outage would overflow `power`). */
const MAX_DOUBLINGS = 20;

/**
 * WITH clauses that tell the breaker of the endpoint of the job `lease` holds (its `endpoint`) how
 * the attempt went, `outcome` ('succeeded' or 'failed') at time `now` (SQL expressions): a failure
 * counts, and past the threshold pauses the endpoint and moves its waiting jobs to the pause's end;
 * a success forgets its failures. Nothing where the job calls no endpoint or its lease is gone.
 */
export function circuitWrites(outcome: string, now: string): string {
  const failures = "c.failures + 1";
  const pause = `least(${CIRCUIT_FIRST_PAUSE_MS} * power(2, least(${failures} - ${CIRCUIT_FAILURES}, ${MAX_DOUBLINGS})), ${CIRCUIT_MAX_PAUSE_MS})`;
  return `circuit AS (
    INSERT INTO job_endpoints AS c (endpoint, failures) SELECT lease.endpoint, 1 FROM lease WHERE lease.endpoint IS NOT NULL AND ${outcome} = 'failed'
    ON CONFLICT (endpoint) DO UPDATE SET failures = ${failures},
      paused_until = CASE WHEN ${failures} >= ${CIRCUIT_FAILURES} THEN ${now} + ${pause} * interval '1 millisecond' END
    RETURNING c.endpoint, c.paused_until
  ), circuit_waits AS (
    UPDATE jobs w SET run_at = circuit.paused_until FROM circuit
    WHERE w.endpoint = circuit.endpoint AND w.locked_by IS NULL AND w.run_at < circuit.paused_until RETURNING 1
  ), circuit_closed AS (
    DELETE FROM job_endpoints c USING lease WHERE c.endpoint = lease.endpoint AND ${outcome} = 'succeeded' RETURNING 1
  )`;
}

/** The end of the pause of the endpoint of the job row `job`, if its breaker has paused it; else null (SQL). */
export const pauseOf = (job: string) => `(SELECT c.paused_until FROM job_endpoints c WHERE c.endpoint = ${job}.endpoint)`;

/** When the endpoint's attempts resume, while its breaker pauses them; null while they go out. */
export async function endpointPausedUntil(endpoint: string, now = new Date()): Promise<Date | null> {
  const circuit = await getDb().jobEndpoint.findFirst({ where: { endpoint, pausedUntil: { gt: now } } });
  return circuit?.pausedUntil ?? null;
}

/** Forgets the endpoint's failures (it was changed, enabled again or deleted): its next attempt is not paused. */
export async function closeCircuit(tx: Transaction, endpoint: string): Promise<void> {
  await tx.jobEndpoint.deleteMany({ where: { endpoint } });
}
