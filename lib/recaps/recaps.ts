import { setTimeout as sleep } from "node:timers/promises";
import { getConfig } from "@/lib/config";
import { getDb, type Recap, type User } from "@/lib/db/client";
import { isUuid } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { requirePlan } from "@/lib/users/plans";
import { commitWebUrl } from "@/lib/repositories/web-urls";
import { builtInGenerator } from "./built-in";
import { citableSources, citedSources } from "./citations";
import { matchingEntries, resolveFilters, type RecapFilters } from "./filters";
import { recapMetadata, type RecapEntry, type RecapGenerator, type RecapInput } from "./generator";
import { llmGenerator } from "./llm";
import type { RecapMetadata } from "./metadata";
import type { RecapFiltersInput } from "./schemas";
import { DEFAULT_RECAP_TEMPLATE, type RecapTemplate } from "./templates";

/** A recap still `processing` whose generator has not written for this long died with its instance. */
export const ABANDONED_AFTER_MS = 5 * 60_000;
export const ABANDONED_MESSAGE = "The recap's generation stopped before it finished. Please generate it again.";

/** Every recap feature requires plan `pro` (docs/api.md). */
export const RECAP_PLAN = "pro";

export function requireRecapPlan(user: User): void {
  requirePlan(user, RECAP_PLAN);
}

/** A recap as readers see it: one left `processing` by a dead instance reads as `failed`. */
export function asRead(recap: Recap, now = Date.now()): Recap {
  if (recap.status !== "processing" || now - recap.updatedAt.getTime() <= ABANDONED_AFTER_MS) return recap;
  return { ...recap, status: "failed", error: ABANDONED_MESSAGE };
}

export async function getRecap(userId: string, id: string): Promise<Recap> {
  const recap = isUuid(id) ? await getDb().recap.findFirst({ where: { id, userId } }) : null;
  if (!recap) throw AppError.notFound();
  return asRead(recap);
}

export async function listRecaps(userId: string, take = 50): Promise<Recap[]> {
  const recaps = await getDb().recap.findMany({ where: { userId }, orderBy: { id: "desc" }, take });
  return recaps.map((recap) => asRead(recap));
}

export type CreatedRecap = { recap: Recap; cached: boolean };

/**
 * Starts a recap of the entries matching the filters, or returns the completed recap of the
 * same filters and template when none of those entries changed (or appeared, or left) since it
 * was made.
 * The caller runs `generateRecap` in the background for a new one.
 */
export async function createRecap(user: User, input: RecapFiltersInput): Promise<CreatedRecap> {
  requireRecapPlan(user);
  const db = getDb();
  const { filters, key } = resolveFilters(user, input);
  const template = input.template ?? DEFAULT_RECAP_TEMPLATE;
  const where = matchingEntries(user.id, filters);
  const [{ _count: count, _max: latest }, previous] = await Promise.all([
    db.worklogEntry.aggregate({ where, _count: true, _max: { updatedAt: true } }),
    db.recap.findFirst({ where: { userId: user.id, filtersKey: key, template, status: "completed" }, orderBy: { id: "desc" } }),
  ]);
  if (count === 0) throw AppError.invalidRequest("No worklog entries match these filters");
  const unchanged =
    previous &&
    (previous.metadata as RecapMetadata | null)?.entry_count === count &&
    latest.updatedAt !== null &&
    latest.updatedAt <= previous.insertedAt;
  if (unchanged) return { recap: previous, cached: true };
  const recap = await db.recap.create({ data: { userId: user.id, filters, filtersKey: key, template } });
  return { recap, cached: false };
}

async function loadEntries(userId: string, filters: RecapFilters): Promise<RecapEntry[]> {
  const entries = await getDb().worklogEntry.findMany({
    where: matchingEntries(userId, filters),
    orderBy: [{ recordedAt: "desc" }, { id: "desc" }],
    include: {
      project: { select: { id: true, name: true } },
      commits: {
        select: { commit: { select: { id: true, sha: true, message: true, repository: { select: { remoteUrl: true } } } } },
        orderBy: { commitId: "asc" },
      },
    },
  });
  return entries.map((entry) => ({
    ...entry,
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
 * Generates a recap, persisting every delta as it comes (streams on any instance read them)
 * and the result before the status says `completed`. A failure marks the recap `failed`.
 */
export async function generateRecap(recapId: string, generator: RecapGenerator = configuredGenerator()): Promise<void> {
  const db = getDb();
  const recap = await db.recap.findUniqueOrThrow({ where: { id: recapId }, include: { user: { select: { timezone: true } } } });
  const filters = recap.filters as RecapFilters;
  try {
    const entries = await loadEntries(recap.userId, filters);
    const input: RecapInput = { template: recap.template as RecapTemplate, entries, filters, timeZone: recap.user.timezone };
    let content = "";
    let seq = 0;
    for await (const delta of generator(input, AbortSignal.timeout(ABANDONED_AFTER_MS))) {
      content += delta;
      // Touching the recap tells readers that its generator is alive.
      await db.$transaction([
        db.recapChunk.create({ data: { recapId, seq: seq++, delta } }),
        db.recap.update({ where: { id: recapId }, data: { updatedAt: new Date() } }),
      ]);
    }
    await db.recap.update({
      where: { id: recapId },
      data: {
        status: "completed",
        content,
        metadata: recapMetadata(input),
        sources: citedSources(content, citableSources(entries)),
        completedAt: new Date(),
      },
    });
  } catch (error) {
    console.error(`[recaps] recap ${recapId} failed:`, error);
    await db.recap.update({ where: { id: recapId }, data: { status: "failed", error: failureMessage(error) } });
  }
}

function failureMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `The recap could not be generated: ${reason}`;
}
