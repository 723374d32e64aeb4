-- A workspace's work outlives the account of whoever made it (docs/api.md, "Workspaces"): a deleted
-- user's entries, projects, repositories and commits stay in the workspaces others own, under the
-- same user_id (an entry's author, whose name then reads null), and so do the workspace's tombstones
-- and webhook events. The workspaces the user owned still go with them (20261129011548_workspaces).

-- DropForeignKey
ALTER TABLE "commits" DROP CONSTRAINT "commits_user_id_fkey";

-- DropForeignKey
ALTER TABLE "deleted_items" DROP CONSTRAINT "deleted_items_user_id_fkey";

-- DropForeignKey
ALTER TABLE "projects" DROP CONSTRAINT "projects_user_id_fkey";

-- DropForeignKey
ALTER TABLE "repositories" DROP CONSTRAINT "repositories_user_id_fkey";

-- DropForeignKey
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_user_id_fkey";

-- DropForeignKey
ALTER TABLE "worklog_entries" DROP CONSTRAINT "worklog_entries_user_id_fkey";
