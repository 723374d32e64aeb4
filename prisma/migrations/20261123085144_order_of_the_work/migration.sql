-- CreateEnum
CREATE TYPE "WeekStart" AS ENUM ('monday', 'sunday');

-- DropIndex
DROP INDEX "commits_repository_id_id_idx";

-- DropIndex
DROP INDEX "worklog_entries_user_id_id_idx";

-- DropIndex
DROP INDEX "worklog_entries_user_id_idx";

-- DropIndex
DROP INDEX "worklog_entries_user_id_project_id_id_idx";

-- DropIndex
DROP INDEX "worklog_entries_user_id_recorded_at_idx";

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "week_start" "WeekStart" NOT NULL DEFAULT 'monday';

-- CreateTable
CREATE TABLE "account_counters" (
    "user_id" UUID NOT NULL,
    "project_count" INTEGER NOT NULL DEFAULT 0,
    "repository_count" INTEGER NOT NULL DEFAULT 0,
    "entry_count" INTEGER NOT NULL DEFAULT 0,
    "recap_count" INTEGER NOT NULL DEFAULT 0,
    "change_seq" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "account_counters_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "deleted_items" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "sort_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deleted_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "deleted_items_user_id_deleted_at_idx" ON "deleted_items"("user_id", "deleted_at");

-- CreateIndex
CREATE INDEX "commits_repository_id_committed_at_id_idx" ON "commits"("repository_id", "committed_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "worklog_entries_user_id_recorded_at_id_idx" ON "worklog_entries"("user_id", "recorded_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "worklog_entries_user_id_project_id_recorded_at_id_idx" ON "worklog_entries"("user_id", "project_id", "recorded_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "worklog_entries_tags_idx" ON "worklog_entries" USING GIN ("tags");

-- AddForeignKey
ALTER TABLE "account_counters" ADD CONSTRAINT "account_counters_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deleted_items" ADD CONSTRAINT "deleted_items_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The account's counters and change sequence, kept in the transaction of every write to its data,
-- through the web app, the API or anything else: one statement-level trigger per table, which
-- counts the statement's rows per account. Writes of one account queue on its counters row.

-- Every account has its counters row, from its creation.
CREATE FUNCTION worklog_account_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_counters (user_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER users_counters AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION worklog_account_created();

-- The account itself is part of what its reads answer (the time zone bounds `from`/`to`).
CREATE FUNCTION worklog_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counters SET change_seq = change_seq + 1 WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER users_changed AFTER UPDATE ON users FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION worklog_account_changed();

-- Inserts and deletes move the count of the table's kind (TG_ARGV[0]: entry, project, repository,
-- recap; commits are not counted here), every write moves the sequence on; a deleted row leaves
-- its id and sort key under its kind, unless its account is being deleted with it. Static SQL, not
-- EXECUTE format(...): plpgsql prepares each statement once per connection and table, where a
-- built statement is parsed and planned at every write (npm run bench, row (d)). Every trigger
-- names its transition table changed_rows: the inserted, updated or deleted rows.
CREATE FUNCTION worklog_count_writes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  step int := CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END;
BEGIN
  UPDATE account_counters c SET change_seq = c.change_seq + 1,
      entry_count = c.entry_count + CASE kind WHEN 'entry' THEN step * d.n ELSE 0 END,
      project_count = c.project_count + CASE kind WHEN 'project' THEN step * d.n ELSE 0 END,
      repository_count = c.repository_count + CASE kind WHEN 'repository' THEN step * d.n ELSE 0 END,
      recap_count = c.recap_count + CASE kind WHEN 'recap' THEN step * d.n ELSE 0 END
    FROM (SELECT user_id, count(*)::int AS n FROM changed_rows GROUP BY user_id) d WHERE c.user_id = d.user_id;
  -- Each branch names its table's columns, so it is planned only for that table's trigger.
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'worklog_entries' THEN
    INSERT INTO deleted_items (id, user_id, kind, sort_at)
      SELECT o.id, o.user_id, kind, o.recorded_at FROM changed_rows o WHERE EXISTS (SELECT FROM users u WHERE u.id = o.user_id)
      ON CONFLICT (id) DO NOTHING;
  ELSIF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'commits' THEN
    INSERT INTO deleted_items (id, user_id, kind, sort_at)
      SELECT o.id, o.user_id, kind, o.committed_at FROM changed_rows o WHERE EXISTS (SELECT FROM users u WHERE u.id = o.user_id)
      ON CONFLICT (id) DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO deleted_items (id, user_id, kind, sort_at)
      SELECT o.id, o.user_id, kind, NULL FROM changed_rows o WHERE EXISTS (SELECT FROM users u WHERE u.id = o.user_id)
      ON CONFLICT (id) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER worklog_entries_inserted AFTER INSERT ON worklog_entries REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('entry');
CREATE TRIGGER worklog_entries_updated AFTER UPDATE ON worklog_entries REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('entry');
CREATE TRIGGER worklog_entries_deleted AFTER DELETE ON worklog_entries REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('entry');

CREATE TRIGGER projects_inserted AFTER INSERT ON projects REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('project');
CREATE TRIGGER projects_updated AFTER UPDATE ON projects REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('project');
CREATE TRIGGER projects_deleted AFTER DELETE ON projects REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('project');

CREATE TRIGGER repositories_inserted AFTER INSERT ON repositories REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('repository');
CREATE TRIGGER repositories_updated AFTER UPDATE ON repositories REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('repository');
CREATE TRIGGER repositories_deleted AFTER DELETE ON repositories REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('repository');

CREATE TRIGGER recaps_inserted AFTER INSERT ON recaps REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('recap');
CREATE TRIGGER recaps_updated AFTER UPDATE ON recaps REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('recap');
CREATE TRIGGER recaps_deleted AFTER DELETE ON recaps REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('recap');

-- A repository's commits are counted where they are listed, by an index-only range scan.
CREATE TRIGGER commits_inserted AFTER INSERT ON commits REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('commit');
CREATE TRIGGER commits_updated AFTER UPDATE ON commits REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('commit');
CREATE TRIGGER commits_deleted AFTER DELETE ON commits REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_count_writes('commit');

-- An attachment is a change of its entry (its commit_ids).
CREATE FUNCTION worklog_attachments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counters c SET change_seq = c.change_seq + 1
    FROM (SELECT DISTINCT e.user_id FROM changed_rows a JOIN worklog_entries e ON e.id = a.entry_id) d WHERE c.user_id = d.user_id;
  RETURN NULL;
END $$;
CREATE TRIGGER worklog_entry_commits_inserted AFTER INSERT ON worklog_entry_commits REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_attachments_changed();
CREATE TRIGGER worklog_entry_commits_deleted AFTER DELETE ON worklog_entry_commits REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_attachments_changed();

-- The accounts that exist already, counted.
INSERT INTO account_counters (user_id, project_count, repository_count, entry_count, recap_count)
SELECT u.id,
  (SELECT count(*) FROM projects p WHERE p.user_id = u.id),
  (SELECT count(*) FROM repositories r WHERE r.user_id = u.id),
  (SELECT count(*) FROM worklog_entries e WHERE e.user_id = u.id),
  (SELECT count(*) FROM recaps r WHERE r.user_id = u.id)
FROM users u;
