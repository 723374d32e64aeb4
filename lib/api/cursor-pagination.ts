import { z } from "zod";
import type { Access } from "@/lib/access/context";
import { isUuid } from "@/lib/db/ids";
import { findListPosition, type ListedKind, type ListPosition } from "@/lib/db/item-positions";
import { AppError } from "@/lib/errors";
import { responseSchemas } from "@/lib/openapi/components";

/** Cursor pagination of every list (docs/api.md, "Pagination"): newest first, keyset on the list's order. */

/** A bounded count (ListSource.boundedCount) counts this many matches and the one after, at most: more are "1 000+". */
export const COUNT_BOUND = 1000;
export type CursorPageRequest = { limit: number; startingAfter?: string; endingBefore?: string };

export const cursorPageMetaSchema = z
  .object({
    result_count: z.number().int().meta({ description: "Items in this page." }),
    total_count: z.number().int().meta({
      description:
        "Items matching the query, on all pages; at most 1 000 for a filtered or searched list of entries, whose count stops there (`total_count_exact`).",
    }),
    total_count_exact: z.boolean().meta({
      description:
        "Whether `total_count` is the exact number of matches. False when a filtered or searched list of entries has more than 1 000: `total_count` is then 1 000, a lower bound.",
    }),
    start_cursor: z.uuid().nullable().meta({ description: "The first item's id (for `ending_before`); null on an empty page." }),
    end_cursor: z.uuid().nullable().meta({ description: "The last item's id (for `starting_after`); null on an empty page." }),
    limit: z.number().int(),
    has_more: z.boolean().meta({ description: "Whether another page follows in the direction of travel." }),
  })
  .register(responseSchemas, { id: "PageMeta" });
export type CursorPageMeta = z.infer<typeof cursorPageMetaSchema>;

const cursor = (name: string, description: string) => z.string().refine(isUuid, `${name} must be a UUID`).meta({ format: "uuid", description }).optional();

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
    const page: CursorPageRequest = { limit, startingAfter: starting_after, endingBefore: ending_before };
    return { page, ...(rest as z.output<z.ZodObject<Filters>>) };
  });
}

/** What a list query needs from the page: where to start, which way to read, how many rows. */
export type KeysetQuery = {
  /** The item the page follows in the direction of reading; none for the first page. */
  after?: ListPosition;
  /** "desc" reads the list's order (newest first), "asc" reads it backwards, for `ending_before`. */
  direction: "desc" | "asc";
  take: number;
};

/** A list of the account's items of one kind: its rows by keyset, and its total. */
export type ListSource<Row> = {
  kind: ListedKind;
  access: Access;
  fetchRows: (query: KeysetQuery) => Promise<Row[]>;
  countAll: () => Promise<number>;
  /**
   * The page's statement reads the total too, as each row's `total`, in the page's snapshot: one
   * statement fewer. `countAll` then runs only for a page without rows.
   */
  totalInRows?: boolean;
  /** The count stops after COUNT_BOUND + 1 matches: a total over COUNT_BOUND is a lower bound. */
  boundedCount?: boolean;
};

const articles: Record<ListedKind, string> = {
  entry: "an entry",
  commit: "a commit",
  project: "a project",
  repository: "a repository",
  tombstone: "a deletion",
};

/** Where the page starts: the cursor's item, live or deleted; a 400 for an id the account never had. */
async function cursorPosition(page: CursorPageRequest, { kind, access }: ListSource<unknown>): Promise<ListPosition | undefined> {
  const [parameter, cursor] = page.endingBefore ? ["ending_before", page.endingBefore] : ["starting_after", page.startingAfter];
  if (cursor === undefined) return undefined;
  const position = await findListPosition(kind, access, cursor);
  if (!position) throw AppError.invalidRequest(`${parameter} names no item of this list: it is not the id of ${articles[kind]} of this account`);
  return position;
}

/**
 * One indexed range query for the page (one row more than asked, to know whether more follow)
 * after the cursor's place is found, and the count in parallel, unless the page reads it.
 */
export async function paginateByCursor<Row extends { id: string; total?: number }>(
  page: CursorPageRequest,
  source: ListSource<Row>,
): Promise<{ rows: Omit<Row, "total">[]; meta: CursorPageMeta }> {
  const direction = page.endingBefore !== undefined ? "asc" : "desc";
  const fetching = cursorPosition(page, source).then((after) => source.fetchRows({ after, direction, take: page.limit + 1 }));
  const [fetched, total] = source.totalInRows
    ? await fetching.then(async (rows) => [rows, rows[0]?.total ?? (await source.countAll())] as const)
    : await Promise.all([fetching, source.countAll()]);
  const hasMore = fetched.length > page.limit;
  const rows = fetched.slice(0, page.limit).map(({ total, ...row }) => row);
  if (direction === "asc") rows.reverse();
  const exact = !source.boundedCount || total <= COUNT_BOUND;
  return {
    rows,
    meta: {
      result_count: rows.length,
      total_count: exact ? total : COUNT_BOUND,
      total_count_exact: exact,
      start_cursor: rows[0]?.id ?? null,
      end_cursor: rows.at(-1)?.id ?? null,
      limit: page.limit,
      has_more: hasMore,
    },
  };
}

/** An item of a list page as the database wrote it: its id, and its JSON text (lib/db/json-shape.ts). */
export type JsonRow = { id: string; json: string };

/**
 * A list page's response, its items passed on as the database wrote them: the body
 * `{"<items>": [...], "meta": {...}}`, without parsing and writing them again.
 */
export function jsonCursorPageResponse(items: string, { rows, meta }: { rows: JsonRow[]; meta: CursorPageMeta }): Response {
  const body = `{"${items}":[${rows.map((row) => row.json).join(",")}],"meta":${JSON.stringify(meta)}}`;
  return new Response(body, { headers: { "content-type": "application/json" } });
}

/** Prisma's arguments for a page of a list in id order (newest first). */
export function idKeyset({ after, direction, take }: KeysetQuery) {
  const bound = after && (direction === "desc" ? { lt: after.id } : { gt: after.id });
  return { where: bound ? { id: bound } : {}, orderBy: { id: direction }, take };
}

/**
 * Prisma's arguments for a page of a list ordered by the time `field`, then id, newest first:
 * `field <= t AND (field < t OR id < id₀)` is the row comparison `(field, id) < (t, id₀)`, and
 * its first half bounds the index range where the page starts.
 */
export function timeKeyset<Field extends string>(field: Field, { after, direction, take }: KeysetQuery) {
  const orderBy = [{ [field]: direction }, { id: direction }] as Record<Field | "id", "asc" | "desc">[];
  if (!after?.sortAt) return { where: {}, orderBy, take };
  const [inclusive, strict] = direction === "desc" ? (["lte", "lt"] as const) : (["gte", "gt"] as const);
  const where = {
    [field]: { [inclusive]: after.sortAt },
    OR: [{ [field]: { [strict]: after.sortAt } }, { id: { [strict]: after.id } }],
  } as Record<Field, { lte?: Date; gte?: Date }> & { OR: (Record<Field, { lt?: Date; gt?: Date }> | { id: { lt?: string; gt?: string } })[] };
  return { where, orderBy, take };
}
