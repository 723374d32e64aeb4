export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A list's total as its page's meta gives it: "1\u00a0000+" where the count stopped at its bound (docs/api.md, "Pagination"). */
export function matchCount({ total_count, total_count_exact }: { total_count: number; total_count_exact: boolean }): string {
  return total_count_exact ? String(total_count) : `${String(total_count).replace(/\B(?=(\d{3})+$)/g, "\u00a0")}+`;
}

/** The same with its noun: "3 entries", "1 entry", "1\u00a0000+ entries". */
export function countOfMatches(meta: { total_count: number; total_count_exact: boolean }, singular: string, plural: string): string {
  return `${matchCount(meta)} ${meta.total_count === 1 && meta.total_count_exact ? singular : plural}`;
}
