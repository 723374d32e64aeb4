import { readableEntriesCondition, readsAllEntries, type Access } from "@/lib/access/context";
import { isReferenceKey } from "@/lib/references/recognise";
import { changedSince } from "@/lib/sync/schemas";
import { rangeEnd, rangeStart } from "@/lib/time";
import type { EntryListFilters as Filters } from "./schemas";
import { prefixWord } from "./search-text";

// The conditions of the entries lists' filters in SQL, for the lists' statements (entry-sql.ts)
// and the reports' (lib/reports/report.ts).

/**
 * The tsquery of a search (docs/api.md, "Search"): web-search syntax, and the last word, while it
 * may still be being typed, also as a prefix of the words as written (the `worklog_words`
 * lexemes of the search vector, migration 20261123190339_entry_search), since a stem is not always
 * a prefix of its word's stem. NULL, which matches nothing, when the text has no word to search.
 * One expression of immutable functions, no subquery: PostgreSQL folds it into a constant when it
 * plans with the values, and so estimates how many entries match (a rare word is read from the
 * GIN index, a common one along the order of the work).
 */
function searchQuery(text: string, typedWord: string) {
  const whole = `websearch_to_tsquery('worklog_search', ${text}::text)`;
  const typed = `websearch_to_tsquery('worklog_search', ${typedWord}::text)`;
  return `(CASE
    WHEN numnode(${whole}) = 0 THEN NULL
    WHEN ${typedWord}::text IS NULL OR numnode(${typed}) = 0 THEN ${whole}
    ELSE ts_rewrite(${whole}, ${typed}, ${typed} || to_tsquery('worklog_words', ${typedWord}::text || ':*')) END)`;
}

/**
 * The conditions of the filters but tags on the entries `access` may read. Those on what an
 * entry's tag rows hold too (workspace, author, project, source, time) are on `listed`: the
 * entry `e`, or its tag row `t` when the list reads the tags' index (taggedList); the others are
 * on `e`. `bind` adds a value and answers its placeholder.
 */
export function filterConditions(access: Access, filters: Filters, bind: (value: unknown) => string, listed: "e" | "t") {
  const { author_id, project_id, reference, from, to, source, updated_since, q } = filters;
  const { timezone } = access.user;
  const conditions = [readableEntriesCondition(access, bind, listed)];
  const onEntry: string[] = [];
  if (author_id) conditions.push(`${listed}.user_id = ${bind(author_id === "me" ? access.user.id : author_id)}::uuid`);
  if (project_id) conditions.push(`${listed}.project_id = ${bind(project_id)}::uuid`);
  if (from) conditions.push(`${listed}.recorded_at >= ${bind(rangeStart(from, timezone))}`);
  if (to) conditions.push(`${listed}.recorded_at <= ${bind(rangeEnd(to, timezone))}`);
  // One source is an equality, which reads the index by source in the order of the work.
  if (source?.length === 1) conditions.push(`${listed}.source = ${bind(source[0])}::"EntrySource"`);
  else if (source) conditions.push(`${listed}.source = ANY(${bind(source)}::text[]::"EntrySource"[])`);
  if (reference) onEntry.push(`e.issue_keys @> ARRAY[${bind(reference)}::text]`);
  if (updated_since) onEntry.push(`e.updated_at >= ${bind(changedSince(updated_since))}`);
  if (q) {
    const words = `e.search_vector @@ ${searchQuery(bind(q), bind(prefixWord(q) ?? null))}`;
    // A search for an issue's key also finds the entries that refer to it through their commits.
    const key = isReferenceKey(q) ? `e.issue_keys @> ARRAY[${bind(q.trim().toLowerCase())}::text]` : undefined;
    onEntry.push(key ? `(${words} OR ${key})` : words);
  }
  return { onListed: conditions, onEntry };
}

/** The values of a statement, each bound once at the next placeholder. */
export function binder() {
  const values: unknown[] = [];
  return { values, bind: (value: unknown) => `$${values.push(value)}` };
}

/** The WHERE clause of the entries (`e`) `access` may read matching the filters, with its values from $1 on ($1: the workspace). */
export function matchingEntries(access: Access, filters: Filters) {
  const { values, bind } = binder();
  const { onListed, onEntry } = filterConditions(access, filters, bind, "e");
  const conditions = [...onListed, ...onEntry];
  if (filters.tags && filters.tags.length > 0) conditions.push(`e.tags && ${bind(filters.tags)}::text[]`);
  return { where: conditions.join(" AND "), values };
}

const hasFilters = ({ author_id, project_id, tags, reference, from, to, source, updated_since, q }: Filters) =>
  Boolean(author_id || project_id || tags?.length || reference || from || to || source || updated_since || q);

/** Whether the list is every entry of the workspace, whose total the counters keep: no filter, and `access` reads them all. */
export const countsEveryEntry = (access: Access, filters: Filters) => !hasFilters(filters) && readsAllEntries(access);
