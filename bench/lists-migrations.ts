// The migrations of issue 51 (the tags' rows, the day totals, the filters' indexes) on a large database while it is written to, part of `npm run
// bench:lists`: on the workspace of 1 000 000 entries, each migration is undone (its objects
// dropped and its row of _prisma_migrations deleted), then applied again the way the server
// applies them when it starts (lib/db/migrate.ts) while a writer changes the tags of old entries
// and adds new ones, one statement at a time. Prints how long the migrations took and the writes'
// latency meanwhile (p50, p99, the longest) against the same writer's before, and checks that the
// rows the migrations and the triggers built match the entries. Target: no write waits more than a second.
import pg from "pg";

/** Each migration of the issue, newest first, with the SQL that undoes it. */
const UNDO: [name: string, sql: string][] = [
  [
    "20261201001000_drop_source_filter_index",
    `CREATE INDEX "worklog_entries_workspace_id_source_recorded_at_id_idx" ON worklog_entries (workspace_id, source, recorded_at DESC, id DESC)`,
  ],
  [
    "20261201000900_drop_author_filter_index",
    `CREATE INDEX "worklog_entries_workspace_id_user_id_recorded_at_id_idx" ON worklog_entries (workspace_id, user_id, recorded_at DESC, id DESC)`,
  ],
  [
    "20261201000800_drop_project_filter_index",
    `CREATE INDEX "worklog_entries_workspace_id_project_id_recorded_at_id_idx" ON worklog_entries (workspace_id, project_id, recorded_at DESC, id DESC)`,
  ],
  ["20261201000700_source_filter_index", `DROP INDEX "worklog_entries_workspace_id_source_recorded_at_id_project__idx"`],
  ["20261201000600_author_filter_index", `DROP INDEX "worklog_entries_workspace_id_user_id_recorded_at_id_project_idx"`],
  ["20261201000500_project_filter_index", `DROP INDEX "worklog_entries_workspace_id_project_id_recorded_at_id_user_idx"`],
  ["20261201000400_running_entries_index", "DROP INDEX worklog_entries_running_idx"],
  ["20261201000300_entry_day_totals_backfill", "TRUNCATE entry_day_totals"],
  ["20261201000200_entry_tags_backfill", "TRUNCATE entry_tags"],
  [
    "20261201000100_entry_tags",
    "DROP TABLE entry_tags; DROP FUNCTION worklog_entry_tags_inserted() CASCADE; DROP FUNCTION worklog_entry_tags_updated() CASCADE; DROP FUNCTION worklog_entry_tags_deleted() CASCADE",
  ],
  ["20261130000300_entry_day_totals", "DROP TABLE entry_day_totals; DROP FUNCTION worklog_entry_day_totals() CASCADE"],
];
const WRITE_BEFORE_MS = 5_000;
const TARGET_MS = 1_000;

type Workspace = { workspaceId: string; ownerId: string };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A writer on a connection of its own: each turn changes an old entry's tags or adds an entry, timing each statement, until stopped. */
function startWriter(databaseUrl: string, workspace: Workspace, oldIds: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const taken: number[] = [];
  let stopping = false;
  const running = (async () => {
    await client.connect();
    for (let turn = 0; !stopping; turn++) {
      const started = performance.now();
      if (turn % 2 === 0) {
        await client.query("UPDATE worklog_entries SET tags = $2::text[], updated_at = now() WHERE id = $1::uuid", [
          oldIds[turn % oldIds.length],
          turn % 4 === 0 ? ["docs", "migrated"] : ["ops"],
        ]);
      } else {
        await client.query(
          `INSERT INTO worklog_entries (id, workspace_id, user_id, content, recorded_at, tags, updated_at)
          VALUES (gen_random_uuid(), $1::uuid, $2::uuid, 'Written during the migration', now(), ARRAY['docs'], now())`,
          [workspace.workspaceId, workspace.ownerId],
        );
      }
      taken.push(performance.now() - started);
    }
    await client.end();
  })();
  return {
    async stop() {
      stopping = true;
      await running;
      const sorted = [...taken].sort((a, b) => a - b);
      return { writes: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), longest: sorted.at(-1)! };
    },
  };
}

