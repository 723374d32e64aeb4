// A team's workspace at scale, part of `npm run bench:lists` (alone with BENCH_TEAM=only). Seeds a
// workspace of 50 members (an owner, 4 admins, the rest members) whose 200 000 entries, spread over
// its members in turn and over two years, share the entries table with the workspace of 1 000 entries
// and 3 members it is measured against (BENCH_TEAM_SIZES="1000,200000"), with generate_series, then
// VACUUM ANALYZE. Through `next start`, with the owner's key of each workspace: the first page of
// entries, the page filtered by one member's author_id, and the report of the 30 days up to today
// grouped by author; the workspaces' requests alternate, in blocks of 20 requests between two
// readings of the CPU meter (bench/wrk.ts: the server's process and its PostgreSQL backends, /proc).
// Each page gets p50/p99, the server's and PostgreSQL's CPU per request in each workspace, and the
// cores the machine's other users kept busy meanwhile (the noise, which falls on both alike).
// Target: the large workspace costs the server at most 1.3 times the small one's CPU per request,
// on every page. Then the plans of the statements the server runs for the large workspace's pages.
import type pg from "pg";
import type { PrivateServer } from "../tests/support/server";
import { insertEntries } from "./seed";
import { measureAlternating } from "./alternating";
import { cpuMeter, formatTable } from "./wrk";

const SIZES = (process.env.BENCH_TEAM_SIZES ?? "1000,200000").split(",").map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP_SAMPLES = 20;
const CPU_TARGET = 1.3;
const SPAN_SECONDS = 2 * 365 * 86_400;
const TAGS = [["backend"], ["frontend", "review"], ["docs"], ["ops", "meeting"]];

type Statement = { text: string; values: unknown[] };
type Statements = {
  of(userId: string, path: string, workspaceId: string): Promise<Statement[]>;
  ofReport(userId: string, path: string, workspaceId: string): Promise<Statement[]>;
};
type Explain = (statement: Statement, index: number) => Promise<{ text: string; summary: string }>;

type PageKind = "first" | "author" | "report";
type Team = { size: number; members: number; key: string; ownerId: string; workspaceId: string; pages: Record<PageKind, string> };

const day = (date: Date) => date.toISOString().slice(0, 10);

/** A workspace with an owner (who holds its key), `members - 1` others, three projects and `size` entries by all of them in turn. */
async function seedTeam(server: PrivateServer, client: pg.Client, size: number, members: number): Promise<Team> {
  const ownerEmail = `team${size}-owner@example.com`;
  await server.createUser({ email: ownerEmail });
  const slug = await server.createWorkspace(ownerEmail, `Team of ${size}`);
  const key = await server.createKey(ownerEmail, ["worklog:read", "project:*"], "bench", slug);
  const projectIds: (string | null)[] = [null];
  for (const name of ["Alpha", "Beta", "Gamma"])
    projectIds.push((await (await server.request("/api/v1/projects", { key, method: "POST", body: { name } })).json()).id);
  const { rows } = await client.query<{ workspace_id: string; owner_id: string }>(
    "SELECT w.id AS workspace_id, m.user_id AS owner_id FROM workspaces w JOIN memberships m ON m.workspace_id = w.id AND m.role = 'owner' WHERE w.slug = $1",
    [slug],
  );
  const { workspace_id: workspaceId, owner_id: ownerId } = rows[0]!;
  // The others straight to the database (the users trigger makes each their personal workspace), then their memberships.
  const admins = members >= 10 ? 4 : 1;
  const others = await client.query<{ id: string }>(
    `INSERT INTO users (id, email, name, updated_at)
    SELECT gen_random_uuid(), 'team' || $1::int || '-member' || n || '@example.com', 'Member ' || n, now() FROM generate_series(1, $2::int) n
    RETURNING id`,
    [size, members - 1],
  );
  const otherIds = others.rows.map((row) => row.id);
  await client.query(
    `INSERT INTO memberships (workspace_id, user_id, role)
    SELECT $1::uuid, id, CASE WHEN ord <= $3::int THEN 'admin' ELSE 'member' END::"WorkspaceRole" FROM unnest($2::uuid[]) WITH ORDINALITY AS m(id, ord)`,
    [workspaceId, otherIds, admins],
  );
  await insertEntries(client, {
    workspaceId,
    authorIds: [ownerId, ...otherIds],
    count: size,
    projectIds,
    tagSets: TAGS,
    spacingSeconds: Math.max(1, Math.round(SPAN_SECONDS / size)),
    content: "Worked as a team",
  });
  const today = new Date();
  return {
    size,
    members,
    key,
    ownerId,
    workspaceId,
    pages: {
      first: "/api/v1/worklog/entries",
      // A member's, not an admin's: 1 entry in `members`.
      author: `/api/v1/worklog/entries?author_id=${otherIds.at(-1)}`,
      report: `/api/v1/worklog/report?from=${day(new Date(today.getTime() - 29 * 86_400_000))}&to=${day(today)}&group_by=author`,
    },
  };
}

