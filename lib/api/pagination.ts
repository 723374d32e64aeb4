import { z } from "zod";
import { isUuid } from "@/lib/db/ids";
import { responseSchemas } from "@/lib/openapi/components";

/** Cursor pagination of every list (docs/api.md, "Pagination"): newest first, keyset on the id. */
export type PageRequest = { limit: number; startingAfter?: string; endingBefore?: string };

export const pageMetaSchema = z
  .object({
    result_count: z.number().int().meta({ description: "Items in this page." }),
    total_count: z.number().int().meta({ description: "Items matching the query, on all pages." }),
    start_cursor: z.uuid().nullable().meta({ description: "The first item's id (for `ending_before`); null on an empty page." }),
    end_cursor: z.uuid().nullable().meta({ description: "The last item's id (for `starting_after`); null on an empty page." }),
    limit: z.number().int(),
    has_more: z.boolean().meta({ description: "Whether another page follows in the direction of travel." }),
  })
  .register(responseSchemas, { id: "PageMeta" });
export type PageMeta = z.infer<typeof pageMetaSchema>;

const cursor = (name: string, description: string) =>
  z
    .string()
    .refine(isUuid, `${name} must be a UUID`)
    .meta({ format: "uuid", description })
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
    })
    // What the query string's digits must spell, for the API reference.
    .meta({ type: "integer", minimum: 1, maximum: 100, description: "Items per page; 25 when left out." }),
  starting_after: cursor("starting_after", "The page after this id: send the previous page's `meta.end_cursor`."),
  ending_before: cursor("ending_before", "The page before this id: send the current page's `meta.start_cursor`."),
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
