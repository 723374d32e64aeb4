-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "description" TEXT NOT NULL DEFAULT '',
    "secret" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "failing_since" TIMESTAMPTZ(3),
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "resource_id" UUID,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status" INTEGER,
    "error" TEXT,
    "latency_ms" INTEGER NOT NULL,
    "response_excerpt" TEXT,
    "next_retry_at" TIMESTAMPTZ(3),
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_endpoints_user_id_enabled_idx" ON "webhook_endpoints"("user_id", "enabled");

-- CreateIndex
CREATE INDEX "webhook_events_user_id_created_at_idx" ON "webhook_events"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_attempts_endpoint_id_id_idx" ON "webhook_attempts"("endpoint_id", "id" DESC);

-- CreateIndex
CREATE INDEX "webhook_attempts_event_id_idx" ON "webhook_attempts"("event_id");

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The outbox of outbound webhooks (README "Webhooks"): statement triggers write each change's
-- events, and a delivery job per subscribed endpoint (lib/webhooks/delivery-job.ts), in the
-- transaction of the change itself, however it was written (Prisma or the hand-written SQL of
-- lib/worklog/entry-sql.ts): a committed change always has its events, a rolled-back one none.
-- Only accounts with an enabled endpoint subscribed to the type pay more than one indexed check.

-- Writes the events of one statement, `changes` being [{user_id, type, resource_id, data}] in
-- order, for the accounts subscribed to them, and one delivery job per event and endpoint. An
-- account being deleted (its rows going with it) has no events.
CREATE FUNCTION webhook_emit(changes jsonb) RETURNS void LANGUAGE sql AS $$
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
  INSERT INTO jobs (id, kind, payload, run_at, max_attempts)
  SELECT gen_random_uuid(), 'webhook.delivery', jsonb_build_object('event_id', event.id, 'endpoint_id', w.id), event.created_at, 8
  FROM event
  JOIN webhook_endpoints w ON w.user_id = event.user_id AND w.enabled AND w.events && ARRAY[event.type, split_part(event.type, '.', 1) || '.*'];
$$;

-- An entry's row as its event carries it: with its project's summary and its commits' ids, as
-- the API answers it (lib/worklog/responses.ts).
CREATE FUNCTION webhook_entry_data(entry jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT (entry - 'search_vector') || jsonb_build_object(
    'project', (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'identifier', p.identifier) FROM projects p WHERE p.id = (entry->>'project_id')::uuid),
    'commit_ids', coalesce((SELECT jsonb_agg(l.commit_id ORDER BY l.commit_id) FROM worklog_entry_commits l WHERE l.entry_id = (entry->>'id')::uuid), '[]'::jsonb)
  );
$$;

-- Entries: created, updated, deleted; a timer started (a running entry written, or an entry
-- made running) or stopped (lib/worklog/timer.ts).
CREATE FUNCTION webhook_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('user_id', n.user_id, 'type', k.type, 'resource_id', n.id, 'data', webhook_entry_data(to_jsonb(n))) ORDER BY n.id, k.seq), '[]'::jsonb))
    FROM new_rows n
    CROSS JOIN LATERAL (VALUES (1, 'entry.created'), (2, CASE WHEN n.running_user_id IS NOT NULL THEN 'timer.started' END)) AS k(seq, type)
    WHERE k.type IS NOT NULL AND n.user_id IN (SELECT user_id FROM webhook_endpoints WHERE enabled);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('user_id', n.user_id, 'type', k.type, 'resource_id', n.id, 'data', webhook_entry_data(to_jsonb(n))) ORDER BY n.id, k.seq), '[]'::jsonb))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES
      (1, CASE WHEN o.running_user_id IS NULL AND n.running_user_id IS NOT NULL THEN 'timer.started' END),
      (2, 'entry.updated'),
      (3, CASE WHEN o.running_user_id IS NOT NULL AND n.running_user_id IS NULL THEN 'timer.stopped' END)
    ) AS k(seq, type)
    WHERE k.type IS NOT NULL AND to_jsonb(n) IS DISTINCT FROM to_jsonb(o) AND n.user_id IN (SELECT user_id FROM webhook_endpoints WHERE enabled);
  ELSE
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('user_id', o.user_id, 'type', 'entry.deleted', 'resource_id', o.id, 'data', webhook_entry_data(to_jsonb(o))) ORDER BY o.id), '[]'::jsonb))
    FROM old_rows o
    WHERE o.user_id IN (SELECT user_id FROM webhook_endpoints WHERE enabled);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER worklog_entries_webhook_inserted AFTER INSERT ON worklog_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_entries_changed();
CREATE TRIGGER worklog_entries_webhook_updated AFTER UPDATE ON worklog_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_entries_changed();
CREATE TRIGGER worklog_entries_webhook_deleted AFTER DELETE ON worklog_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_entries_changed();

-- Projects, repositories and commits: `<TG_ARGV[0]>.created`, `.updated`, `.deleted`, the row as it is.
CREATE FUNCTION webhook_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('user_id', n.user_id, 'type', TG_ARGV[0] || '.created', 'resource_id', n.id, 'data', to_jsonb(n)) ORDER BY n.id), '[]'::jsonb))
    FROM new_rows n WHERE n.user_id IN (SELECT user_id FROM webhook_endpoints WHERE enabled);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('user_id', n.user_id, 'type', TG_ARGV[0] || '.updated', 'resource_id', n.id, 'data', to_jsonb(n)) ORDER BY n.id), '[]'::jsonb))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE to_jsonb(n) IS DISTINCT FROM to_jsonb(o) AND n.user_id IN (SELECT user_id FROM webhook_endpoints WHERE enabled);
  ELSE
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('user_id', o.user_id, 'type', TG_ARGV[0] || '.deleted', 'resource_id', o.id, 'data', to_jsonb(o)) ORDER BY o.id), '[]'::jsonb))
    FROM old_rows o WHERE o.user_id IN (SELECT user_id FROM webhook_endpoints WHERE enabled);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER projects_webhook_inserted AFTER INSERT ON projects REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_rows_changed('project');
CREATE TRIGGER projects_webhook_updated AFTER UPDATE ON projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_rows_changed('project');
CREATE TRIGGER projects_webhook_deleted AFTER DELETE ON projects REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_rows_changed('project');
CREATE TRIGGER repositories_webhook_inserted AFTER INSERT ON repositories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_rows_changed('repository');
CREATE TRIGGER repositories_webhook_updated AFTER UPDATE ON repositories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_rows_changed('repository');
CREATE TRIGGER repositories_webhook_deleted AFTER DELETE ON repositories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_rows_changed('repository');
-- Commits are only ever created (`commit.created`): an import or a push writes them once.
CREATE TRIGGER commits_webhook_inserted AFTER INSERT ON commits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_rows_changed('commit');

-- Recaps: `recap.completed` when one's status becomes completed (lib/recaps/generation.ts).
CREATE FUNCTION webhook_recaps_completed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('user_id', n.user_id, 'type', 'recap.completed', 'resource_id', n.id, 'data', to_jsonb(n)) ORDER BY n.id), '[]'::jsonb))
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status = 'completed' AND o.status IS DISTINCT FROM 'completed' AND n.user_id IN (SELECT user_id FROM webhook_endpoints WHERE enabled);
  RETURN NULL;
END $$;
CREATE TRIGGER recaps_webhook_completed AFTER UPDATE ON recaps REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_recaps_completed();
