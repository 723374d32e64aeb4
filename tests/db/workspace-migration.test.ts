import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsDir, readMigrations } from "@/lib/db/migrate";
import { openPGlite } from "@/lib/db/pglite-options";
import { createFreshDatabase, testBackend, type FreshDatabase } from "../support/databases";

// The migration 20261129011548_workspaces moves a populated database into personal workspaces: a
// database of its own is built up to the migration before it, filled through that schema with SQL,
// then migrated.

const migration = "20261129011548_workspaces";

type Database = {
  exec: (sql: string) => Promise<void>;
  rows: <T>(sql: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
};

async function openDatabase(): Promise<Database> {
  if (testBackend() === "pglite") {
    const pglite = openPGlite();
    return {
      exec: async (sql) => void (await pglite.exec(sql)),
      rows: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
      close: () => pglite.close(),
    };
  }
  const fresh: FreshDatabase = await createFreshDatabase("postgres");
  const client = new pg.Client({ connectionString: fresh.env.DATABASE_URL });
  await client.connect();
  return {
    exec: async (sql) => void (await client.query(sql)),
    rows: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
    close: async () => {
      await client.end();
      await fresh.drop();
    },
  };
}

const migrationSql = async (name: string) => readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");

let database: Database;
const ids = {
  ann: "01900000-0000-7000-8000-00000000a001",
  bob: "01900000-0000-7000-8000-00000000b001",
  annProject: "01900000-0000-7000-8000-00000000a101",
  bobProject: "01900000-0000-7000-8000-00000000b101",
  annRepository: "01900000-0000-7000-8000-00000000a201",
  bobRepository: "01900000-0000-7000-8000-00000000b201",
  annCommit: "01900000-0000-7000-8000-00000000a301",
  annRecap: "01900000-0000-7000-8000-00000000a401",
  annShare: "01900000-0000-7000-8000-00000000a501",
  annHook: "01900000-0000-7000-8000-00000000a601",
  annWebhook: "01900000-0000-7000-8000-00000000a701",
  annSchedule: "01900000-0000-7000-8000-00000000a801",
  annKey: "01900000-0000-7000-8000-00000000a901",
  bobKey: "01900000-0000-7000-8000-00000000b901",
  annToken: "01900000-0000-7000-8000-00000000aa01",
  annDeleted: "01900000-0000-7000-8000-00000000ab01",
  annImport: "01900000-0000-7000-8000-00000000ac01",
};
/** Ann's entries: ten, one a minute, the fourth with her commit; Bob's: three. */
const annEntryId = (n: number) => `01900000-0000-7000-8000-0000000ae0${n.toString().padStart(2, "0")}`;
const bobEntryId = (n: number) => `01900000-0000-7000-8000-0000000be0${n.toString().padStart(2, "0")}`;
const minute = (n: number) => new Date(Date.UTC(2026, 10, 20, 9, n)).toISOString();

async function fillThroughThePreviousSchema(): Promise<void> {
  await database.exec(`
    INSERT INTO users (id, email, name, updated_at, inserted_at) VALUES
      ('${ids.ann}', 'ann@example.com', 'Ann Lee', now(), '2026-01-01'),
      ('${ids.bob}', 'bob@example.com', NULL, now(), '2026-01-02');
    INSERT INTO projects (id, user_id, name, identifier, updated_at) VALUES
      ('${ids.annProject}', '${ids.ann}', 'Website', 'WEB', '2026-11-01'),
      ('${ids.bobProject}', '${ids.bob}', 'Website', 'WEB', '2026-11-01');
    INSERT INTO repositories (id, user_id, project_id, name, updated_at) VALUES
      ('${ids.annRepository}', '${ids.ann}', '${ids.annProject}', 'site', '2026-11-01'),
      ('${ids.bobRepository}', '${ids.bob}', NULL, 'site', '2026-11-01');
    INSERT INTO commits (id, user_id, repository_id, sha, message, committed_at, updated_at) VALUES
      ('${ids.annCommit}', '${ids.ann}', '${ids.annRepository}', '${"a".repeat(40)}', 'Fix', '2026-11-20T09:00:00Z', '2026-11-20');
    INSERT INTO recaps (id, user_id, status, content, filters, filters_key, updated_at) VALUES
      ('${ids.annRecap}', '${ids.ann}', 'completed', 'Done', '{}', 'k', '2026-11-20');
    INSERT INTO recap_shares (id, recap_id, user_id, token_hash) VALUES ('${ids.annShare}', '${ids.annRecap}', '${ids.ann}', 'share-hash');
    INSERT INTO incoming_hooks (id, user_id, provider, name, secret, updated_at) VALUES ('${ids.annHook}', '${ids.ann}', 'github', 'gh', 's', now());
    INSERT INTO webhook_endpoints (id, user_id, url, events, secret, updated_at) VALUES
      ('${ids.annWebhook}', '${ids.ann}', 'https://example.com/hook', '{entry.*}', 'whsec_x', now());
    INSERT INTO recap_schedules (id, user_id, template, period, weekdays, local_time, destination_kind, webhook_endpoint_id, updated_at) VALUES
      ('${ids.annSchedule}', '${ids.ann}', 'standup', 'yesterday', '{1,2,3,4,5}', '09:00', 'webhook', '${ids.annWebhook}', now());
    INSERT INTO deleted_items (id, user_id, kind, sort_at, deleted_at) VALUES ('${ids.annDeleted}', '${ids.ann}', 'entry', '${minute(30)}', '2026-11-19');
    INSERT INTO idempotency_keys (user_id, key, fingerprint, status, body) VALUES
      ('${ids.ann}', 'same-key', 'f', 201, '{}'), ('${ids.bob}', 'same-key', 'f', 201, '{}');
    INSERT INTO api_keys (id, user_id, name, prefix, hashed_key, scopes) VALUES
      ('${ids.annKey}', '${ids.ann}', 'cli', 'wl_aaaa', 'ann-key-hash', '{worklog:*}'),
      ('${ids.bobKey}', '${ids.bob}', 'cli', 'wl_bbbb', 'bob-key-hash', '{worklog:*}');
    INSERT INTO oauth_tokens (id, user_id, client_id, access_token_hash, refresh_token_hash, scopes, access_expires_at, updated_at)
      SELECT '${ids.annToken}', '${ids.ann}', id, 'ann-access', 'ann-refresh', '{worklog:*}', now() + interval '1 hour', now() FROM oauth_clients LIMIT 1;
    INSERT INTO imports (id, user_id, format, source, total, counts, updated_at) VALUES ('${ids.annImport}', '${ids.ann}', 'jrnl', 'api', 0, '{}', now());
  `);
  const entries = (owner: string, id: (n: number) => string, count: number) =>
    Array.from({ length: count }, (_, n) => `('${id(n)}', '${owner}', 'Entry ${n}', '${minute(n)}', '{tag${n % 2}}', '${minute(n)}')`).join(", ");
  await database.exec(`INSERT INTO worklog_entries (id, user_id, content, recorded_at, tags, updated_at) VALUES
    ${entries(ids.ann, annEntryId, 10)}, ${entries(ids.bob, bobEntryId, 3)}`);
  await database.exec(`
    INSERT INTO worklog_entry_commits (entry_id, commit_id) VALUES ('${annEntryId(3)}', '${ids.annCommit}');
    INSERT INTO dismissed_commits (commit_id, user_id) VALUES ('${ids.annCommit}', '${ids.ann}');
    INSERT INTO pull_request_suggestions (user_id, id, repository_id, number, title, merged_at) VALUES
      ('${ids.ann}', gen_random_uuid(), '${ids.annRepository}', 7, 'Merge', '2026-11-20');
    INSERT INTO jobs (id, kind, payload, run_at, max_attempts, lane, owner_id) VALUES
      (gen_random_uuid(), 'recap.generate', '{"recap_id": "${ids.annRecap}"}', now(), 3, 'recaps', '${ids.ann}');
  `);
}

type Page = { id: string; recorded_at: Date }[];

/** A page of a workspace's entries after a cursor, in the order of every list (lib/worklog/entries.ts). */
const entriesAfter = (workspaceColumn: "user_id" | "workspace_id", owner: string, after: { recordedAt: string; id: string }) =>
  database.rows<{ id: string }>(
    `SELECT id FROM worklog_entries WHERE ${workspaceColumn} = $1::uuid AND (recorded_at, id) < ($2::timestamptz, $3::uuid)
     ORDER BY recorded_at DESC, id DESC LIMIT 4`,
    [owner, after.recordedAt, after.id],
  );
const changedSince = (workspaceColumn: "user_id" | "workspace_id", owner: string, since: string) =>
  database.rows<{ id: string }>(`SELECT id FROM worklog_entries WHERE ${workspaceColumn} = $1::uuid AND updated_at > $2::timestamptz ORDER BY updated_at, id`, [
    owner,
    since,
  ]);

let before: {
  counters: { user_id: string; project_count: number; entry_count: number; change_seq: string }[];
  updatedAt: { id: string; updated_at: Date }[];
  firstPage: Page;
  changedAfterMinute5: string[];
};
let workspaceOf: Record<string, string>;

beforeAll(async () => {
  database = await openDatabase();
  const { migrationDirectories } = await readMigrations();
  const names = migrationDirectories.map((directory) => directory.path);
  expect(names).toContain(migration);
  for (const name of names.slice(0, names.indexOf(migration))) await database.exec(await migrationSql(name));
  await fillThroughThePreviousSchema();
  before = {
    counters: await database.rows(`SELECT user_id, project_count, entry_count, change_seq::text FROM account_counters ORDER BY user_id`),
    updatedAt: await database.rows(`SELECT id, updated_at FROM worklog_entries UNION ALL SELECT id, updated_at FROM projects ORDER BY id`),
    firstPage: await database.rows(`SELECT id, recorded_at FROM worklog_entries WHERE user_id = $1::uuid ORDER BY recorded_at DESC, id DESC LIMIT 4`, [
      ids.ann,
    ]),
    changedAfterMinute5: (await changedSince("user_id", ids.ann, minute(5))).map((row) => row.id),
  };
  await database.exec(await migrationSql(migration));
  const memberships = await database.rows<{ user_id: string; workspace_id: string }>(`SELECT user_id, workspace_id FROM memberships`);
  workspaceOf = Object.fromEntries(memberships.map((row) => [row.user_id, row.workspace_id]));
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("the workspaces migration", () => {
  it("gives each user a personal workspace that they own, named after them", async () => {
    const workspaces = await database.rows<{ slug: string; name: string; entries_visible_to: string; user_id: string; role: string }>(
      `SELECT w.slug, w.name, w.entries_visible_to, m.user_id, m.role FROM workspaces w JOIN memberships m ON m.workspace_id = w.id ORDER BY w.slug`,
    );
    expect(workspaces).toEqual([
      { slug: "ann-lee", name: "Ann Lee's workspace", entries_visible_to: "members", user_id: ids.ann, role: "owner" },
      { slug: "bob", name: "bob@example.com's workspace", entries_visible_to: "members", user_id: ids.bob, role: "owner" },
    ]);
  });

  it("moves every row of every owned table into its user's workspace, and no row into another's", async () => {
    const tables = [
      "projects",
      "repositories",
      "commits",
      "worklog_entries",
      "recaps",
      "recap_shares",
      "incoming_hooks",
      "webhook_endpoints",
      "recap_schedules",
      "deleted_items",
      "idempotency_keys",
      "api_keys",
      "oauth_tokens",
      "imports",
      "dismissed_commits",
      "pull_request_suggestions",
    ];
    for (const table of tables) {
      const rows = await database.rows<{ user_id: string; workspace_id: string }>(`SELECT user_id, workspace_id FROM ${table}`);
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) expect(row.workspace_id, table).toBe(workspaceOf[row.user_id]);
    }
    const perWorkspace = await database.rows<{ workspace_id: string; count: number }>(
      `SELECT workspace_id, count(*)::int AS count FROM worklog_entries GROUP BY workspace_id ORDER BY count`,
    );
    expect(perWorkspace).toEqual([
      { workspace_id: workspaceOf[ids.bob], count: 3 },
      { workspace_id: workspaceOf[ids.ann], count: 10 },
    ]);
    const [job] = await database.rows<{ owner_id: string }>(`SELECT owner_id FROM jobs WHERE kind = 'recap.generate'`);
    expect(job!.owner_id).toBe(workspaceOf[ids.ann]);
  });

  it("carries the counters over to the workspace, the change sequence with them, and moves no updated_at", async () => {
    const counters = await database.rows<{ workspace_id: string; project_count: number; entry_count: number; change_seq: string }>(
      `SELECT workspace_id, project_count, entry_count, change_seq::text FROM account_counters`,
    );
    expect(counters.sort((a, b) => a.workspace_id.localeCompare(b.workspace_id))).toEqual(
      before.counters
        .map(({ user_id, ...rest }) => ({ workspace_id: workspaceOf[user_id]!, ...rest }))
        .sort((a, b) => a.workspace_id.localeCompare(b.workspace_id)),
    );
    expect(await database.rows(`SELECT id, updated_at FROM worklog_entries UNION ALL SELECT id, updated_at FROM projects ORDER BY id`)).toEqual(
      before.updatedAt,
    );
  });

  it("lets a starting_after cursor and an updated_since taken before go on with no gap or repeat", async () => {
    const last = before.firstPage.at(-1)!;
    const cursor = { recordedAt: last.recorded_at.toISOString(), id: last.id };
    const rest: string[] = [];
    for (let page = await entriesAfter("workspace_id", workspaceOf[ids.ann]!, cursor); page.length > 0; ) {
      rest.push(...page.map((row) => row.id));
      const end = page.at(-1)!;
      const [row] = await database.rows<{ recorded_at: Date }>(`SELECT recorded_at FROM worklog_entries WHERE id = $1::uuid`, [end.id]);
      page = await entriesAfter("workspace_id", workspaceOf[ids.ann]!, { recordedAt: row!.recorded_at.toISOString(), id: end.id });
    }
    expect([...before.firstPage.map((row) => row.id), ...rest]).toEqual(Array.from({ length: 10 }, (_, n) => annEntryId(9 - n)));
    expect((await changedSince("workspace_id", workspaceOf[ids.ann]!, minute(5))).map((row) => row.id)).toEqual(before.changedAfterMinute5);
  });

  it("keeps the same Idempotency-Key of two users apart, and the timer one per user and workspace", async () => {
    expect(await database.rows(`SELECT workspace_id, user_id FROM idempotency_keys WHERE key = 'same-key' ORDER BY user_id`)).toEqual([
      { workspace_id: workspaceOf[ids.ann], user_id: ids.ann },
      { workspace_id: workspaceOf[ids.bob], user_id: ids.bob },
    ]);
    await database.exec(`UPDATE worklog_entries SET running_user_id = user_id WHERE id = '${annEntryId(9)}'`);
    await expect(database.exec(`UPDATE worklog_entries SET running_user_id = user_id WHERE id = '${annEntryId(8)}'`)).rejects.toThrow();
  });

  it("makes a personal workspace for a user created after it, with a free slug, and counts its writes", async () => {
    await database.exec(
      `INSERT INTO users (id, email, name, updated_at) VALUES ('01900000-0000-7000-8000-00000000c001', 'ann.lee@example.org', 'Ann  Lee!', now())`,
    );
    const [workspace] = await database.rows<{ id: string; slug: string; name: string }>(
      `SELECT w.id, w.slug, w.name FROM workspaces w JOIN memberships m ON m.workspace_id = w.id WHERE m.user_id = '01900000-0000-7000-8000-00000000c001' AND m.role = 'owner'`,
    );
    expect(workspace).toMatchObject({ slug: "ann-lee-2", name: "Ann  Lee!'s workspace" });
    await database.exec(
      `INSERT INTO projects (id, user_id, workspace_id, name, identifier, updated_at) VALUES (gen_random_uuid(), '01900000-0000-7000-8000-00000000c001', '${workspace!.id}', 'P', 'P', now())`,
    );
    expect(await database.rows(`SELECT project_count FROM account_counters WHERE workspace_id = $1::uuid`, [workspace!.id])).toEqual([{ project_count: 1 }]);
  });

  it("deletes the workspaces a deleted user owns, with their data and without tombstones", async () => {
    await database.exec(`DELETE FROM users WHERE id = '${ids.bob}'`);
    expect(await database.rows(`SELECT id FROM workspaces WHERE id = $1::uuid`, [workspaceOf[ids.bob]])).toEqual([]);
    expect(await database.rows(`SELECT id FROM deleted_items WHERE workspace_id = $1::uuid`, [workspaceOf[ids.bob]])).toEqual([]);
    expect(await database.rows(`SELECT count(*)::int AS count FROM worklog_entries WHERE workspace_id = $1::uuid`, [workspaceOf[ids.ann]])).toEqual([
      { count: 10 },
    ]);
  });
});
