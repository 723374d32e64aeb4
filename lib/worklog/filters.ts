import { isUuid } from "@/lib/db/ids";
import { isValidCalendarDate, parseTimestamp } from "@/lib/time";
import { entrySources } from "./sources";

/** The worklog's filters as the web app keeps them in its URL: only those set, in the API's names. */
export type EntryFilters = {
  q?: string;
  project_id?: string;
  tags?: string;
  reference?: string;
  from?: string;
  to?: string;
  source?: string;
  author_id?: string;
};

const filterNames = ["q", "project_id", "tags", "reference", "from", "to", "source", "author_id"] as const;

/** The value `author_id` takes (lib/worklog/schemas.ts): a user's id, or `me`. */
export const isAuthorFilter = (value: string) => value === "me" || isUuid(value);

/** The longest search the entries list takes (lib/worklog/schemas.ts). */
export const searchMaxLength = 200;

/** Tags as people type them, with the `#` the chips show, separated by spaces or commas. */
export function normalizeTags(text: string): string {
  return text
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^#+/, "").toLowerCase())
    .filter(Boolean)
    .join(" ");
}

const isRangeBound = (value: string) => isValidCalendarDate(value) || parseTimestamp(value) !== undefined;
const isValid: Record<(typeof filterNames)[number], (value: string) => boolean> = {
  q: (value) => value.length <= searchMaxLength && !value.includes("\0"),
  project_id: isUuid,
  tags: (value) => !value.includes("\0"),
  reference: (value) => value.length <= 200 && !value.includes("\0"),
  from: isRangeBound,
  to: isRangeBound,
  source: (value) => value.split(/[\s,]+/).every((source) => (entrySources as readonly string[]).includes(source)),
  author_id: isAuthorFilter,
};

/** The filters with empty values and values the entries list would refuse (as its schema does) dropped, and tags normalized. */
export function cleanFilters(filters: EntryFilters): EntryFilters {
  const clean: EntryFilters = {};
  for (const name of filterNames) {
    const value = name === "tags" ? normalizeTags(filters.tags ?? "") : filters[name]?.trim();
    if (value && isValid[name](value)) clean[name] = value;
  }
  return clean;
}

export function filtersFromSearch(search: URLSearchParams | { get(name: string): string | null }): EntryFilters {
  return cleanFilters(Object.fromEntries(filterNames.map((name) => [name, search.get(name) ?? undefined])));
}

/** The worklog's URL for the filters: "/" when there are none, and no empty parameters. */
export function worklogHref(filters: EntryFilters): string {
  const search = new URLSearchParams(Object.entries(cleanFilters(filters)));
  const query = search.toString();
  return query ? `/?${query}` : "/";
}

export function sameFilters(a: EntryFilters, b: EntryFilters): boolean {
  return worklogHref(a) === worklogHref(b);
}

/** Why a date range selects nothing, said before asking: the end before the start. */
export function rangeProblem({ from, to }: EntryFilters): string | undefined {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (from && to && day.test(from) && day.test(to) && from > to) return `“From” (${from}) is after “To” (${to}): no day is in this range. Swap them?`;
  return undefined;
}

/**
 * The period of the suggested entries the worklog shows above its days (its `from` and `to`), or
 * undefined when it is filtered by anything else: suggestions are commits not logged at all, not
 * entries that match.
 */
export function suggestionFilters({ q, tags, reference, project_id, source, author_id, from, to }: EntryFilters): { from?: string; to?: string } | undefined {
  if (q || tags || reference || project_id || source || author_id) return undefined;
  return { ...(from && { from }), ...(to && { to }) };
}
