import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { owned, type Access } from "@/lib/access/context";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { storableText } from "@/lib/db/storable-text";
import { defineJobKind, FinalJobError, type JobContext } from "@/lib/jobs/job-kind";
import { runJobNow } from "@/lib/jobs/queue";
import { commitWebUrl } from "@/lib/repositories/web-urls";
import { readableAuthors } from "@/lib/workspaces/members";
import { builtInGenerator } from "./built-in";
import { citableSources, citedSources } from "./citations";
import { matchingEntries, type RecapFilters } from "./filters";
import { recapMetadata, type RecapEntry, type RecapGenerator, type RecapInput } from "./generator";
import { llmGenerator } from "./llm";
import type { RecapTemplate } from "./templates";

/** How long one attempt may write; past it, the recap fails. */
const ATTEMPT_TIME_LIMIT_MS = 5 * 60_000;
export const STOPPED_MESSAGE = "The recap's generation stopped before it finished. Please generate it again.";

/** A request following a recap that another worker generates reads its progress this often. */
const FOLLOW_INTERVAL_MS = 250;

/**
 * A recap's generation, on the job queue (lib/jobs): enqueued with the recap in its transaction,
 * its id the recap's. An attempt whose worker died runs again once its lease has run out, writing
 * its text after the pieces of the attempt before (docs/api.md, "Recaps and their event stream").
 * The generator's own failure (the language model's error) is final; anything else (the database)
 * is tried again. The last attempt's failure marks the recap failed.
 */
export const recapGeneration = defineJobKind({
  name: "recap.generate",
  payload: z.object({ recap_id: z.uuid() }),
  lane: "recaps",
  maxAttempts: 3,
  backoff: { firstDelayMs: 5_000, maxDelayMs: 60_000 },
  idOf: ({ recap_id: recapId }) => recapId,
  run: ({ recap_id: recapId }, job) => generateRecap(recapId, configuredGenerator(), job),
  async onFailed({ recap_id: recapId }, failure, tx) {
    const error = failure.stopped ? STOPPED_MESSAGE : `The recap could not be generated: ${failure.message}`;
    await tx.recap.updateMany({ where: { id: recapId, status: "processing" }, data: { status: "failed", error } });
  },
});

async function loadEntries(access: Access, filters: RecapFilters): Promise<RecapEntry[]> {
  const entries = await getDb().worklogEntry.findMany({
    where: matchingEntries(access, filters),
    orderBy: [{ recordedAt: "desc" }, { id: "desc" }],
    include: {
      project: { select: { id: true, name: true } },
      commits: {
        select: { commit: { select: { id: true, sha: true, message: true, repository: { select: { remoteUrl: true } } } } },
        orderBy: { commitId: "asc" },
      },
    },
  });
  // An entry's user_id has no foreign key (lib/worklog/entry-with-relations.ts): a deleted author has no name.
  const authors = await getDb().user.findMany({ where: { id: { in: [...new Set(entries.map((entry) => entry.userId))] } }, select: { id: true, name: true } });
  const nameOf = new Map(authors.map((author) => [author.id, author.name]));
  return entries.map((entry) => ({
    ...entry,
    author: { id: entry.userId, name: nameOf.get(entry.userId) ?? null },
    commits: entry.commits.map(({ commit: { repository, ...commit } }) => ({
      ...commit,
      url: repository.remoteUrl ? commitWebUrl(repository.remoteUrl, commit.sha) : null,
    })),
  }));
}

/** The generator the configuration names: an LLM's, or the built-in one, paced by RECAP_DELTA_DELAY_MS. */
export function configuredGenerator(): RecapGenerator {
  const { recapLlm, recapDeltaDelayMs } = getConfig();
  if (recapLlm) return llmGenerator(recapLlm);
  if (recapDeltaDelayMs === 0) return builtInGenerator;
  return async function* (input, signal) {
    for await (const piece of builtInGenerator(input, signal)) {
      await sleep(recapDeltaDelayMs, undefined, { signal });
      yield piece;
    }
  };
}

/**
 * One attempt at a recap: every piece is stored as it comes (streams on any instance read them),
 * numbered after the pieces of earlier attempts and marked with this attempt, and the result
 * before the status says `completed`; each of these writes is made only while the attempt still
 * holds its job. A recap already finished (by an attempt whose worker died before its job was
 * done) or deleted, or one the job's owner does not own, is left alone.
 */
