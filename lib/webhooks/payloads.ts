import type { Commit, Project, Recap, Repository } from "@/lib/db/client";
import { toProjectResponse } from "@/lib/projects/responses";
import { toRecapResponse } from "@/lib/recaps/responses";
import { toCommitResponse, toRepositoryResponse } from "@/lib/repositories/responses";
import type { EntryWithRelations } from "@/lib/worklog/entry-with-relations";
import { toEntryResponse } from "@/lib/worklog/responses";
import { SCHEDULED_RECAP_EVENT_TYPE } from "./events";

/** An event of the outbox as its delivery reads it. */
export type StoredEvent = { id: string; workspaceId: string; type: string; data: unknown; createdAt: Date };

type Row = Record<string, unknown>;

/**
 * A row as the migration's triggers stored it (`to_jsonb`: snake_case columns, times as text)
 * as the Prisma model the API's responses are made from.
 */
function modelOf<Model>(row: Row): Model {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      column.endsWith("_at") && typeof value === "string" ? new Date(value) : value,
    ]),
  ) as Model;
}

function entryOf(row: Row): EntryWithRelations {
  // `author_name`: events stored before it was (migration 20261129050000_entry_author_in_events) have none.
  const { commit_ids: commitIds, project, author_name: authorName = null, ...columns } = row;
  return {
    ...modelOf<Omit<EntryWithRelations, "project" | "user" | "commits">>(columns),
    project: project as EntryWithRelations["project"],
    user: { name: authorName as string | null },
    commits: (commitIds as string[]).map((commitId) => ({ commitId })),
  };
}

/** `data`: the API's own object of the resource, as it was when the change was made; a scheduled recap's, as its run wrote it. */
function dataOf(type: string, data: unknown): unknown {
  if (type === SCHEDULED_RECAP_EVENT_TYPE) return data;
  const row = data as Row;
  switch (type.split(".")[0]) {
    case "entry":
    case "timer":
      return toEntryResponse(entryOf(row));
    case "project":
      return toProjectResponse(modelOf<Project>(row));
    case "repository":
      return toRepositoryResponse(modelOf<Repository>(row));
    case "commit":
      return toCommitResponse(modelOf<Commit>(row));
    case "recap":
      return toRecapResponse(modelOf<Recap>(row));
    default:
      return data;
  }
}

/** The body of every delivery of the event, the same on every retry: `{ type, timestamp, workspace_id, data }`. */
export function webhookBody(event: StoredEvent): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), workspace_id: event.workspaceId, data: dataOf(event.type, event.data) });
}
