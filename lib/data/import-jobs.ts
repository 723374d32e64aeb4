import { z } from "zod";
import { createdBy, owned, ownerId, type Access } from "@/lib/access/context";
import { getDb, type Transaction } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { defineJobKind, FinalJobError, type JobContext } from "@/lib/jobs/job-kind";
import { enqueueJob } from "@/lib/jobs/queue";
import { runJobSoon } from "@/lib/jobs/soon";
import type { EntrySource } from "@/lib/worklog/sources";
import { checkDocument, itemCount, type ImportPlan } from "./import-check";
import { inAccountTransaction, importEntries, writeItems } from "./import-write";
import { IMPORT_JOB_MIN_BYTES, IMPORT_JOB_MIN_ITEMS } from "./import-limits";
import { emptySummary, type ImportFormat, type ImportResource, type ImportSummary } from "./import-schemas";

/** Entries written per transaction of an import job. */
const ENTRY_BATCH = 1000;

/** What a user is told of an import job that failed: its cause is in the server's log. */
export const IMPORT_FAILED_MESSAGE =
  "The import stopped before it finished; what it wrote stays. Import the document again to finish it: what is there already is skipped.";

/** Whether a document is imported by a job (docs/api.md, "Export and import"): by its items, or by its size when known. */
export function importsAsJob(body: Record<string, unknown>, bytes: number | undefined): boolean {
  return itemCount(body) > IMPORT_JOB_MIN_ITEMS || (bytes ?? 0) > IMPORT_JOB_MIN_BYTES;
}

/**
 * A large import (lib/data/import.ts writes small ones at once): its row in `imports` holds the
 * document until the job has written it, in batches that each commit with the import's progress,
 * so that an attempt run again after its worker died goes on where the last one stopped. Projects,
 * repositories and commits go first, in one transaction; then the entries, a batch at a time, from
 * the end of the list (ids order the lists by creation, and an export lists newest first).
 */
export const importJob = defineJobKind({
  name: "data.import",
  payload: z.object({ import_id: z.uuid(), time_zone: z.string() }),
  lane: "imports",
  maxAttempts: 3,
  backoff: { firstDelayMs: 5_000, maxDelayMs: 60_000 },
  idOf: ({ import_id: importId }) => importId,
  run: ({ import_id: importId, time_zone: timeZone }, job) => runImport(importId, timeZone, job),
  async onFailed({ import_id: importId }, _failure, tx) {
    await tx.import.updateMany({
      where: { id: importId, status: { in: ["queued", "running"] } },
      data: { status: "failed", error: IMPORT_FAILED_MESSAGE, document: null },
    });
  },
});

type ImportRow = { id: string; status: string; processed: number; total: number; counts: unknown; error: string | null };

function resourceOf(row: ImportRow): ImportResource {
  const status = row.status as ImportResource["status"];
  return {
    id: row.id,
    status,
    processed: row.processed,
    total: row.total,
    result: status === "succeeded" ? (row.counts as ImportSummary) : null,
    error: row.error,
  };
}

const resourceFields = { id: true, status: true, processed: true, total: true, counts: true, error: true } as const;

/** Stores the (checked) document as an import of the account and enqueues its job, which starts at once. */
export async function startImportJob(access: Access, format: ImportFormat, body: Record<string, unknown>, source: EntrySource): Promise<ImportResource> {
  const id = newId();
  const row = await getDb().$transaction(
    async (tx) => {
      const created = await tx.import.create({
        data: { id, ...createdBy(access), format, source, document: JSON.stringify(body), total: itemCount(body), counts: emptySummary() },
        select: resourceFields,
      });
      await enqueueJob(importJob, { import_id: id, time_zone: access.user.timezone }, { tx, owner: ownerId(access) });
      return created;
    },
    // Storing a document of many MiB is one statement, but a long one.
    { timeout: 60_000 },
  );
  runJobSoon(importJob, id);
  return resourceOf(row);
}

/** The account's import `id`, or the 404 of another account's or none. */
export async function findImport(access: Access, id: string): Promise<ImportResource> {
  const row = await getDb().import.findFirst({ where: { id, ...owned(access) }, select: resourceFields });
  if (!row) throw AppError.notFound();
  return resourceOf(row);
}

const added = (summary: ImportSummary, more: ImportSummary): ImportSummary => {
  const sum = (kind: keyof ImportSummary) =>
    Object.fromEntries(
      Object.entries(summary[kind]).map(([name, count]) => [name, count + more[kind][name as keyof ImportSummary["created"]]]),
    ) as ImportSummary["created"];
  return { created: sum("created"), skipped: sum("skipped") };
};

