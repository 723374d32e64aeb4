-- The entries' totals by UTC day, for the reports (lib/reports/report.ts; README, "What the hot
-- paths do, and why"): for each workspace, day and dimension a report groups by (project: the
-- project's id, '' for none; author: the user's id; source; tag: the tag, '' for an entry without
-- tags, an entry with two tags counting in both), how many entries, their tracked seconds and
-- their commits. Running entries are left out: their time is computed when the report is asked.
-- The entries written before the triggers are counted by 20261201000300_entry_day_totals_backfill.
CREATE TABLE "entry_day_totals" (
    "workspace_id" UUID NOT NULL,
    "dimension" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "key" TEXT NOT NULL,
    "entries" INTEGER NOT NULL,
    "tracked_seconds" BIGINT NOT NULL,
    "commits" INTEGER NOT NULL,

    CONSTRAINT "entry_day_totals_pkey" PRIMARY KEY ("workspace_id","dimension","day","key")
);

-- AddForeignKey
ALTER TABLE "entry_day_totals" ADD CONSTRAINT "entry_day_totals_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The totals follow every write of entries: the statement's rows before (minus) and after (plus),
-- added up by key, upserted in key order; a row that reaches no entries is deleted. A statement
-- that changes nothing a total holds (the text, updated_at) writes nothing. The triggers' names
-- sort after the counters' (worklog_entries_inserted, _updated, _deleted: migration
-- 20261123085144_order_of_the_work), and PostgreSQL fires the triggers of one event in name order:
-- by then the counters' trigger holds the workspace's account_counters row until the transaction
-- ends, so the writers of one workspace reach its totals one at a time, in the order they took
-- that row, and two transactions of several statements cannot wait on each other's totals (no
-- deadlock). (An entry moved to another workspace, which no path of the app does, leaves the
-- totals of a workspace whose row the counters' UPDATE trigger does not lock.) Entries of a
-- workspace being deleted change nothing: its totals go with it.
-- Each event's transition tables have their own names, so each has its statement, the same but for
-- its first lines: static statements keep their plans from one call to the next, where a statement
-- made as text (EXECUTE) is planned at every write: 0.42 ms more PostgreSQL CPU for a single-row
-- INSERT against 0.09 ms (README, "What the hot paths do, and why").
CREATE FUNCTION worklog_entry_day_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied_workspaces uuid[];
  emptied_dimensions text[];
  emptied_days date[];
  emptied_keys text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changed AS (
      SELECT c.sign, c.workspace_id, (c.recorded_at AT TIME ZONE 'UTC')::date AS day, c.project_id, c.user_id, c.source, c.tags,
          coalesce(c.duration_seconds, 0)::bigint AS seconds, c.commit_count
        FROM (SELECT 1 AS sign, n.* FROM new_rows n) c
        WHERE c.running_user_id IS NULL AND EXISTS (SELECT FROM workspaces w WHERE w.id = c.workspace_id)
    ), keyed AS (
      SELECT c.sign, c.workspace_id, k.dimension, c.day, k.key, c.seconds, c.commit_count
        FROM changed c, LATERAL (VALUES ('project', coalesce(c.project_id::text, '')), ('author', c.user_id::text), ('source', c.source::text)) AS k(dimension, key)
      UNION ALL
      SELECT c.sign, c.workspace_id, 'tag', c.day, t.tag, c.seconds, c.commit_count
        FROM changed c, unnest(CASE WHEN cardinality(c.tags) = 0 THEN ARRAY['']::text[] ELSE c.tags END) AS t(tag)
    ), upserted AS (
      INSERT INTO entry_day_totals AS t (workspace_id, dimension, day, key, entries, tracked_seconds, commits)
        SELECT workspace_id, dimension, day, key, sum(sign), sum(sign * seconds), sum(sign * commit_count) FROM keyed
          GROUP BY workspace_id, dimension, day, key
          HAVING sum(sign) <> 0 OR sum(sign * seconds) <> 0 OR sum(sign * commit_count) <> 0
          ORDER BY workspace_id, dimension, day, key
        ON CONFLICT (workspace_id, dimension, day, key) DO UPDATE SET entries = t.entries + excluded.entries,
          tracked_seconds = t.tracked_seconds + excluded.tracked_seconds, commits = t.commits + excluded.commits
        RETURNING t.workspace_id, t.dimension, t.day, t.key, t.entries
    )
    SELECT array_agg(workspace_id), array_agg(dimension), array_agg(day), array_agg(key) FROM upserted WHERE entries = 0
      INTO emptied_workspaces, emptied_dimensions, emptied_days, emptied_keys;
  ELSIF TG_OP = 'DELETE' THEN
    WITH changed AS (
      SELECT c.sign, c.workspace_id, (c.recorded_at AT TIME ZONE 'UTC')::date AS day, c.project_id, c.user_id, c.source, c.tags,
          coalesce(c.duration_seconds, 0)::bigint AS seconds, c.commit_count
        FROM (SELECT -1 AS sign, o.* FROM old_rows o) c
        WHERE c.running_user_id IS NULL AND EXISTS (SELECT FROM workspaces w WHERE w.id = c.workspace_id)
    ), keyed AS (
      SELECT c.sign, c.workspace_id, k.dimension, c.day, k.key, c.seconds, c.commit_count
        FROM changed c, LATERAL (VALUES ('project', coalesce(c.project_id::text, '')), ('author', c.user_id::text), ('source', c.source::text)) AS k(dimension, key)
      UNION ALL
      SELECT c.sign, c.workspace_id, 'tag', c.day, t.tag, c.seconds, c.commit_count
        FROM changed c, unnest(CASE WHEN cardinality(c.tags) = 0 THEN ARRAY['']::text[] ELSE c.tags END) AS t(tag)
    ), upserted AS (
      INSERT INTO entry_day_totals AS t (workspace_id, dimension, day, key, entries, tracked_seconds, commits)
        SELECT workspace_id, dimension, day, key, sum(sign), sum(sign * seconds), sum(sign * commit_count) FROM keyed
          GROUP BY workspace_id, dimension, day, key
          HAVING sum(sign) <> 0 OR sum(sign * seconds) <> 0 OR sum(sign * commit_count) <> 0
          ORDER BY workspace_id, dimension, day, key
        ON CONFLICT (workspace_id, dimension, day, key) DO UPDATE SET entries = t.entries + excluded.entries,
          tracked_seconds = t.tracked_seconds + excluded.tracked_seconds, commits = t.commits + excluded.commits
        RETURNING t.workspace_id, t.dimension, t.day, t.key, t.entries
    )
    SELECT array_agg(workspace_id), array_agg(dimension), array_agg(day), array_agg(key) FROM upserted WHERE entries = 0
      INTO emptied_workspaces, emptied_dimensions, emptied_days, emptied_keys;
  ELSE
    WITH changed AS (
      SELECT c.sign, c.workspace_id, (c.recorded_at AT TIME ZONE 'UTC')::date AS day, c.project_id, c.user_id, c.source, c.tags,
          coalesce(c.duration_seconds, 0)::bigint AS seconds, c.commit_count
        FROM (SELECT -1 AS sign, o.* FROM old_rows o UNION ALL SELECT 1 AS sign, n.* FROM new_rows n) c
        WHERE c.running_user_id IS NULL AND EXISTS (SELECT FROM workspaces w WHERE w.id = c.workspace_id)
    ), keyed AS (
      SELECT c.sign, c.workspace_id, k.dimension, c.day, k.key, c.seconds, c.commit_count
        FROM changed c, LATERAL (VALUES ('project', coalesce(c.project_id::text, '')), ('author', c.user_id::text), ('source', c.source::text)) AS k(dimension, key)
      UNION ALL
      SELECT c.sign, c.workspace_id, 'tag', c.day, t.tag, c.seconds, c.commit_count
        FROM changed c, unnest(CASE WHEN cardinality(c.tags) = 0 THEN ARRAY['']::text[] ELSE c.tags END) AS t(tag)
    ), upserted AS (
      INSERT INTO entry_day_totals AS t (workspace_id, dimension, day, key, entries, tracked_seconds, commits)
        SELECT workspace_id, dimension, day, key, sum(sign), sum(sign * seconds), sum(sign * commit_count) FROM keyed
          GROUP BY workspace_id, dimension, day, key
          HAVING sum(sign) <> 0 OR sum(sign * seconds) <> 0 OR sum(sign * commit_count) <> 0
          ORDER BY workspace_id, dimension, day, key
        ON CONFLICT (workspace_id, dimension, day, key) DO UPDATE SET entries = t.entries + excluded.entries,
          tracked_seconds = t.tracked_seconds + excluded.tracked_seconds, commits = t.commits + excluded.commits
        RETURNING t.workspace_id, t.dimension, t.day, t.key, t.entries
    )
    SELECT array_agg(workspace_id), array_agg(dimension), array_agg(day), array_agg(key) FROM upserted WHERE entries = 0
      INTO emptied_workspaces, emptied_dimensions, emptied_days, emptied_keys;
  END IF;
  IF emptied_workspaces IS NOT NULL THEN
    DELETE FROM entry_day_totals t USING unnest(emptied_workspaces, emptied_dimensions, emptied_days, emptied_keys) AS z(workspace_id, dimension, day, key)
      WHERE t.workspace_id = z.workspace_id AND t.dimension = z.dimension AND t.day = z.day AND t.key = z.key AND t.entries = 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER worklog_entries_inserted_totals AFTER INSERT ON worklog_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_entry_day_totals();
CREATE TRIGGER worklog_entries_updated_totals AFTER UPDATE ON worklog_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_entry_day_totals();
CREATE TRIGGER worklog_entries_deleted_totals AFTER DELETE ON worklog_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_entry_day_totals();
