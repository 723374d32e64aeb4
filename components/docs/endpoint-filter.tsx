"use client";

import { createContext, use, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { useShortcuts } from "@/components/keyboard/use-shortcuts";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { controlClassName } from "@/components/ui/field";
import { matchesSearch } from "@/lib/openapi/search";

/** An endpoint as the search sees it: its element's id, its section's, and its search text (lib/openapi/search.ts). */
export type SearchableEndpoint = { id: string; section: string; searchText: string };

type Filter = {
  query: string;
  setQuery: (query: string) => void;
  /** The ids of the matching endpoints and of their sections; null while there is no query. */
  shown: ReadonlySet<string> | null;
  matches: number;
  inputRef: RefObject<HTMLInputElement | null>;
  resultsRef: RefObject<HTMLDivElement | null>;
};

const FilterContext = createContext<Filter | null>(null);

function useFilter(): Filter {
  const filter = use(FilterContext);
  if (!filter) throw new Error("Wrap the reference in <EndpointFilter>.");
  return filter;
}

/**
 * Holds the search of the reference. The server renders every endpoint; a search only hides
 * the elements of those that do not match, so nothing of the page is rendered again.
 */
export function EndpointFilter({ endpoints, children }: { endpoints: SearchableEndpoint[]; children: ReactNode }) {
  const [query, setQuery] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const filter = useMemo(() => {
    const refs = { inputRef, resultsRef };
    if (query.trim() === "") return { query, setQuery, shown: null, matches: endpoints.length, ...refs };
    const matching = endpoints.filter((endpoint) => matchesSearch(endpoint.searchText, query));
    const shown = new Set(matching.flatMap((endpoint) => [endpoint.id, endpoint.section]));
    return { query, setQuery, shown, matches: matching.length, ...refs };
  }, [endpoints, query]);
  return <FilterContext value={filter}>{children}</FilterContext>;
}

function matchCount(matches: number): string {
  if (matches === 0) return "No endpoint matches";
  return matches === 1 ? "1 endpoint matches" : `${matches} endpoints match`;
}

/** The search box: filters as one types, `/` from anywhere on the page focuses it, Escape clears it. */
export function EndpointSearch() {
  const { query, setQuery, matches, inputRef, resultsRef } = useFilter();
  const inputId = useId();
  const countId = useId();

  useShortcuts([{ keys: ["/"], run: () => inputRef.current?.focus() }]);

  function search(value: string) {
    setQuery(value);
    // Results start where the reference does: bring that into view when the reader has scrolled past it.
    const results = resultsRef.current;
    if (results && results.getBoundingClientRect().top < 0) results.scrollIntoView();
  }

  return (
    <search className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
        Search endpoints
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => search(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && query !== "") {
              event.preventDefault();
              search("");
            }
          }}
          placeholder="Method, path or name"
          autoComplete="off"
          spellCheck={false}
          aria-keyshortcuts="/"
          aria-describedby={countId}
          className={`peer pr-9 ${controlClassName}`}
        />
        {query === "" && (
          <kbd
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-zinc-300 px-1.5 font-mono text-xs text-zinc-600 peer-focus:hidden dark:border-zinc-700 dark:text-zinc-400"
          >
            /
          </kbd>
        )}
      </div>
      <p id={countId} role="status" className="text-sm text-zinc-600 empty:hidden dark:text-zinc-400">
        {query.trim() !== "" && matchCount(matches)}
      </p>
    </search>
  );
}

/** Shown while the search matches the element with this id (an endpoint, or a section holding a match), or while there is no search. */
export function Filtered({ id, as: Element = "div", className, children }: { id: string; as?: "div" | "li"; className?: string; children: ReactNode }) {
  const { shown } = useFilter();
  return (
    <Element className={className} hidden={shown !== null && !shown.has(id)}>
      {children}
    </Element>
  );
}

/** Where the search's results are, led by the empty state when nothing matches. */
export function FilterResults({ className, children }: { className?: string; children: ReactNode }) {
  const { query, setQuery, matches, inputRef, resultsRef } = useFilter();
  function clear() {
    setQuery("");
    inputRef.current?.focus();
  }
  return (
    <div ref={resultsRef} className={className}>
      {matches === 0 && (
        <EmptyState title={`No endpoint matches “${query.trim()}”.`}>
          <p>Search by method, path, summary, section, or the name of a parameter or field.</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={clear}>
            Clear the search
          </Button>
        </EmptyState>
      )}
      {children}
    </div>
  );
}