async function runImport(importId: string, timeZone: string, job: JobContext): Promise<void> {
  const { access } = job;
  if (!access) return;
  const row = await getDb().import.findFirst({ where: { id: importId, ...owned(access) } });
  if (!row || row.document === null || (row.status !== "queued" && row.status !== "running")) return;
  if (row.status === "queued") await getDb().import.updateMany({ where: { id: importId, status: "queued" }, data: { status: "running" } });
  const plan = await checkDocument(row.format as ImportFormat, JSON.parse(row.document) as Record<string, unknown>, timeZone).catch((error: unknown) => {
    throw error instanceof AppError ? new FinalJobError(`The stored document is invalid: ${error.message.slice(0, 500)}`) : error;
  });
  const source = row.source;
  let { processed } = row;
  let counts = row.counts as ImportSummary;
  /** One batch's writes, committed with the import's progress while this attempt holds the job. */
  const step = async (items: number, write: (tx: Transaction) => Promise<ImportSummary>) => {
    job.signal.throwIfAborted();
    counts = await inAccountTransaction(access, async (tx) => {
      await job.holdLease(tx);
      const total = added(counts, await write(tx));
      await tx.import.update({ where: { id: importId }, data: { processed: processed + items, counts: total } });
      return total;
    });
    processed += items;
  };

  const others = plan.projects.length + plan.repositories.length + plan.commits.length;
  if (processed < others) await step(others, (tx) => writeItems(tx, access, { ...plan, entries: [] }, source));
  for (let end = plan.entries.length - (processed - others); end > 0; end -= ENTRY_BATCH) {
    const batch = plan.entries.slice(Math.max(0, end - ENTRY_BATCH), end);
    await step(batch.length, (tx) => writeEntryBatch(tx, access, plan, batch, source));
  }
  await getDb().$transaction(async (tx) => {
    await job.holdLease(tx);
    await tx.import.update({ where: { id: importId }, data: { status: "succeeded", document: null } });
  });
}

/**
 * Writes a batch of the plan's entries, its references found by what the job wrote before:
 * projects by identifier, commits by repository name and sha.
 */
async function writeEntryBatch(tx: Transaction, access: Access, plan: ImportPlan, batch: ImportPlan["entries"], source: EntrySource): Promise<ImportSummary> {
  const documentProjects = new Map(plan.projects.map((project) => [project.id, project.identifier]));
  const documentRepositories = new Map(plan.repositories.map((repository) => [repository.id, repository.name]));
  const documentCommits = new Map(plan.commits.map((commit) => [commit.id, { name: documentRepositories.get(commit.repository_id)!, sha: commit.sha }]));

  const identifiers = [...new Set(batch.flatMap((entry) => (entry.project_id ? [documentProjects.get(entry.project_id)!] : [])))];
  const projects = await tx.project.findMany({ where: { ...owned(access), identifier: { in: identifiers } }, select: { id: true, identifier: true } });
  const projectByIdentifier = new Map(projects.map((project) => [project.identifier, project.id]));
  const projectIds = new Map(
    batch.flatMap((entry) =>
      entry.project_id && projectByIdentifier.has(documentProjects.get(entry.project_id)!)
        ? [[entry.project_id, projectByIdentifier.get(documentProjects.get(entry.project_id)!)!]]
        : [],
    ),
  );

  const commitIdsOfBatch = [...new Set(batch.flatMap((entry) => entry.commit_ids ?? []))];
  const wanted = commitIdsOfBatch.map((id) => documentCommits.get(id)!);
  const commits =
    wanted.length === 0
      ? []
      : await tx.commit.findMany({
          where: {
            ...owned(access),
            sha: { in: [...new Set(wanted.map((commit) => commit.sha))] },
            repository: { name: { in: [...new Set(wanted.map((commit) => commit.name))] } },
          },
          select: { id: true, sha: true, repository: { select: { name: true } } },
        });
  const commitByKey = new Map(commits.map((commit) => [`${commit.repository.name} ${commit.sha}`, commit.id]));
  const commitIds = new Map(
    commitIdsOfBatch.flatMap((id) => {
      const found = commitByKey.get(`${documentCommits.get(id)!.name} ${documentCommits.get(id)!.sha}`);
      return found ? [[id, found] as const] : [];
    }),
  );

  // A project or commit deleted since the job began is left out of the entries that named it.
  const entries = batch.map((entry) => ({
    ...entry,
    project_id: entry.project_id && projectIds.has(entry.project_id) ? entry.project_id : null,
    commit_ids: (entry.commit_ids ?? []).filter((id) => commitIds.has(id)),
  }));
  const { created, skipped } = await importEntries(tx, access, entries, projectIds, commitIds, source);
  return { created: { projects: 0, repositories: 0, commits: 0, entries: created }, skipped: { projects: 0, repositories: 0, commits: 0, entries: skipped } };
}
