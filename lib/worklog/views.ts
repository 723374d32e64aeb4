import { commitSummaries, type CommitSummary } from "@/lib/repositories/commits";
import { toEntryResponse } from "./responses";
import type { EntryWithRelations } from "./entry-with-relations";

/** An entry as the web app shows it: its API representation plus the commits attached to it. */
export type EntryView = ReturnType<typeof toEntryResponse> & { commits: CommitSummary[] };

/** The entries' views, with the attached commits of all of them read in one query. */
export async function toEntryViews(userId: string, entries: EntryWithRelations[]): Promise<EntryView[]> {
  const commits = await commitSummaries(userId, [...new Set(entries.flatMap((entry) => entry.commits.map((link) => link.commitId)))]);
  const byId = new Map(commits.map((commit) => [commit.id, commit]));
  return entries.map((entry) => ({
    ...toEntryResponse(entry),
    commits: entry.commits.flatMap((link) => byId.get(link.commitId) ?? []),
  }));
}
