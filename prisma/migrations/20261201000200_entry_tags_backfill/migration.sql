-- The tags of the entries written before the triggers of entry_tags (20261201000100_entry_tags),
-- in batches of 5 000 entries, each committed on its own, so that no write waits for more than
-- one batch: this migration is one statement, which PostgreSQL runs outside a transaction block,
-- where a DO block may commit. Each batch locks its entries FOR SHARE while it copies them: a
-- change of one of them waits for the batch, and its trigger then sees the rows the batch wrote.
-- Rows the triggers wrote already are left as they are (ON CONFLICT DO NOTHING).
DO $$
DECLARE
  after_id uuid := '00000000-0000-0000-0000-000000000000';
  last_id uuid;
BEGIN
  LOOP
    WITH batch AS (
      SELECT id, tags, workspace_id, recorded_at, project_id, user_id, source FROM worklog_entries
      WHERE id > after_id ORDER BY id LIMIT 5000 FOR SHARE),
    copied AS (
      INSERT INTO entry_tags (entry_id, tag, workspace_id, recorded_at, project_id, user_id, source)
      SELECT b.id, t.tag, b.workspace_id, b.recorded_at, b.project_id, b.user_id, b.source FROM batch b, unnest(b.tags) AS t(tag)
      ON CONFLICT DO NOTHING)
    SELECT id INTO last_id FROM batch ORDER BY id DESC LIMIT 1;
    EXIT WHEN last_id IS NULL;
    after_id := last_id;
    COMMIT;
  END LOOP;
END $$;
