-- The outbox's functions (20261126040000_webhooks) in PL/pgSQL, which prepares each statement
-- once per connection: a SQL function that is not inlined is planned again at every call on
-- PostgreSQL before 18, and the entries' trigger called webhook_entry_data once per row.
-- Their statements are unchanged.
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
  INSERT INTO jobs (id, kind, payload, run_at, max_attempts)
  SELECT gen_random_uuid(), 'webhook.delivery', jsonb_build_object('event_id', event.id, 'endpoint_id', w.id), event.created_at, 8
  FROM event
  JOIN webhook_endpoints w ON w.user_id = event.user_id AND w.enabled AND w.events && ARRAY[event.type, split_part(event.type, '.', 1) || '.*'];
END $$;

CREATE OR REPLACE FUNCTION webhook_entry_data(entry jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (entry - 'search_vector') || jsonb_build_object(
    'project', (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'identifier', p.identifier) FROM projects p WHERE p.id = (entry->>'project_id')::uuid),
    'commit_ids', coalesce((SELECT jsonb_agg(l.commit_id ORDER BY l.commit_id) FROM worklog_entry_commits l WHERE l.entry_id = (entry->>'id')::uuid), '[]'::jsonb)
  );
END $$;

-- PostgreSQL fires a table's triggers for one event in the order of their names. The entries'
-- events are now written before their counting trigger (worklog_entries_inserted, _updated,
-- _deleted) locks the account's counters row, which the account's other writes wait for until
-- this transaction commits: that wait no longer includes the outbox's writes.
ALTER TRIGGER worklog_entries_webhook_inserted ON worklog_entries RENAME TO worklog_entries_announce_inserted;
ALTER TRIGGER worklog_entries_webhook_updated ON worklog_entries RENAME TO worklog_entries_announce_updated;
ALTER TRIGGER worklog_entries_webhook_deleted ON worklog_entries RENAME TO worklog_entries_announce_deleted;
