// Entries written straight to PostgreSQL with generate_series, one statement: 1 000 000 take
// about a minute, where the API would take hours. The statement-level triggers of the counters see
// it as one write. Ids are UUIDv7 made from each entry's recorded_at, like the app's (lib/db/ids.ts),
// so that id order is the order of the work, in this commit and in those that listed by id.
import type pg from "pg";

/** Whose entries they are, and in which workspace. */
type Authorship =
  /** One user's, in their personal workspace (the one they own, made with them by the users trigger). */
  | { userId: string }
  /** A workspace's, their authors (members of it) taken in turn. */
  | { workspaceId: string; authorIds: string[] };

export type EntrySeed = Authorship & {
  count: number;
  /** Projects, taken in turn (null: no project). */
  projectIds: (string | null)[];
  /** Tag sets, taken in turn. */
  tagSets: string[][];
  /** Sources, taken in turn (api when left out). */
  sources?: string[];
  /** The newest entry's recorded_at; the others go back `spacingSeconds` apart. */
  newest?: Date;
  spacingSeconds?: number;
  content?: string;
};

export async function insertEntries(client: pg.Client, seed: EntrySeed): Promise<void> {
  const {
    count,
    projectIds,
    tagSets,
    sources = ["api"],
    newest = new Date(),
    spacingSeconds = 60,
    content = "Wrote the **benchmark** for the entries list",
  } = seed;
  const [workspaceId, authorIds] = "userId" in seed ? [null, [seed.userId]] : [seed.workspaceId, seed.authorIds];
  await client.query(
    `INSERT INTO worklog_entries (id, workspace_id, user_id, project_id, content, recorded_at, duration_seconds, tags, source, updated_at)
    SELECT (lpad(to_hex((extract(epoch FROM t.at) * 1000)::bigint), 12, '0') || '7' || substr(t.h, 1, 3) || '8' || substr(t.h, 4, 15))::uuid,
      coalesce($8::uuid, (SELECT workspace_id FROM memberships WHERE user_id = ($1::uuid[])[1] AND role = 'owner')),
      ($1::uuid[])[1 + n % cardinality($1::uuid[])], ($3::uuid[])[1 + n % cardinality($3::uuid[])], $4 || ' #' || n, t.at, 1800,
      string_to_array(($5::text[])[1 + n % cardinality($5::text[])], ','), ($9::text[])[1 + n % cardinality($9::text[])]::"EntrySource", t.at
    FROM generate_series(1, $2::int) AS n,
      LATERAL (SELECT date_trunc('milliseconds', $6::timestamptz - ($2::int - n) * $7::int * interval '1 second') AS at, md5(n::text || random()::text) AS h) t`,
    [authorIds, count, projectIds, content, tagSets.map((tags) => tags.join(",")), newest, spacingSeconds, workspaceId, sources],
  );
}
