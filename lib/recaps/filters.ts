import { z } from "zod";
import { readableEntries, type Access } from "@/lib/access/context";
import { sha256Hex } from "@/lib/crypto";
import type { Prisma, User } from "@/lib/db/client";
import { responseSchemas } from "@/lib/openapi/components";
import { addDays, rangeEnd, rangeStart, startOfDay, calendarDay } from "@/lib/time";
import { lastWorkingDayBefore } from "./periods";
import type { RecapFiltersInput } from "./schemas";

/** The filters as stored with a recap and returned in its `filters`. */
export const recapFiltersResponseSchema = z
  .object({
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    project_ids: z.array(z.uuid()),
    tags: z.array(z.string()),
    exclude_tags: z.array(z.string()),
  })
  .register(responseSchemas, { id: "RecapFilters" });
export type RecapFilters = z.infer<typeof recapFiltersResponseSchema>;

export type ResolvedFilters = {
  filters: RecapFilters;
  /**
   * Identifies "the same filters" for the cache rule. An omitted `to` means "now", so it is
   * keyed as such rather than by the instant it resolved to.
   */
  key: string;
};

/**
 * A standup's "yesterday" is the last day with entries before today: without a `from`, its
 * period starts this many days back, so that on a Monday it still reaches the Friday.
 */
const STANDUP_DAYS_BACK = 3;

/**
 * Fills the defaults (start of today in the account's time zone, or for a standup the start of
 * the third day before, → now) and computes the key. A team standup's period always reaches back
 * to the start of the last working day before `to`'s day, its yesterday (an earlier `from` stays).
 */
export function resolveFilters(user: User, input: RecapFiltersInput, now = new Date()): ResolvedFilters {
  const today = calendarDay(now, user.timezone);
  const firstDay = input.template === "standup" ? addDays(today, -STANDUP_DAYS_BACK) : today;
  const to = input.to ? rangeEnd(input.to, user.timezone) : now;
  let from = input.from ? rangeStart(input.from, user.timezone) : startOfDay(firstDay, user.timezone);
  if (input.template === "team_standup") {
    const yesterday = startOfDay(lastWorkingDayBefore(calendarDay(to, user.timezone)), user.timezone);
    if (!input.from || yesterday < from) from = yesterday;
  }
  const filters: RecapFilters = {
    from: from.toISOString(),
    to: to.toISOString(),
    project_ids: input.project_ids ?? [],
    tags: input.tags ?? [],
    exclude_tags: input.exclude_tags ?? [],
  };
  const keyed = { ...filters, to: input.to ? filters.to : "now" };
  return { filters, key: sha256Hex(JSON.stringify(keyed)) };
}

/** The entries a recap covers: in the range, in one of the projects, with a tag, without an excluded tag. */
export function matchingEntries(access: Access, filters: RecapFilters): Prisma.WorklogEntryWhereInput {
  return {
    ...readableEntries(access),
    recordedAt: { gte: new Date(filters.from), lte: new Date(filters.to) },
    ...(filters.project_ids.length > 0 && { projectId: { in: filters.project_ids } }),
    ...(filters.tags.length > 0 && { tags: { hasSome: filters.tags } }),
    ...(filters.exclude_tags.length > 0 && { NOT: { tags: { hasSome: filters.exclude_tags } } }),
  };
}
