-- Workspaces (issue 47): the unit that owns data becomes the workspace. Every existing user gets a
-- personal workspace that they own, and every row of theirs, their keys and tokens, their
-- counters and their queued jobs move into it; `user_id` stays on the rows as their creator or
-- author. Nothing a client reads changes: ids, `updated_at` and the change sequence stay as they
-- were (the tables' triggers are off while the rows are given their workspace), so a cursor or
-- `updated_since` taken before goes on after it.
--
-- The cost on a big database: the whole migration is one transaction, each table locked (ACCESS
-- EXCLUSIVE) from its ALTER to the end. Giving a million-row table its workspace_id rewrites each
-- row once (one UPDATE, its old versions left to VACUUM: about the table's size again on disk),
-- then each new index reads the table once and sorts it, about a few seconds per index per
-- million rows on ordinary hardware, so worklog_entries, with five new indexes, takes on the
-- order of a minute per million entries, during which writes to it wait. The indexes are built
-- after the rows are filled, not maintained row by row. CREATE INDEX CONCURRENTLY would let writes
-- go on, but cannot run inside the transaction Prisma runs a migration in; a deployment that
-- cannot pause writes that long builds those indexes by hand beforehand (CONCURRENTLY, under
-- these names) and removes them from this file.

-- CreateEnum
CREATE TYPE "WorkspaceRole" AS ENUM ('owner', 'admin', 'member', 'viewer');

-- CreateEnum
CREATE TYPE "EntriesVisibleTo" AS ENUM ('members', 'admins');

-- CreateTable
CREATE TABLE "workspaces" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "entries_visible_to" "EntriesVisibleTo" NOT NULL DEFAULT 'members',
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "workspaces_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "memberships" (
    "workspace_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" "WorkspaceRole" NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("workspace_id","user_id")
);

-- CreateTable
CREATE TABLE "invitations" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "role" "WorkspaceRole" NOT NULL,
    "hashed_token" TEXT NOT NULL,
    "invited_by" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "workspaces_slug_key" ON "workspaces"("slug");

-- CreateIndex
CREATE INDEX "memberships_user_id_idx" ON "memberships"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "invitations_hashed_token_key" ON "invitations"("hashed_token");

-- CreateIndex
CREATE INDEX "invitations_workspace_id_id_idx" ON "invitations"("workspace_id", "id" DESC);

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_fkey" FOREIGN KEY ("invited_by") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A UUIDv7 (lib/db/ids.ts makes the application's): the milliseconds of now, then random bits.
CREATE FUNCTION worklog_uuid7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid;
$$;

-- A user's personal workspace, owned by them: named "<name or email>'s workspace", its slug
-- derived from the name (or the email's local part), numbered when taken (ann, ann-2, …).
CREATE FUNCTION worklog_create_personal_workspace(owner_id uuid, owner_name text, owner_email text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  label text := coalesce(nullif(btrim(owner_name), ''), owner_email);
  base text := btrim(left(btrim(regexp_replace(lower(coalesce(nullif(btrim(owner_name), ''), split_part(owner_email, '@', 1))), '[^a-z0-9]+', '-', 'g'), '-'), 40), '-');
  candidate text;
  number int := 1;
  workspace uuid := worklog_uuid7();
BEGIN
  IF length(base) < 2 THEN base := 'workspace'; END IF;
  candidate := base;
  LOOP
    IF NOT EXISTS (SELECT 1 FROM workspaces WHERE slug = candidate) THEN
      BEGIN
        INSERT INTO workspaces (id, slug, name, updated_at) VALUES (workspace, candidate, left(label, 88) || '''s workspace', CURRENT_TIMESTAMP);
        EXIT;
      EXCEPTION WHEN unique_violation THEN
        -- Taken meanwhile by a concurrent sign-up: try the next number.
      END;
    END IF;
    number := number + 1;
    candidate := base || '-' || number;
  END LOOP;
  INSERT INTO memberships (workspace_id, user_id, role) VALUES (workspace, owner_id, 'owner');
  RETURN workspace;
END $$;

-- The personal workspaces of the users there are, oldest first, so that they get the plain slugs.
DO $$
DECLARE
  u record;
BEGIN
  FOR u IN SELECT id, name, email FROM users ORDER BY inserted_at, id LOOP
    PERFORM worklog_create_personal_workspace(u.id, u.name, u.email);
  END LOOP;
END $$;

-- Every row moves into its user's personal workspace (the only membership anyone has yet), with
-- the tables' triggers off: nothing a client reads changes.
ALTER TABLE "worklog_entries" DISABLE TRIGGER USER;
ALTER TABLE "projects" DISABLE TRIGGER USER;
ALTER TABLE "repositories" DISABLE TRIGGER USER;
ALTER TABLE "recaps" DISABLE TRIGGER USER;
ALTER TABLE "commits" DISABLE TRIGGER USER;
ALTER TABLE "dismissed_commits" DISABLE TRIGGER USER;
ALTER TABLE "pull_request_suggestions" DISABLE TRIGGER USER;
ALTER TABLE "recap_shares" DISABLE TRIGGER USER;
ALTER TABLE "recap_schedules" DISABLE TRIGGER USER;

ALTER TABLE "api_keys" ADD COLUMN "workspace_id" UUID;
UPDATE "api_keys" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "api_keys" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "commits" ADD COLUMN "workspace_id" UUID;
UPDATE "commits" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "commits" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "deleted_items" ADD COLUMN "workspace_id" UUID;
UPDATE "deleted_items" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "deleted_items" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "dismissed_commits" ADD COLUMN "workspace_id" UUID;
UPDATE "dismissed_commits" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "dismissed_commits" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "idempotency_keys" ADD COLUMN "workspace_id" UUID;
UPDATE "idempotency_keys" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "idempotency_keys" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "imports" ADD COLUMN "workspace_id" UUID;
UPDATE "imports" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "imports" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "incoming_hooks" ADD COLUMN "workspace_id" UUID;
UPDATE "incoming_hooks" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "incoming_hooks" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "oauth_tokens" ADD COLUMN "workspace_id" UUID;
UPDATE "oauth_tokens" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "oauth_tokens" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "projects" ADD COLUMN "workspace_id" UUID;
UPDATE "projects" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "projects" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "pull_request_suggestions" ADD COLUMN "workspace_id" UUID;
UPDATE "pull_request_suggestions" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "pull_request_suggestions" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "recap_schedules" ADD COLUMN "workspace_id" UUID;
UPDATE "recap_schedules" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "recap_schedules" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "recap_shares" ADD COLUMN "workspace_id" UUID;
UPDATE "recap_shares" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "recap_shares" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "recaps" ADD COLUMN "workspace_id" UUID;
UPDATE "recaps" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "recaps" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "repositories" ADD COLUMN "workspace_id" UUID;
UPDATE "repositories" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "repositories" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "webhook_endpoints" ADD COLUMN "workspace_id" UUID;
UPDATE "webhook_endpoints" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "webhook_endpoints" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "webhook_events" ADD COLUMN "workspace_id" UUID;
UPDATE "webhook_events" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "webhook_events" ALTER COLUMN "workspace_id" SET NOT NULL;

ALTER TABLE "worklog_entries" ADD COLUMN "workspace_id" UUID;
UPDATE "worklog_entries" t SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = t."user_id";
ALTER TABLE "worklog_entries" ALTER COLUMN "workspace_id" SET NOT NULL;

-- A device grant carries the workspace its token will work in, once approved.
ALTER TABLE "oauth_device_grants" ADD COLUMN "workspace_id" UUID;
UPDATE "oauth_device_grants" g SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = g."user_id";

ALTER TABLE "worklog_entries" ENABLE TRIGGER USER;
ALTER TABLE "projects" ENABLE TRIGGER USER;
ALTER TABLE "repositories" ENABLE TRIGGER USER;
ALTER TABLE "recaps" ENABLE TRIGGER USER;
ALTER TABLE "commits" ENABLE TRIGGER USER;
ALTER TABLE "dismissed_commits" ENABLE TRIGGER USER;
ALTER TABLE "pull_request_suggestions" ENABLE TRIGGER USER;
ALTER TABLE "recap_shares" ENABLE TRIGGER USER;
ALTER TABLE "recap_schedules" ENABLE TRIGGER USER;

-- The counters (and the change sequence from which ETags derive) carry over to the workspace.
ALTER TABLE "account_counters" DROP CONSTRAINT "account_counters_user_id_fkey";
ALTER TABLE "account_counters" ADD COLUMN "workspace_id" UUID;
UPDATE "account_counters" c SET "workspace_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = c."user_id";
DELETE FROM "account_counters" WHERE "workspace_id" IS NULL;
ALTER TABLE "account_counters" DROP CONSTRAINT "account_counters_pkey", DROP COLUMN "user_id",
  ALTER COLUMN "workspace_id" SET NOT NULL, ADD CONSTRAINT "account_counters_pkey" PRIMARY KEY ("workspace_id");
INSERT INTO "account_counters" ("workspace_id") SELECT w."id" FROM "workspaces" w ON CONFLICT DO NOTHING;

-- Idempotency keys are kept per user and workspace (prisma/schema.prisma, IdempotencyKey).
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_pkey",
ADD CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("workspace_id", "user_id", "key");

-- The jobs waiting now: their owner (20261128191059_job_lanes_and_fairness) becomes the workspace.
UPDATE "jobs" j SET "owner_id" = m."workspace_id" FROM "memberships" m WHERE m."user_id" = j."owner_id";

-- DropIndex
DROP INDEX "commits_user_id_committed_at_idx";

-- DropIndex
DROP INDEX "deleted_items_user_id_deleted_at_idx";

-- DropIndex
DROP INDEX "dismissed_commits_user_id_idx";

-- DropIndex
DROP INDEX "imports_user_id_idx";

-- DropIndex
DROP INDEX "incoming_hooks_user_id_id_idx";

-- DropIndex
DROP INDEX "projects_user_id_id_idx";

-- DropIndex
DROP INDEX "projects_user_id_identifier_key";

-- DropIndex
DROP INDEX "projects_user_id_updated_at_idx";

-- DropIndex
DROP INDEX "pull_request_suggestions_user_id_merged_at_idx";

-- DropIndex
DROP INDEX "recap_schedules_user_id_id_idx";

-- DropIndex
DROP INDEX "recap_shares_user_id_idx";

-- DropIndex
DROP INDEX "recaps_user_id_filters_key_idx";

-- DropIndex
DROP INDEX "recaps_user_id_id_idx";

-- DropIndex
DROP INDEX "repositories_user_id_id_idx";

-- DropIndex
DROP INDEX "repositories_user_id_name_key";

-- DropIndex
DROP INDEX "repositories_user_id_project_id_id_idx";

-- DropIndex
DROP INDEX "repositories_user_id_updated_at_idx";

-- DropIndex
DROP INDEX "webhook_endpoints_user_id_enabled_idx";

-- DropIndex
DROP INDEX "webhook_events_user_id_created_at_idx";

-- DropIndex
DROP INDEX "worklog_entries_running_user_id_key";

-- DropIndex
DROP INDEX "worklog_entries_user_id_project_id_recorded_at_id_idx";

-- DropIndex
DROP INDEX "worklog_entries_user_id_recorded_at_id_project_id_duration__idx";

-- DropIndex
DROP INDEX "worklog_entries_user_id_source_recorded_at_id_idx";

-- DropIndex
DROP INDEX "worklog_entries_user_id_updated_at_idx";

-- CreateIndex
CREATE INDEX "api_keys_workspace_id_idx" ON "api_keys"("workspace_id");

-- CreateIndex
CREATE INDEX "commits_workspace_id_committed_at_idx" ON "commits"("workspace_id", "committed_at");

-- CreateIndex
CREATE INDEX "deleted_items_workspace_id_deleted_at_idx" ON "deleted_items"("workspace_id", "deleted_at");

-- CreateIndex
CREATE INDEX "dismissed_commits_workspace_id_idx" ON "dismissed_commits"("workspace_id");

-- CreateIndex
CREATE INDEX "imports_workspace_id_idx" ON "imports"("workspace_id");

-- CreateIndex
CREATE INDEX "incoming_hooks_workspace_id_id_idx" ON "incoming_hooks"("workspace_id", "id" DESC);

-- CreateIndex
CREATE INDEX "oauth_tokens_workspace_id_idx" ON "oauth_tokens"("workspace_id");

-- CreateIndex
CREATE INDEX "projects_workspace_id_id_idx" ON "projects"("workspace_id", "id" DESC);

-- CreateIndex
CREATE INDEX "projects_workspace_id_updated_at_idx" ON "projects"("workspace_id", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "projects_workspace_id_identifier_key" ON "projects"("workspace_id", "identifier");

-- CreateIndex
CREATE INDEX "pull_request_suggestions_workspace_id_merged_at_idx" ON "pull_request_suggestions"("workspace_id", "merged_at");

-- CreateIndex
CREATE INDEX "recap_schedules_workspace_id_id_idx" ON "recap_schedules"("workspace_id", "id" DESC);

-- CreateIndex
CREATE INDEX "recap_shares_workspace_id_idx" ON "recap_shares"("workspace_id");

-- CreateIndex
CREATE INDEX "recaps_workspace_id_id_idx" ON "recaps"("workspace_id", "id" DESC);

-- CreateIndex
CREATE INDEX "recaps_workspace_id_filters_key_idx" ON "recaps"("workspace_id", "filters_key");

-- CreateIndex
CREATE INDEX "repositories_workspace_id_id_idx" ON "repositories"("workspace_id", "id" DESC);

-- CreateIndex
CREATE INDEX "repositories_workspace_id_project_id_id_idx" ON "repositories"("workspace_id", "project_id", "id" DESC);

-- CreateIndex
CREATE INDEX "repositories_workspace_id_updated_at_idx" ON "repositories"("workspace_id", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "repositories_workspace_id_name_key" ON "repositories"("workspace_id", "name");

-- CreateIndex
CREATE INDEX "webhook_endpoints_workspace_id_enabled_idx" ON "webhook_endpoints"("workspace_id", "enabled");

-- CreateIndex
CREATE INDEX "webhook_events_workspace_id_created_at_idx" ON "webhook_events"("workspace_id", "created_at");

-- CreateIndex
CREATE INDEX "worklog_entries_workspace_id_recorded_at_id_project_id_dura_idx" ON "worklog_entries"("workspace_id", "recorded_at" DESC, "id" DESC, "project_id", "duration_seconds", "commit_count", "source", "running_user_id");

-- CreateIndex
CREATE INDEX "worklog_entries_workspace_id_project_id_recorded_at_id_idx" ON "worklog_entries"("workspace_id", "project_id", "recorded_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "worklog_entries_workspace_id_user_id_recorded_at_id_idx" ON "worklog_entries"("workspace_id", "user_id", "recorded_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "worklog_entries_workspace_id_updated_at_idx" ON "worklog_entries"("workspace_id", "updated_at");

-- CreateIndex
CREATE INDEX "worklog_entries_workspace_id_source_recorded_at_id_idx" ON "worklog_entries"("workspace_id", "source", "recorded_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "worklog_entries_running_user_id_workspace_id_key" ON "worklog_entries"("running_user_id", "workspace_id");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repositories" ADD CONSTRAINT "repositories_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "commits" ADD CONSTRAINT "commits_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "worklog_entries" ADD CONSTRAINT "worklog_entries_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recaps" ADD CONSTRAINT "recaps_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recap_shares" ADD CONSTRAINT "recap_shares_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_device_grants" ADD CONSTRAINT "oauth_device_grants_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_counters" ADD CONSTRAINT "account_counters_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deleted_items" ADD CONSTRAINT "deleted_items_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "imports" ADD CONSTRAINT "imports_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "incoming_hooks" ADD CONSTRAINT "incoming_hooks_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pull_request_suggestions" ADD CONSTRAINT "pull_request_suggestions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dismissed_commits" ADD CONSTRAINT "dismissed_commits_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recap_schedules" ADD CONSTRAINT "recap_schedules_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every user has a personal workspace from their creation, however the user is made (sign-up,
-- GitHub's first sign-in through next-auth's adapter, the admin CLI), and every workspace its
-- counters row from its creation.
DROP TRIGGER "users_counters" ON "users";
DROP FUNCTION worklog_account_created();
CREATE FUNCTION worklog_user_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM worklog_create_personal_workspace(NEW.id, NEW.name, NEW.email);
  RETURN NULL;
END $$;
CREATE TRIGGER users_personal_workspace AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION worklog_user_created();

CREATE FUNCTION worklog_workspace_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_counters (workspace_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER workspaces_counters AFTER INSERT ON workspaces FOR EACH ROW EXECUTE FUNCTION worklog_workspace_created();

-- A deleted user takes the workspaces they own with them, and those workspaces their data.
CREATE FUNCTION worklog_user_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM workspaces w USING memberships m WHERE m.workspace_id = w.id AND m.user_id = OLD.id AND m.role = 'owner';
  RETURN OLD;
END $$;
CREATE TRIGGER users_owned_workspaces BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION worklog_user_deleted();

-- A workspace's settings (entries_visible_to) and its members' are part of what its reads answer
-- (a member's time zone bounds `from`/`to`).
CREATE FUNCTION worklog_workspace_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counters SET change_seq = change_seq + 1 WHERE workspace_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER workspaces_changed AFTER UPDATE ON workspaces FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION worklog_workspace_changed();

CREATE OR REPLACE FUNCTION worklog_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counters c SET change_seq = c.change_seq + 1 FROM memberships m WHERE m.user_id = NEW.id AND c.workspace_id = m.workspace_id;
  RETURN NULL;
END $$;

-- The counters, the sequence and the tombstones (20261123085144_order_of_the_work), by workspace;
-- a deleted row leaves its tombstone unless its workspace is being deleted with it.
CREATE OR REPLACE FUNCTION worklog_count_writes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  step int := CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END;
BEGIN
  UPDATE account_counters c SET change_seq = c.change_seq + 1,
      entry_count = c.entry_count + CASE kind WHEN 'entry' THEN step * d.n ELSE 0 END,
      project_count = c.project_count + CASE kind WHEN 'project' THEN step * d.n ELSE 0 END,
      repository_count = c.repository_count + CASE kind WHEN 'repository' THEN step * d.n ELSE 0 END,
      recap_count = c.recap_count + CASE kind WHEN 'recap' THEN step * d.n ELSE 0 END
    FROM (SELECT workspace_id, count(*)::int AS n FROM changed_rows GROUP BY workspace_id) d WHERE c.workspace_id = d.workspace_id;
  -- Each branch names its table's columns, so it is planned only for that table's trigger.
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'worklog_entries' THEN
    INSERT INTO deleted_items (id, workspace_id, user_id, kind, sort_at)
      SELECT o.id, o.workspace_id, o.user_id, kind, o.recorded_at FROM changed_rows o WHERE EXISTS (SELECT FROM workspaces w WHERE w.id = o.workspace_id)
      ON CONFLICT (id) DO NOTHING;
  ELSIF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'commits' THEN
    INSERT INTO deleted_items (id, workspace_id, user_id, kind, sort_at)
      SELECT o.id, o.workspace_id, o.user_id, kind, o.committed_at FROM changed_rows o WHERE EXISTS (SELECT FROM workspaces w WHERE w.id = o.workspace_id)
      ON CONFLICT (id) DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO deleted_items (id, workspace_id, user_id, kind, sort_at)
      SELECT o.id, o.workspace_id, o.user_id, kind, NULL FROM changed_rows o WHERE EXISTS (SELECT FROM workspaces w WHERE w.id = o.workspace_id)
      ON CONFLICT (id) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION worklog_suggestions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counters c SET change_seq = c.change_seq + 1
    FROM (SELECT DISTINCT workspace_id FROM changed_rows) d WHERE c.workspace_id = d.workspace_id;
  RETURN NULL;
END $$;

-- The outbox (20261126040000_webhooks, 20261128191059_job_lanes_and_fairness) by workspace:
-- `changes` are [{workspace_id, user_id, type, resource_id, data}], the events go to the
-- workspace's endpoints, and their deliveries' owner is the workspace.
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
    ) AND EXISTS (SELECT 1 FROM workspaces s WHERE s.id = change.workspace_id)
    ORDER BY change.ord
    RETURNING id, workspace_id, type, created_at
  )
  INSERT INTO jobs (id, kind, payload, run_at, max_attempts, lane, owner_id, endpoint)
  SELECT gen_random_uuid(), 'webhook.delivery', jsonb_build_object('event_id', event.id, 'endpoint_id', w.id), greatest(event.created_at, c.paused_until), 8, 'deliveries', event.workspace_id, w.id::text
  FROM event
  JOIN webhook_endpoints w ON w.workspace_id = event.workspace_id AND w.enabled AND w.events && ARRAY[event.type, split_part(event.type, '.', 1) || '.*']
  LEFT JOIN job_endpoints c ON c.endpoint = w.id::text;
END $$;

CREATE OR REPLACE FUNCTION webhook_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('workspace_id', n.workspace_id, 'user_id', n.user_id, 'type', k.type, 'resource_id', n.id, 'data', webhook_entry_data(to_jsonb(n))) ORDER BY n.id, k.seq), '[]'::jsonb))
    FROM new_rows n
    CROSS JOIN LATERAL (VALUES (1, 'entry.created'), (2, CASE WHEN n.running_user_id IS NOT NULL THEN 'timer.started' END)) AS k(seq, type)
    WHERE k.type IS NOT NULL AND n.workspace_id IN (SELECT workspace_id FROM webhook_endpoints WHERE enabled);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('workspace_id', n.workspace_id, 'user_id', n.user_id, 'type', k.type, 'resource_id', n.id, 'data', webhook_entry_data(to_jsonb(n))) ORDER BY n.id, k.seq), '[]'::jsonb))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES
      (1, CASE WHEN o.running_user_id IS NULL AND n.running_user_id IS NOT NULL THEN 'timer.started' END),
      (2, 'entry.updated'),
      (3, CASE WHEN o.running_user_id IS NOT NULL AND n.running_user_id IS NULL THEN 'timer.stopped' END)
    ) AS k(seq, type)
    WHERE k.type IS NOT NULL AND to_jsonb(n) IS DISTINCT FROM to_jsonb(o) AND n.workspace_id IN (SELECT workspace_id FROM webhook_endpoints WHERE enabled);
  ELSE
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('workspace_id', o.workspace_id, 'user_id', o.user_id, 'type', 'entry.deleted', 'resource_id', o.id, 'data', webhook_entry_data(to_jsonb(o))) ORDER BY o.id), '[]'::jsonb))
    FROM old_rows o
    WHERE o.workspace_id IN (SELECT workspace_id FROM webhook_endpoints WHERE enabled);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION webhook_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('workspace_id', n.workspace_id, 'user_id', n.user_id, 'type', TG_ARGV[0] || '.created', 'resource_id', n.id, 'data', to_jsonb(n)) ORDER BY n.id), '[]'::jsonb))
    FROM new_rows n WHERE n.workspace_id IN (SELECT workspace_id FROM webhook_endpoints WHERE enabled);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('workspace_id', n.workspace_id, 'user_id', n.user_id, 'type', TG_ARGV[0] || '.updated', 'resource_id', n.id, 'data', to_jsonb(n)) ORDER BY n.id), '[]'::jsonb))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE to_jsonb(n) IS DISTINCT FROM to_jsonb(o) AND n.workspace_id IN (SELECT workspace_id FROM webhook_endpoints WHERE enabled);
  ELSE
    PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('workspace_id', o.workspace_id, 'user_id', o.user_id, 'type', TG_ARGV[0] || '.deleted', 'resource_id', o.id, 'data', to_jsonb(o)) ORDER BY o.id), '[]'::jsonb))
    FROM old_rows o WHERE o.workspace_id IN (SELECT workspace_id FROM webhook_endpoints WHERE enabled);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION webhook_recaps_completed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) THEN RETURN NULL; END IF;
  PERFORM webhook_emit(coalesce(jsonb_agg(jsonb_build_object('workspace_id', n.workspace_id, 'user_id', n.user_id, 'type', 'recap.completed', 'resource_id', n.id, 'data', to_jsonb(n)) ORDER BY n.id), '[]'::jsonb))
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status = 'completed' AND o.status IS DISTINCT FROM 'completed' AND n.workspace_id IN (SELECT workspace_id FROM webhook_endpoints WHERE enabled);
  RETURN NULL;
END $$;
