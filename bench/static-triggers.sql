-- A variant of the entries' counting triggers for the benchmark (BENCH_STATIC_TRIGGERS=1 npm run
-- bench, or by hand: psql <bench database> -f bench/static-triggers.sql): the same work as
-- worklog_count_writes('entry_count', 'entry', 'recorded_at') of migration
-- 20261123085144_order_of_the_work, in static SQL, one function per operation, which plpgsql
-- prepares once per connection instead of building, parsing and planning the statement at
-- every write (EXECUTE format(...)). Not part of the app: the migration's triggers are the app's.
BEGIN;

CREATE OR REPLACE FUNCTION bench_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counters c SET change_seq = c.change_seq + 1, entry_count = c.entry_count + d.n
    FROM (SELECT user_id, count(*) AS n FROM new_rows GROUP BY user_id) d WHERE c.user_id = d.user_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bench_entries_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counters c SET change_seq = c.change_seq + 1
    FROM (SELECT DISTINCT user_id FROM new_rows) d WHERE c.user_id = d.user_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bench_entries_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_counters c SET change_seq = c.change_seq + 1, entry_count = c.entry_count - d.n
    FROM (SELECT user_id, count(*) AS n FROM old_rows GROUP BY user_id) d WHERE c.user_id = d.user_id;
  INSERT INTO deleted_items (id, user_id, kind, sort_at)
    SELECT o.id, o.user_id, 'entry', o.recorded_at FROM old_rows o WHERE EXISTS (SELECT FROM users u WHERE u.id = o.user_id)
    ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END $$;

DROP TRIGGER worklog_entries_inserted ON worklog_entries;
DROP TRIGGER worklog_entries_updated ON worklog_entries;
DROP TRIGGER worklog_entries_deleted ON worklog_entries;
CREATE TRIGGER worklog_entries_inserted AFTER INSERT ON worklog_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bench_entries_inserted();
CREATE TRIGGER worklog_entries_updated AFTER UPDATE ON worklog_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bench_entries_updated();
CREATE TRIGGER worklog_entries_deleted AFTER DELETE ON worklog_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bench_entries_deleted();

COMMIT;
