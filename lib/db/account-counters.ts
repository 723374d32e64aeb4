import "server-only";
import { ownedAt, ownerId, type Access } from "@/lib/access/context";
import { getDb, type AccountCounters, type Transaction } from "./client";
import { queryRows } from "./sql";

/** The account's totals kept by the write triggers, by their field in Prisma's model. */
const totalColumns = {
  projectCount: "project_count",
  repositoryCount: "repository_count",
  entryCount: "entry_count",
  recapCount: "recap_count",
} satisfies Record<Exclude<keyof AccountCounters, "workspaceId" | "changeSeq">, string>;
export type AccountTotal = keyof typeof totalColumns;

/** The SQL of an account's total, for the account whose counters row the condition `owner` selects (lib/access/context.ts, ownedAt); 0 before its first write. */
export const accountTotalSql = (total: AccountTotal, owner: string) => `COALESCE((SELECT ${totalColumns[total]} FROM account_counters WHERE ${owner}), 0)`;

/**
 * The statement that moves the account's change sequence on, for the account whose counters row
 * the condition `owner` selects (lib/access/context.ts, ownedAt), and with `andWhere` only when that
 * holds too: its conditional reads (docs/api.md, "Conditional reads") then see a change that no
 * table trigger counts. It also locks the account's counters row, on which the account's writes queue.
 */
export const markAccountChangedSql = (owner: string, andWhere?: string) =>
  `UPDATE account_counters SET change_seq = change_seq + 1 WHERE ${owner}${andWhere ? ` AND ${andWhere}` : ""}`;

/** Moves the account's change sequence on in the writing transaction (`markAccountChangedSql`). */
export async function markAccountChanged(transaction: Transaction, access: Access): Promise<void> {
  await transaction.$executeRawUnsafe(markAccountChangedSql(ownedAt("$1")), ownerId(access));
}

/** An unfiltered list's total in O(1): the count its table's trigger keeps in the writing transaction. */
export async function accountTotal(access: Access, total: AccountTotal): Promise<number> {
  const [row] = await queryRows<{ count: number }>(`SELECT ${accountTotalSql(total, ownedAt("$1"))} AS count`, [ownerId(access)]);
  return row!.count;
}

/**
 * Recounts the totals of every workspace (or those of the user of `email`), each under its
 * counters row's lock, so that writes meanwhile queue behind the recount and add to it; the
 * sequence moves on where a total was wrong. Answers how many workspaces were recounted and how
 * many of them were wrong.
 */
export async function rebuildAccountCounters(email?: string): Promise<{ accounts: number; corrected: number }> {
  const db = getDb();
  const workspaces = await db.workspace.findMany({
    where: email ? { memberships: { some: { user: { email: email.toLowerCase() } } } } : {},
    select: { id: true },
    orderBy: { id: "asc" },
  });
  let corrected = 0;
  for (const { id } of workspaces) {
    const changed = await db.$transaction(async (transaction) => {
      await transaction.$executeRaw`INSERT INTO account_counters (workspace_id) VALUES (${id}::uuid) ON CONFLICT (workspace_id) DO NOTHING`;
      await transaction.$queryRaw`SELECT 1 FROM account_counters WHERE workspace_id = ${id}::uuid FOR UPDATE`;
      return transaction.$executeRaw`UPDATE account_counters c SET change_seq = c.change_seq + 1,
          project_count = actual.projects, repository_count = actual.repositories, entry_count = actual.entries, recap_count = actual.recaps
        FROM (SELECT (SELECT count(*) FROM projects WHERE workspace_id = ${id}::uuid)::int AS projects,
          (SELECT count(*) FROM repositories WHERE workspace_id = ${id}::uuid)::int AS repositories,
          (SELECT count(*) FROM worklog_entries WHERE workspace_id = ${id}::uuid)::int AS entries,
          (SELECT count(*) FROM recaps WHERE workspace_id = ${id}::uuid)::int AS recaps) actual
        WHERE c.workspace_id = ${id}::uuid
          AND (c.project_count, c.repository_count, c.entry_count, c.recap_count) IS DISTINCT FROM (actual.projects, actual.repositories, actual.entries, actual.recaps)`;
    });
    corrected += changed;
  }
  return { accounts: workspaces.length, corrected };
}
