-- Calendars (docs/api.md, "Calendar feed" and "Calendar subscriptions"): the feed tokens (hashed), the subscribed calendars and their past events.
-- CreateTable
CREATE TABLE "calendar_feeds" (
    "user_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "hashed_token" TEXT NOT NULL,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("workspace_id","user_id")
);

-- CreateTable
CREATE TABLE "calendar_subscriptions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "last_fetched_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "next_fetch_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendar_events" (
    "id" UUID NOT NULL,
    "subscription_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "uid" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "entry_id" UUID,
    "dismissed_at" TIMESTAMPTZ(3),

    CONSTRAINT "calendar_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "calendar_feeds_hashed_token_key" ON "calendar_feeds"("hashed_token");

-- CreateIndex
CREATE INDEX "calendar_subscriptions_workspace_id_user_id_idx" ON "calendar_subscriptions"("workspace_id", "user_id");

-- CreateIndex
CREATE INDEX "calendar_subscriptions_next_fetch_at_idx" ON "calendar_subscriptions"("next_fetch_at");

-- CreateIndex
CREATE INDEX "calendar_events_workspace_id_user_id_starts_at_idx" ON "calendar_events"("workspace_id", "user_id", "starts_at");

-- CreateIndex
CREATE UNIQUE INDEX "calendar_events_subscription_id_uid_starts_at_key" ON "calendar_events"("subscription_id", "uid", "starts_at");

-- AddForeignKey
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_subscriptions" ADD CONSTRAINT "calendar_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_subscriptions" ADD CONSTRAINT "calendar_subscriptions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "calendar_subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The feed's state, the subscriptions and their events are part of what the account's reads
-- answer (GET /api/v1/worklog/calendar_feed, /api/v1/calendar_subscriptions, the suggested
-- entries): each change moves the workspace's change sequence on, so that their ETags change
-- (docs/api.md, "Conditional reads").
CREATE TRIGGER calendar_feeds_inserted AFTER INSERT ON calendar_feeds REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER calendar_feeds_updated AFTER UPDATE ON calendar_feeds REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER calendar_feeds_deleted AFTER DELETE ON calendar_feeds REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER calendar_subscriptions_inserted AFTER INSERT ON calendar_subscriptions REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER calendar_subscriptions_updated AFTER UPDATE ON calendar_subscriptions REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER calendar_subscriptions_deleted AFTER DELETE ON calendar_subscriptions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER calendar_events_inserted AFTER INSERT ON calendar_events REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER calendar_events_updated AFTER UPDATE ON calendar_events REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER calendar_events_deleted AFTER DELETE ON calendar_events REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
