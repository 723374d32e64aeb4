"use client";

import { useSearchParams } from "next/navigation";
import { createContext, useCallback, useContext, useMemo, type MouseEvent, type ReactNode } from "react";
import { useWorkspaceHref } from "@/components/workspaces/workspace-link";
import { filtersFromSearch, worklogHref, type EntryFilters } from "@/lib/worklog/filters";

type FiltersContext = {
  filters: EntryFilters;
  /**
   * Sets these filters, keeping the others as the URL has them now (which may be ahead of
   * `filters`, until the next render); `replace` updates the current history entry instead of
   * adding one, for the steps of one search being typed.
   */
  change: (changes: EntryFilters, options?: { replace?: boolean }) => void;
};

/** The URL's parameters that say how the entries are shown (components/worklog/worklog-view.ts), which a change of filters keeps. */
export const viewParams = ["view", "date"] as const;

function withViewParams(href: string, current: URLSearchParams): string {
  const url = new URL(href, window.location.origin);
  for (const name of viewParams) {
    const value = current.get(name);
    if (value) url.searchParams.set(name, value);
  }
  return `${url.pathname}${url.search}`;
}

const Context = createContext<FiltersContext | undefined>(undefined);

/**
 * The worklog's filters live in its URL: shareable, reloadable, and the back button returns to the
 * previous ones. Applying filters pushes a history entry without a server round trip (Next.js
 * keeps `useSearchParams` in step with `history.pushState`); the entries query follows.
 */
export function WorklogFiltersProvider({ children }: { children: ReactNode }) {
  const search = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const workspaceHref = useWorkspaceHref();
  const change = useCallback(
    (changes: EntryFilters, { replace = false } = {}) => {
      const current = new URLSearchParams(window.location.search);
      const href = withViewParams(workspaceHref(worklogHref({ ...filtersFromSearch(current), ...changes })), current);
      if (href === `${window.location.pathname}${window.location.search}`) return;
      if (replace) window.history.replaceState(null, "", href);
      else window.history.pushState(null, "", href);
    },
    [workspaceHref],
  );
  const value = useMemo(() => ({ filters, change }), [filters, change]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useWorklogFilters(): FiltersContext {
  const context = useContext(Context);
  if (!context) throw new Error("useWorklogFilters is used outside WorklogFiltersProvider");
  return context;
}

const opensElsewhere = (event: MouseEvent) => event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;

/**
 * A link to the worklog filtered by `filters`, added to the current ones. On the worklog it
 * filters in place; anywhere else (a project page) it is a plain link there.
 */
export function FilterLink({ filters, className, title, children }: { filters: EntryFilters; className?: string; title?: string; children: ReactNode }) {
  const context = useContext(Context);
  const target = context ? { ...context.filters, ...filters } : filters;
  const workspaceHref = useWorkspaceHref();
  return (
    <a
      href={workspaceHref(worklogHref(target))}
      title={title}
      className={className}
      onClick={(event) => {
        if (!context || opensElsewhere(event)) return;
        event.preventDefault();
        context.change(filters);
      }}
    >
      {children}
    </a>
  );
}
