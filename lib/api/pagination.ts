import { z } from "zod";
import { isUuid } from "@/lib/db/ids";

/** Cursor pagination of every list (CONTRACT.md §4): newest first, keyset on the id. */
export type PageRequest = { limit: number; startingAfter?: string; endingBefore?: string };

export type PageMeta = {
  result_count: number;
  total_count: number;
  start_cursor: string | null;
  end_cursor: string | null;
  limit: number;
  has_more: boolean;
};

export const pageMetaSchema = z.object({
  result_count: z.number().int(),
  total_count: z.number().int(),
  start_cursor: z.uuid().nullable(),
  end_cursor: z.uuid().nullable(),
  limit: z.number().int(),
  has_more: z.boolean(),
});

const cursor = (name: string) =>
  z
    .string()
    .refine(isUuid, `${name} must be a UUID`)
    .optional();

const paginationFields = {
  limit: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return 25;
      const limit = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
      if (limit >= 1 && limit <= 100) return limit;
      context.addIssue({ code: "custom", message: "limit must be an integer between 1 and 100" });
      return z.NEVER;
    }),
  starting_after: cursor("starting_after"),
  ending_before: cursor("ending_before"),
};

type PaginationOutput = { limit: number; starting_after?: string; ending_before?: string };

/** The query schema of a list: pagination (as `page`) plus the list's own filters. */
export function listQuerySchema<Filters extends z.ZodRawShape>(filters: Filters) {
  return z.object({ ...paginationFields, ...filters }).transform((query, context) => {
    const { limit, starting_after, ending_before, ...rest } = query as PaginationOutput & Record<string, unknown>;
    if (starting_after && ending_before) {
      context.addIssue({ code: "custom", message: "starting_after and ending_before cannot be used together" });
      return z.NEVER;
    }
    const page: PageRequest = { limit, startingAfter: starting_after, endingBefore: ending_before };
    return { page, ...(rest as z.output<z.ZodObject<Filters>>) };
  });
}

/** What a list query needs from the page: the id range, the direction and how many rows. */
export type KeysetQuery = {
  where: { id?: { lt: string } | { gt: string } };
  orderBy: { id: "asc" | "desc" };
  take: number;
};

/**
 * One indexed range query for the page (one row more than asked, to know whether more
 * follow) and one count, in parallel.
 */
export async function paginate<Row extends { id: string }>(
  page: PageRequest,
  fetchRows: (query: KeysetQuery) => Promise<Row[]>,
  countAll: () => Promise<number>,
): Promise<{ rows: Row[]; meta: PageMeta }> {
  const backwards = page.endingBefore !== undefined;
  const where = backwards ? { id: { gt: page.endingBefore! } } : page.startingAfter ? { id: { lt: page.startingAfter } } : {};
  const [fetched, total] = await Promise.all([
    fetchRows({ where, orderBy: { id: backwards ? "asc" : "desc" }, take: page.limit + 1 }),
    countAll(),
  ]);
  const hasMore = fetched.length > page.limit;
  const rows = fetched.slice(0, page.limit);
  if (backwards) rows.reverse();
  return {
    rows,
    meta: {
      result_count: rows.length,
      total_count: total,
      start_cursor: rows[0]?.id ?? null,
      end_cursor: rows.at(-1)?.id ?? null,
      limit: page.limit,
      has_more: hasMore,
    },
  };
}
