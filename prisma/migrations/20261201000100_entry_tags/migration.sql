-- The tags of each entry, one row a tag, for the filter by tags (docs/api.md, "Filters"): a page
-- filtered by a tag reads this table's index in the order of the work, from its cursor on,
-- whatever the tag's share of the entries, and its bounded count reads the index alone. The
-- columns after the order (project, author, source) let a second filter be checked there too.
-- Kept by the triggers below in the transaction of every write of entries; filled for the
-- entries already there by the next migration, in batches (20261201000200_entry_tags_backfill).
-- No foreign key: the deletion of an entry removes its rows through the trigger.
CREATE TABLE "entry_tags" (
    "entry_id" UUID NOT NULL,
    "tag" TEXT NOT NULL,
    "workspace_id" UUID NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "project_id" UUID,
    "user_id" UUID NOT NULL,
    "source" "EntrySource" NOT NULL,

    CONSTRAINT "entry_tags_pkey" PRIMARY KEY ("entry_id","tag")
);

CREATE INDEX "entry_tags_workspace_id_tag_recorded_at_entry_id_project_id_idx" ON "entry_tags"("workspace_id", "tag", "recorded_at" DESC, "entry_id" DESC, "project_id", "user_id", "source");

CREATE FUNCTION worklog_entry_tags_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entry_tags (entry_id, tag, workspace_id, recorded_at, project_id, user_id, source)
    SELECT n.id, t.tag, n.workspace_id, n.recorded_at, n.project_id, n.user_id, n.source FROM new_rows n, unnest(n.tags) AS t(tag)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- An update fires for every change of entries (commit counts and stamps too: a trigger with
-- transition tables cannot name columns), and rewrites the rows of the entries whose tags or
-- listed columns changed.
CREATE FUNCTION worklog_entry_tags_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM entry_tags t USING old_rows o JOIN new_rows n ON n.id = o.id
    WHERE t.entry_id = o.id
      AND (o.tags, o.workspace_id, o.recorded_at, o.project_id, o.user_id, o.source) IS DISTINCT FROM (n.tags, n.workspace_id, n.recorded_at, n.project_id, n.user_id, n.source);
  INSERT INTO entry_tags (entry_id, tag, workspace_id, recorded_at, project_id, user_id, source)
    SELECT n.id, t.tag, n.workspace_id, n.recorded_at, n.project_id, n.user_id, n.source
    FROM new_rows n JOIN old_rows o ON o.id = n.id, unnest(n.tags) AS t(tag)
    WHERE (o.tags, o.workspace_id, o.recorded_at, o.project_id, o.user_id, o.source) IS DISTINCT FROM (n.tags, n.workspace_id, n.recorded_at, n.project_id, n.user_id, n.source)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION worklog_entry_tags_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM entry_tags t USING old_rows o WHERE t.entry_id = o.id;
  RETURN NULL;
END $$;

CREATE TRIGGER worklog_entries_tags_inserted AFTER INSERT ON worklog_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_entry_tags_inserted();
CREATE TRIGGER worklog_entries_tags_updated AFTER UPDATE ON worklog_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_entry_tags_updated();
CREATE TRIGGER worklog_entries_tags_deleted AFTER DELETE ON worklog_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_entry_tags_deleted();
