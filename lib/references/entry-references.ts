import { getDb, type Transaction } from "@/lib/db/client";
import { hostAndPath, remoteRepositoryPath } from "@/lib/repositories/remote-identity";
import { recogniseReferences, type ForgeRepository, type RecognitionContext } from "./recognise";
import type { Reference, Tracker } from "./schemas";

type Db = ReturnType<typeof getDb> | Transaction;

/** What an entry stores of its references: the API's list, and the lower-cased keys the filter reads. */
export type StoredReferences = { issueReferences: Reference[]; issueKeys: string[] };

export const storedReferences = (references: Reference[]): StoredReferences => ({
  issueReferences: references,
  issueKeys: references.map((reference) => reference.key.toLowerCase()),
});

/** The repository on GitHub or GitLab a remote names, as its path is written there; null for any other host. */
export function forgeRepository(remoteUrl: string | null): ForgeRepository | null {
  const host = remoteUrl ? hostAndPath(remoteUrl)?.host : undefined;
  const path = remoteUrl && remoteRepositoryPath(remoteUrl);
  if (!path || (host !== "github.com" && host !== "gitlab.com")) return null;
  return { provider: host === "github.com" ? "github" : "gitlab", path };
}

/**
 * The trackers and repositories that apply to an entry of `projectId`: the project's trackers and
 * its GitHub and GitLab repositories; without a project, the trackers of every project of the workspace.
 */
export async function recognitionContext(db: Db, workspaceId: string, projectId: string | null): Promise<RecognitionContext> {
  if (!projectId) {
    const projects = await db.project.findMany({ where: { workspaceId }, select: { trackers: true } });
    return { trackers: projects.flatMap((project) => project.trackers as Tracker[]), repositories: [] };
  }
  const project = await db.project.findFirst({
    where: { id: projectId, workspaceId },
    select: { trackers: true, repositories: { select: { remoteUrl: true }, orderBy: { id: "asc" } } },
  });
  if (!project) return { trackers: [], repositories: [] };
  const repositories = project.repositories.flatMap((repository) => forgeRepository(repository.remoteUrl) ?? []);
  return { trackers: project.trackers as Tracker[], repositories };
}

/** The references of an entry of `projectId` whose texts (content, commits' messages) are these. */
export async function referencesOf(db: Db, workspaceId: string, projectId: string | null, texts: string[]): Promise<StoredReferences> {
  return storedReferences(recogniseReferences(texts, await recognitionContext(db, workspaceId, projectId)));
}

/** What an entry's read selects of its attached commits: their messages, and when they were made. */
const attachedMessages = { select: { commit: { select: { message: true, committedAt: true } } } } as const;

/** The attached commits' messages, the oldest first: the order their references are listed in. */
const oldestFirst = (links: { commit: { message: string; committedAt: Date } }[]) =>
  links
    .map((link) => link.commit)
    .sort((a, b) => a.committedAt.getTime() - b.committedAt.getTime())
    .map((commit) => commit.message);

/** The messages of the workspace's commits among `commitIds`. */
export async function commitMessages(db: Db, workspaceId: string, commitIds: readonly string[]): Promise<string[]> {
  if (commitIds.length === 0) return [];
  const commits = await db.commit.findMany({ where: { id: { in: [...commitIds] }, workspaceId }, select: { message: true }, orderBy: { committedAt: "asc" } });
  return commits.map((commit) => commit.message);
}

/**
 * Recognises the references of the workspace's entries among `entryIds` again, from their text,
 * project and commits as they are now, and stores them; returns them by entry. Called whenever one
 * of those changes: a create, an update, a commit attached or detached, an import.
 */
export async function refreshEntryReferences(db: Db, workspaceId: string, entryIds: readonly string[]): Promise<Map<string, StoredReferences>> {
  const entries = await db.worklogEntry.findMany({
    where: { id: { in: [...entryIds] }, workspaceId },
    select: { id: true, content: true, projectId: true, commits: attachedMessages },
  });
  const contexts = new Map<string | null, Promise<RecognitionContext>>();
  const refreshed = new Map<string, StoredReferences>();
  for (const entry of entries) {
    if (!contexts.has(entry.projectId)) contexts.set(entry.projectId, recognitionContext(db, workspaceId, entry.projectId));
    const stored = storedReferences(recogniseReferences([entry.content, ...oldestFirst(entry.commits)], await contexts.get(entry.projectId)!));
    refreshed.set(entry.id, stored);
  }
  const rows = [...refreshed].map(([id, stored]) => ({ id, refs: JSON.stringify(stored.issueReferences), keys: stored.issueKeys }));
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = JSON.stringify(rows.slice(start, start + 1000));
    // A raw write, which leaves updated_at be: the references follow from the entry's fields, they are no change of their own.
    await db.$executeRaw`UPDATE worklog_entries e SET issue_references = s.refs::json, issue_keys = s.keys
      FROM jsonb_to_recordset(${batch}::jsonb) AS s(id uuid, refs text, keys text[])
      WHERE e.id = s.id AND e.workspace_id = ${workspaceId}::uuid AND (e.issue_references::text <> s.refs OR e.issue_keys IS DISTINCT FROM s.keys)`;
  }
  return refreshed;
}

/**
 * The references an entry of the workspace will have once its content or project change as
 * given, for the change to write with them (one write, one webhook event); nothing when neither
 * changes, or when the entry is not found (the change then finds no entry either).
 */
export async function referencesAfterChange(
  db: Db,
  workspaceId: string,
  entryId: string,
  change: { content?: string; projectId?: string | null },
): Promise<StoredReferences | Record<string, never>> {
  if (change.content === undefined && change.projectId === undefined) return {};
  const entry = await db.worklogEntry.findFirst({
    where: { id: entryId, workspaceId },
    select: { content: true, projectId: true, commits: attachedMessages },
  });
  if (!entry) return {};
  const projectId = change.projectId === undefined ? entry.projectId : change.projectId;
  return referencesOf(db, workspaceId, projectId, [change.content ?? entry.content, ...oldestFirst(entry.commits)]);
}
