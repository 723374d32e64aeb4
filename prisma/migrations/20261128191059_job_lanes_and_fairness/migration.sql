-- Fair background work (README "Background jobs"): each job has its kind's lane, whose slots no
-- other lane's jobs take; its owner (the account), of whom a claim leases only so many attempts
-- at once in a lane; and the outside endpoint it calls, whose attempts at once are bounded too and
-- whose circuit breaker (job_endpoints) pauses them after failures in a row.
ALTER TABLE "jobs" ADD COLUMN "endpoint" TEXT,
ADD COLUMN "lane" TEXT,
ADD COLUMN "owner_id" UUID;

-- The jobs waiting now get the lane, owner and endpoint that their kinds give new ones
-- (lib/recaps/generation.ts, lib/data/import-jobs.ts, lib/webhooks/delivery-job.ts,
-- lib/schedules/run-job.ts, lib/schedules/chat-delivery-job.ts); a job whose row is gone keeps
-- no owner, and finds nothing to do when it runs.
UPDATE "jobs" SET "lane" = CASE "kind"
    WHEN 'webhook.delivery' THEN 'deliveries'
    WHEN 'recap_schedule.deliver' THEN 'deliveries'
    WHEN 'data.import' THEN 'imports'
    ELSE 'recaps' END,
  "endpoint" = CASE WHEN "kind" = 'webhook.delivery' THEN "payload"->>'endpoint_id' END,
  "owner_id" = CASE "kind"
    WHEN 'webhook.delivery' THEN (SELECT w."user_id" FROM "webhook_endpoints" w WHERE w."id"::text = "jobs"."payload"->>'endpoint_id')
    WHEN 'recap.generate' THEN (SELECT r."user_id" FROM "recaps" r WHERE r."id"::text = "jobs"."payload"->>'recapId')
    WHEN 'data.import' THEN (SELECT i."user_id" FROM "imports" i WHERE i."id"::text = "jobs"."payload"->>'importId')
    WHEN 'recap_schedule.run' THEN (SELECT s."user_id" FROM "recap_schedules" s WHERE s."id"::text = "jobs"."payload"->>'schedule_id')
    WHEN 'recap_schedule.deliver' THEN (SELECT s."user_id" FROM "recap_schedules" s WHERE s."id"::text = "jobs"."payload"->>'schedule_id')
    END;
ALTER TABLE "jobs" ALTER COLUMN "lane" SET NOT NULL;

-- CreateTable
CREATE TABLE "job_endpoints" (
    "endpoint" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "paused_until" TIMESTAMPTZ(3),

    CONSTRAINT "job_endpoints_pkey" PRIMARY KEY ("endpoint")
);

-- The claim reads one lane's due jobs in order, and counts its leased attempts.
DROP INDEX "jobs_run_at_id_idx";
CREATE INDEX "jobs_lane_run_at_id_idx" ON "jobs"("lane", "run_at", "id");
CREATE INDEX "jobs_leased_idx" ON "jobs"("lane", "owner_id", "endpoint") WHERE (locked_by IS NOT NULL);

-- The outbox's deliveries (20261126053000_webhook_triggers_prepared) with their lane, owner and
-- endpoint, as lib/webhooks/delivery-job.ts gives them (keep them in step), due once the pause
-- of an endpoint that the circuit breaker paused is over (lib/jobs/circuit.ts); otherwise unchanged.
CREATE OR REPLACE FUNCTION webhook_emit(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH change AS (
    SELECT (c->>'user_id')::uuid AS user_id, c->>'type' AS type, (c->>'resource_id')::uuid AS resource_id, c->'data' AS data, ord
    FROM jsonb_array_elements(changes) WITH ORDINALITY AS t(c, ord)
  ), event AS (
    INSERT INTO webhook_events (id, user_id, type, resource_id, data, created_at)
    SELECT gen_random_uuid(), change.user_id, change.type, change.resource_id, change.data, clock_timestamp()
    FROM change
    WHERE EXISTS (
      SELECT 1 FROM webhook_endpoints w
      WHERE w.user_id = change.user_id AND w.enabled AND w.events && ARRAY[change.type, split_part(change.type, '.', 1) || '.*']
    ) AND EXISTS (SELECT 1 FROM users u WHERE u.id = change.user_id)
    ORDER BY change.ord
    RETURNING id, user_id, type, created_at
  )
  INSERT INTO jobs (id, kind, payload, run_at, max_attempts, lane, owner_id, endpoint)
  SELECT gen_random_uuid(), 'webhook.delivery', jsonb_build_object('event_id', event.id, 'endpoint_id', w.id), greatest(event.created_at, c.paused_until), 8, 'deliveries', event.user_id, w.id::text
  FROM event
  JOIN webhook_endpoints w ON w.user_id = event.user_id AND w.enabled AND w.events && ARRAY[event.type, split_part(event.type, '.', 1) || '.*']
  LEFT JOIN job_endpoints c ON c.endpoint = w.id::text;
END $$;
