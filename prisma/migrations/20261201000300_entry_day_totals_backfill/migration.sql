-- The day totals of the entries written before their triggers (20261130000300_entry_day_totals),
-- recomputed workspace by workspace, 7 days at a time, each batch committed on its own: this
-- migration is one statement, which PostgreSQL runs outside a transaction block, where a DO block
-- may commit. A batch first locks the workspace's account_counters row, which every write of its
-- entries takes in its counters' trigger before the totals' trigger runs: the writes of that
-- workspace wait for the batch (a week of its entries: about 10 000 at 1 000 000 entries over two
-- years), and those under way finish first. The batch then replaces the days' totals
-- with a count of their entries, from a snapshot taken once it holds the lock: whatever the
-- triggers wrote for those days before is replaced, and what they write after it adds to a
-- complete count. Running entries are left out, as the triggers leave them out.
DO $$
DECLARE
  workspace record;
  first_day date;
  last_day date;
  batch_start date;
BEGIN
  FOR workspace IN SELECT workspace_id FROM account_counters ORDER BY workspace_id LOOP
    SELECT (min(recorded_at) AT TIME ZONE 'UTC')::date, (max(recorded_at) AT TIME ZONE 'UTC')::date INTO first_day, last_day
      FROM worklog_entries WHERE workspace_id = workspace.workspace_id;
    batch_start := first_day;
    WHILE batch_start <= last_day LOOP
      PERFORM FROM account_counters WHERE workspace_id = workspace.workspace_id FOR UPDATE;
      DELETE FROM entry_day_totals WHERE workspace_id = workspace.workspace_id AND day >= batch_start AND day < batch_start + 7;
      INSERT INTO entry_day_totals (workspace_id, dimension, day, key, entries, tracked_seconds, commits)
        SELECT e.workspace_id, k.dimension, (e.recorded_at AT TIME ZONE 'UTC')::date, k.key, count(*), sum(coalesce(e.duration_seconds, 0)), sum(e.commit_count)
          FROM worklog_entries e,
            LATERAL (SELECT 'project', coalesce(e.project_id::text, '') UNION ALL SELECT 'author', e.user_id::text UNION ALL SELECT 'source', e.source::text
              UNION ALL SELECT 'tag', t.tag FROM unnest(CASE WHEN cardinality(e.tags) = 0 THEN ARRAY['']::text[] ELSE e.tags END) AS t(tag)) AS k(dimension, key)
          WHERE e.workspace_id = workspace.workspace_id AND e.running_user_id IS NULL
            AND e.recorded_at >= batch_start::timestamp AT TIME ZONE 'UTC' AND e.recorded_at < (batch_start + 7)::timestamp AT TIME ZONE 'UTC'
          GROUP BY 1, 2, 3, 4;
      COMMIT;
      batch_start := batch_start + 7;
    END LOOP;
  END LOOP;
END $$;
