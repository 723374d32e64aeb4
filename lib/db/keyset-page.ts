import "server-only";
import type { KeysetQuery } from "@/lib/api/cursor-pagination";
import { queryRows } from "./sql";

/** A condition of a list's WHERE clause (or a SELECT list), written with `bind`, which adds a value and returns its placeholder. */
export type ListCondition = (bind: (value: unknown) => string) => string;

/** The rows of a list, in its order (docs/api.md, "Pagination"). */
export type KeysetList = {
  /** The table under its alias, as FROM names it. */
  from: string;
  /** What every row of the list meets, ANDed. */
  where: ListCondition[];
  /** The time column the list is ordered by before its id, newest first; null for a list in id order. */
  sortColumn: string | null;
  idColumn: string;
};

/**
 * One indexed range query: the rows of a page (`take` of them) after the cursor's place, in the
 * list's order or, for "asc", backwards; the row comparison bounds the index range.
 * `columns` is the SELECT list, written with `bind` where it takes values.
 */
export function selectKeysetPage<Row>(
  columns: string | ListCondition,
  { from, where, sortColumn, idColumn }: KeysetList,
  { after, direction, take }: KeysetQuery,
): Promise<Row[]> {
  const values: unknown[] = [];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const selected = typeof columns === "string" ? columns : columns(bind);
  const conditions = where.map((condition) => condition(bind));
  const [order, comparison] = direction === "desc" ? ["DESC", "<"] : ["ASC", ">"];
  if (after) {
    conditions.push(
      sortColumn === null
        ? `${idColumn} ${comparison} ${bind(after.id)}::uuid`
        : `(${sortColumn}, ${idColumn}) ${comparison} (${bind(after.sortAt)}::timestamptz, ${bind(after.id)}::uuid)`,
    );
  }
  const orderBy = (sortColumn === null ? [idColumn] : [sortColumn, idColumn]).map((column) => `${column} ${order}`).join(", ");
  return queryRows<Row>(`SELECT ${selected} FROM ${from} WHERE ${conditions.join(" AND ")} ORDER BY ${orderBy} LIMIT ${bind(take)}`, values);
}

/** How many rows the list has, on all of its pages. */
export async function countListRows({ from, where }: KeysetList): Promise<number> {
  const values: unknown[] = [];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const [row] = await queryRows<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${from} WHERE ${where.map((condition) => condition(bind)).join(" AND ")}`,
    values,
  );
  return row!.count;
}
