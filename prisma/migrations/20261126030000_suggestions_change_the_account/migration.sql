-- Suggested entries are part of what the account's reads answer (GET /api/v1/worklog/suggestions,
-- docs/api.md "Suggested entries"): a commit dismissed or put back, and a pull request suggestion
-- recorded, dismissed, put back or deleted, move the account's change sequence on, so that the
-- ETag of that read changes (docs/api.md, "Conditional reads"). Neither table is counted, and
-- their rows leave no tombstone.
CREATE FUNCTION worklog_suggestions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counters c SET change_seq = c.change_seq + 1
    FROM (SELECT DISTINCT user_id FROM changed_rows) d WHERE c.user_id = d.user_id;
  RETURN NULL;
END $$;

CREATE TRIGGER dismissed_commits_inserted AFTER INSERT ON dismissed_commits REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER dismissed_commits_deleted AFTER DELETE ON dismissed_commits REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();

CREATE TRIGGER pull_request_suggestions_inserted AFTER INSERT ON pull_request_suggestions REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER pull_request_suggestions_updated AFTER UPDATE ON pull_request_suggestions REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
CREATE TRIGGER pull_request_suggestions_deleted AFTER DELETE ON pull_request_suggestions REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION worklog_suggestions_changed();
