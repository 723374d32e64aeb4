-- Job payloads name their keys in snake_case, as the webhook deliveries (enqueued by the triggers
-- of 20261126040000_webhooks), the schedules' runs and their chat deliveries already do: the
-- recap generation's `recapId` becomes `recap_id`, the import's `importId` and `timeZone`
-- `import_id` and `time_zone`. Jobs stored before (waiting, running or failed) keep their ids and
-- run with the new keys.
UPDATE "jobs"
SET "payload" = ("payload" - 'recapId') || jsonb_build_object('recap_id', "payload"->'recapId')
WHERE "kind" = 'recap.generate' AND "payload" ? 'recapId';

UPDATE "jobs"
SET "payload" = ("payload" - 'importId' - 'timeZone') || jsonb_build_object('import_id', "payload"->'importId', 'time_zone', "payload"->'timeZone')
WHERE "kind" = 'data.import' AND "payload" ? 'importId';
