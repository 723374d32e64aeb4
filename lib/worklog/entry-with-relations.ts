import type { Access } from "@/lib/access/context";
import { getDb, type Prisma } from "@/lib/db/client";
import { projectSummarySelect } from "@/lib/projects/projects";

/** Loaded with every entry, in the same call: the project summary and the attached commit ids. */
export const entryInclude = {
  project: { select: projectSummarySelect },
  commits: { select: { commitId: true }, orderBy: { commitId: "asc" } },
} satisfies Prisma.WorklogEntryInclude;

type EntryRow = Prisma.WorklogEntryGetPayload<{ include: typeof entryInclude }>;

/**
 * An entry as every read returns it, through Prisma or the hand-written SQL of entry-sql.ts, with
 * its author's name: null once the author's account is deleted (an entry's user_id has no foreign
 * key, so that the entry stays in its workspace; docs/api.md, "Workspaces").
 */
export type EntryWithRelations = EntryRow & { user: { name: string | null } };

/** An entry the caller has just written: only authors write their entries, so its author is the caller. */
export function writtenBy(access: Access, entry: EntryRow): EntryWithRelations {
  return { ...entry, user: { name: access.user.name } };
}

/** An entry with its author's name, read from the account if it still exists. */
export async function withAuthorName(entry: EntryRow): Promise<EntryWithRelations> {
  const author = await getDb().user.findUnique({ where: { id: entry.userId }, select: { name: true } });
  return { ...entry, user: { name: author?.name ?? null } };
}