export async function benchTeam(server: PrivateServer, client: pg.Client, statements: Statements, explain: Explain): Promise<void> {
  const seeding = Date.now();
  const teams: Team[] = [];
  for (const [index, size] of SIZES.entries()) teams.push(await seedTeam(server, client, size, index === SIZES.length - 1 ? 50 : 3));
  await client.query("VACUUM ANALYZE");
  console.log(
    `\nteams: seeded ${teams.map((team) => `${team.size} entries by ${team.members} members`).join(" and ")} in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
  );
  const meter = cpuMeter(server.url, client);
  const kinds: PageKind[] = ["first", "author", "report"];
  const small = teams[0]!;
  const large = teams.at(-1)!;
  const lines: string[][] = [];
  const verdicts: string[] = [];
  for (const kind of kinds) {
    const measured = await measureAlternating(
      server,
      meter,
      teams.map((team) => ({ path: team.pages[kind], key: team.key })),
      { samples: SAMPLES, warmUp: WARM_UP_SAMPLES },
    );
    for (const [which, team] of teams.entries()) {
      const m = measured[which]!;
      lines.push([kind, `${team.size} / ${team.members}`, ...[m.p50_ms, m.p99_ms, m.server_cpu_ms, m.postgres_cpu_ms, m.others_cores].map(String)]);
    }
    const [first, last] = [measured[0]!, measured.at(-1)!];
    const ratio = (ofLarge: number, ofSmall: number) => (ofSmall > 0 ? +(ofLarge / ofSmall).toFixed(2) : "–");
    const serverRatio = ratio(last.server_cpu_ms, first.server_cpu_ms);
    const postgresRatio = ratio(last.postgres_cpu_ms, first.postgres_cpu_ms);
    const totalRatio = ratio(last.server_cpu_ms + last.postgres_cpu_ms, first.server_cpu_ms + first.postgres_cpu_ms);
    verdicts.push(
      `${kind.padEnd(6)}  server CPU/request ${large.size} ÷ ${small.size}: ${String(serverRatio).padStart(5)}  (target ≤ ${CPU_TARGET}: ${typeof serverRatio === "number" && serverRatio <= CPU_TARGET ? "PASS" : "FAIL"})` +
        `   PostgreSQL: ${postgresRatio}   server + PostgreSQL: ${totalRatio}`,
    );
  }
  console.log(`\n${formatTable(["page", "entries / members", "p50 ms", "p99 ms", "server CPU ms/req", "PostgreSQL CPU ms/req", "others' cores"], lines)}`);
  console.log(`\n${verdicts.join("\n")}\n${SAMPLES} samples each (blocks of 20, after ${WARM_UP_SAMPLES} warm-up requests)`);

  let index = 2000;
  for (const kind of kinds) {
    const path = large.pages[kind];
    const run = kind === "report" ? statements.ofReport(large.ownerId, path, large.workspaceId) : statements.of(large.ownerId, path, large.workspaceId);
    for (const statement of await run) {
      const plan = await explain(statement, index++);
      console.log(`\nteam of ${large.size}, ${kind}: ${plan.summary}\n  ${statement.text.replaceAll(/\s+/g, " ")}\n  ${plan.text.split("\n").join("\n  ")}`);
    }
  }
}
