import type { Prisma } from "@/lib/db/client";
import { projectSummarySelect } from "@/lib/projects/projects";

/** Loaded with every entry, in the same call: the project summary, the author's name and the attached commit ids. */
export const entryInclude = {
  project: { select: projectSummarySelect },
  user: { select: { name: true } },
  commits: { select: { commitId: true }, orderBy: { commitId: "asc" } },
} satisfies Prisma.WorklogEntryInclude;

/** An entry as every read returns it, through Prisma or the hand-written SQL of entry-sql.ts. */
export type EntryWithRelations = Prisma.WorklogEntryGetPayload<{ include: typeof entryInclude }>;