export async function benchMigrationsUnderWrites(databaseUrl: string, client: pg.Client, workspace: Workspace): Promise<void> {
  const { applyPendingMigrations } = await import("../lib/db/migrate");
  const { getConnection } = await import("../lib/db/connection");
  const { rows } = await client.query<{ id: string }>("SELECT id FROM worklog_entries TABLESAMPLE SYSTEM (1) WHERE workspace_id = $1::uuid LIMIT 2000", [
    workspace.workspaceId,
  ]);
  const oldIds = rows.map((row) => row.id);
  for (const [name, undo] of UNDO) {
    await client.query(undo);
    await client.query("DELETE FROM _prisma_migrations WHERE migration_name = $1", [name]);
  }
  const quiet = startWriter(databaseUrl, workspace, oldIds);
  await new Promise((resolve) => setTimeout(resolve, WRITE_BEFORE_MS));
  const before = await quiet.stop();

  const writer = startWriter(databaseUrl, workspace, oldIds);
  const started = performance.now();
  const applied = await applyPendingMigrations(getConnection());
  const seconds = (performance.now() - started) / 1000;
  const during = await writer.stop();

  // The rows the migrations and the writer's triggers built, against the entries' tags now: none missing, none extra.
  const columns = "workspace_id, recorded_at, project_id, user_id, source";
  const derivedRows = `SELECT DISTINCT e.id, t.tag, ${columns} FROM worklog_entries e, unnest(e.tags) AS t(tag)`;
  const check = await client.query<{ kept: number; different: number }>(
    `SELECT (SELECT count(*) FROM entry_tags)::int AS kept, (SELECT count(*) FROM (
      (SELECT entry_id, tag, ${columns} FROM entry_tags EXCEPT ${derivedRows}) UNION ALL (${derivedRows} EXCEPT SELECT entry_id, tag, ${columns} FROM entry_tags)) d)::int AS different`,
  );
  const { kept, different } = check.rows[0]!;
  // The day totals, against a count of the entries now.
  const counted = `SELECT e.workspace_id, k.dimension, (e.recorded_at AT TIME ZONE 'UTC')::date AS day, k.key, count(*)::int AS entries,
      sum(coalesce(e.duration_seconds, 0))::bigint AS tracked_seconds, sum(e.commit_count)::int AS commits
    FROM worklog_entries e, LATERAL (SELECT 'project', coalesce(e.project_id::text, '') UNION ALL SELECT 'author', e.user_id::text UNION ALL SELECT 'source', e.source::text
      UNION ALL SELECT 'tag', t.tag FROM unnest(CASE WHEN cardinality(e.tags) = 0 THEN ARRAY['']::text[] ELSE e.tags END) AS t(tag)) AS k(dimension, key)
    WHERE e.running_user_id IS NULL GROUP BY 1, 2, 3, 4`;
  const totalsColumns = "workspace_id, dimension, day, key, entries, tracked_seconds, commits";
  const totals = await client.query<{ kept: number; different: number }>(
    `SELECT (SELECT count(*) FROM entry_day_totals)::int AS kept, (SELECT count(*) FROM (
      (SELECT ${totalsColumns} FROM entry_day_totals EXCEPT ${counted}) UNION ALL (${counted} EXCEPT SELECT ${totalsColumns} FROM entry_day_totals)) d)::int AS different`,
  );
  const line = (label: string, taken: typeof before) =>
    `  ${label.padEnd(24)} ${String(taken.writes).padStart(6)} writes  p50 ${taken.p50.toFixed(1)} ms  p99 ${taken.p99.toFixed(1)} ms  longest ${taken.longest.toFixed(1)} ms`;
  console.log(
    `\nmigrations of issue 51 applied again under writes: ${applied.join(", ")} in ${seconds.toFixed(1)} s\n` +
      `${line(`writes for ${WRITE_BEFORE_MS / 1000} s before`, before)}\n${line("writes meanwhile", during)}\n` +
      `  longest write meanwhile ≤ ${TARGET_MS} ms: ${during.longest <= TARGET_MS ? "met" : "MISSED"}; entry_tags ${kept} rows, ${different} of them or of the entries' tags without their match: ${different === 0 ? "equal" : "DIFFERENT"}; ` +
      `entry_day_totals ${totals.rows[0]!.kept} rows, ${totals.rows[0]!.different} of them or of a fresh count without their match: ${totals.rows[0]!.different === 0 ? "equal" : "DIFFERENT"}`,
  );
}
