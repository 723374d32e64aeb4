-- CreateIndex
CREATE INDEX "projects_user_id_updated_at_idx" ON "projects"("user_id", "updated_at");

-- CreateIndex
CREATE INDEX "repositories_user_id_updated_at_idx" ON "repositories"("user_id", "updated_at");

-- CreateIndex
CREATE INDEX "worklog_entries_user_id_updated_at_idx" ON "worklog_entries"("user_id", "updated_at");

-- Incremental sync (docs/api.md, "Incremental sync") finds what changed by `updated_at`, so every
-- change of what an entry, project or repository answers moves it on, whoever makes it:

-- an update that leaves updated_at as it was, such as ON DELETE SET NULL clearing the
-- project_id of a deleted project's entries and repositories;
CREATE FUNCTION worklog_stamp_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at AND NEW IS DISTINCT FROM OLD THEN
    NEW.updated_at := CURRENT_TIMESTAMP;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER worklog_entries_stamped BEFORE UPDATE ON worklog_entries FOR EACH ROW EXECUTE FUNCTION worklog_stamp_update();
CREATE TRIGGER repositories_stamped BEFORE UPDATE ON repositories FOR EACH ROW EXECUTE FUNCTION worklog_stamp_update();
CREATE TRIGGER projects_stamped BEFORE UPDATE ON projects FOR EACH ROW EXECUTE FUNCTION worklog_stamp_update();

-- an attachment made or removed, also by deleting a repository with its commits: the entry's
-- commit_ids changed. Updating the entry moves the account's change sequence on, as before.
CREATE OR REPLACE FUNCTION worklog_attachments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE worklog_entries e SET updated_at = CURRENT_TIMESTAMP FROM (SELECT DISTINCT entry_id FROM changed_rows) a WHERE e.id = a.entry_id;
  RETURN NULL;
END $$;

-- a project renamed or given another identifier: its entries show its summary. This trigger's
-- name sorts before projects_updated, so the entries are locked before the counters row.
CREATE FUNCTION worklog_project_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE worklog_entries e SET updated_at = CURRENT_TIMESTAMP
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE e.project_id = n.id AND (n.name, n.identifier) IS DISTINCT FROM (o.name, o.identifier);
  RETURN NULL;
END $$;
CREATE TRIGGER projects_renamed AFTER UPDATE ON projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_project_renamed();
