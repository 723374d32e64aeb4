import type { EntryWithRelations } from "@/lib/worklog/entry-with-relations";
import type { EntryRestore } from "@/lib/worklog/schemas";

/** What the web app's Undo sends back to restoreEntries: each entry as it was. */
export const entrySnapshot = (entry: EntryWithRelations): EntryRestore => ({
  id: entry.id,
  content: entry.content,
  recorded_at: entry.recordedAt,
  duration_seconds: entry.durationSeconds,
  tags: entry.tags,
  project_id: entry.projectId,
  source: entry.source,
  commit_ids: entry.commits.map((link) => link.commitId),
});