export async function generateRecap(recapId: string, generator: RecapGenerator, job: JobContext): Promise<void> {
  const { access } = job;
  if (!access) return;
  const db = getDb();
  const recap = await db.recap.findFirst({ where: { id: recapId, ...owned(access) } });
  if (recap?.status !== "processing") return;
  const filters = recap.filters as RecapFilters;
  const entries = await loadEntries(access, filters);
  const template = recap.template as RecapTemplate;
  const members = template === "team_standup" ? await readableAuthors(access) : undefined;
  const input: RecapInput = { template, entries, filters, timeZone: access.user.timezone, members };
  const last = await db.recapChunk.findFirst({ where: { recapId }, orderBy: { seq: "desc" }, select: { seq: true } });
  let seq = (last?.seq ?? -1) + 1;
  let content = "";
  const pieces = generator(input, AbortSignal.any([job.signal, AbortSignal.timeout(ATTEMPT_TIME_LIMIT_MS)]))[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<string>;
    try {
      next = await pieces.next();
    } catch (error) {
      if (job.signal.aborted) throw error;
      throw new FinalJobError(error instanceof Error ? error.message : String(error));
    }
    if (next.done) break;
    const delta = storableText(next.value);
    content += delta;
    // Touching the recap tells streams that it changed.
    await db.$transaction(async (tx) => {
      await job.holdLease(tx);
      await tx.recapChunk.create({ data: { recapId, seq: seq++, attempt: job.attempt, delta } });
      await tx.recap.update({ where: { id: recapId }, data: { updatedAt: new Date() } });
    });
  }
  await db.$transaction(async (tx) => {
    await job.holdLease(tx);
    await tx.recap.update({
      where: { id: recapId },
      data: {
        status: "completed",
        content,
        metadata: recapMetadata(input),
        sources: citedSources(content, citableSources(entries)),
        completedAt: new Date(),
      },
    });
  });
}

/** Why a recap fails whose request stopped waiting for it. */
const REQUEST_ENDED_MESSAGE = "the request that waited for it ended first (its client left or its time limit passed)";

/**
 * Generates a recap within the request that waits for it (the MCP tool), awaiting `onPiece` with
 * each piece of text as it is written. When another worker holds its job, or an attempt here
 * fails and the job waits for its next, it follows the recap's stored pieces until it finishes,
 * for at most the time one attempt may take. When `signal` aborts, the attempt here stops (the
 * language model's request with it) and the recap fails; following stops.
 */
export async function generateRecapNow(recapId: string, onPiece: (piece: string) => Promise<void>, signal: AbortSignal): Promise<void> {
  const outcome = await runJobNow(recapGeneration, recapId, {
    leaseMs: getConfig().jobs.leaseMs,
    run: async ({ recap_id: recapId }, job) => {
      try {
        await generateRecap(recapId, reporting(configuredGenerator(), onPiece), { ...job, signal: AbortSignal.any([job.signal, signal]) });
      } catch (error) {
        if (signal.aborted && !job.signal.aborted) throw new FinalJobError(REQUEST_ENDED_MESSAGE);
        throw error;
      }
    },
  });
  if (outcome === "completed" || outcome === "failed") return;
  const db = getDb();
  // Pieces this request reported already are not reported again.
  let nextSeq =
    outcome === undefined ? 0 : ((await db.recapChunk.findFirst({ where: { recapId }, orderBy: { seq: "desc" }, select: { seq: true } }))?.seq ?? -1) + 1;
  const following = AbortSignal.any([AbortSignal.timeout(ATTEMPT_TIME_LIMIT_MS), signal]);
  while (!following.aborted) {
    const recap = await db.recap.findUnique({ where: { id: recapId }, select: { status: true } });
    const chunks = await db.recapChunk.findMany({ where: { recapId, seq: { gte: nextSeq } }, orderBy: { seq: "asc" } });
    for (const chunk of chunks) await onPiece(chunk.delta);
    nextSeq += chunks.length;
    if (recap?.status !== "processing") return;
    await sleep(FOLLOW_INTERVAL_MS);
  }
}

function reporting(generator: RecapGenerator, onPiece: (piece: string) => Promise<void>): RecapGenerator {
  return async function* (input, signal) {
    for await (const piece of generator(input, signal)) {
      await onPiece(piece);
      yield piece;
    }
  };
}
