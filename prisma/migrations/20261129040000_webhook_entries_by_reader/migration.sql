-- An event about an entry (entry.*, timer.*) goes only to the endpoints whose creator may read
-- the entry (lib/access/context.ts, readableEntries): a member of the workspace that shows every
-- entry to its members, an owner or admin, or the entry's author. Every other event goes to every
-- endpoint of the workspace that subscribes to it. The delivery asks again (lib/webhooks/delivery-job.ts):
-- a role or the workspace's setting may change between the change and its delivery.
CREATE FUNCTION webhook_endpoint_reads(endpoint_creator uuid, workspace uuid, event_type text, author uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT split_part(event_type, '.', 1) NOT IN ('entry', 'timer') OR EXISTS (
    SELECT 1 FROM memberships m JOIN workspaces s ON s.id = m.workspace_id
    WHERE m.workspace_id = workspace AND m.user_id = endpoint_creator
      AND (s.entries_visible_to = 'members' OR m.role IN ('owner', 'admin') OR endpoint_creator = author))
$$;

CREATE OR REPLACE FUNCTION webhook_emit(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH change AS (
    SELECT (c->>'workspace_id')::uuid AS workspace_id, (c->>'user_id')::uuid AS user_id, c->>'type' AS type, (c->>'resource_id')::uuid AS resource_id, c->'data' AS data, ord
    FROM jsonb_array_elements(changes) WITH ORDINALITY AS t(c, ord)
  ), event AS (
    INSERT INTO webhook_events (id, workspace_id, user_id, type, resource_id, data, created_at)
    SELECT gen_random_uuid(), change.workspace_id, change.user_id, change.type, change.resource_id, change.data, clock_timestamp()
    FROM change
    WHERE EXISTS (
      SELECT 1 FROM webhook_endpoints w
      WHERE w.workspace_id = change.workspace_id AND w.enabled AND w.events && ARRAY[change.type, split_part(change.type, '.', 1) || '.*']
        AND webhook_endpoint_reads(w.user_id, w.workspace_id, change.type, change.user_id)
    ) AND EXISTS (SELECT 1 FROM workspaces s WHERE s.id = change.workspace_id)
    ORDER BY change.ord
    RETURNING id, workspace_id, user_id, type, created_at
  )
  INSERT INTO jobs (id, kind, payload, run_at, max_attempts, lane, owner_id, endpoint)
  SELECT gen_random_uuid(), 'webhook.delivery', jsonb_build_object('event_id', event.id, 'endpoint_id', w.id), greatest(event.created_at, c.paused_until), 8, 'deliveries', event.workspace_id, w.id::text
  FROM event
  JOIN webhook_endpoints w ON w.workspace_id = event.workspace_id AND w.enabled AND w.events && ARRAY[event.type, split_part(event.type, '.', 1) || '.*']
    AND webhook_endpoint_reads(w.user_id, w.workspace_id, event.type, event.user_id)
  LEFT JOIN job_endpoints c ON c.endpoint = w.id::text;
END $$;
