"use client";

import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-feedback";
import { ProjectSelect, type ProjectOption } from "@/components/projects/project-select";
import { SelectField, TextField } from "@/components/ui/field";
import { normalizeTags, rangeProblem, searchMaxLength, type EntryFilters as Filters } from "@/lib/worklog/filters";
import { entrySourceLabels, entrySources } from "@/lib/worklog/sources";
import { useWorklogFilters } from "./worklog-filters";

export const searchFieldId = "entry-filter-q";
const typingPause = 300;

type TypedFilter = "q" | "tags";
const normalized = (name: TypedFilter, text: string) => (name === "tags" ? normalizeTags(text) : text.trim());

/**
 * A filter typed into a field: applied after a pause in typing (Enter at once, Escape clears
 * it). One search typed in pauses is one step of history: its first pause adds an entry, the
 * later ones replace it.
 */
function useTypedFilter(name: TypedFilter) {
  const { filters, change } = useWorklogFilters();
  const [text, setText] = useState(filters[name] ?? "");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typingStepAdded = useRef(false);
  // The filters this field asked for that the URL has not reached yet: when it reaches one, what
  // was typed since stays in the field (on a slow device the URL trails the typing).
  const [pending, setPending] = useState<string[]>([]);
  const request = (filter: string, options?: { replace?: boolean }) => {
    setPending((requested) => [...requested, filter]);
    change({ [name]: filter }, options);
  };

  // Back, Forward and clicked tags change the filters under the field: it shows theirs unless it
  // already says the same (adjusted while rendering, as React advises for state that follows props).
  const [shownFilter, setShownFilter] = useState(filters[name]);
  if (shownFilter !== filters[name]) {
    setShownFilter(filters[name]);
    const filter = filters[name] ?? "";
    const reached = pending.indexOf(filter);
    setPending(reached === -1 ? [] : pending.slice(reached + 1));
    if (reached === -1 && normalized(name, text) !== filter) setText(filter);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    text,
    /** The field's text as the filter, for a change of the other filters to carry along. */
    current: () => {
      clearTimeout(timer.current);
      typingStepAdded.current = false;
      const filter = normalized(name, text);
      setPending((requested) => [...requested, filter]);
      return { [name]: filter };
    },
    field: {
      value: text,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const typed = event.target.value;
        setText(typed);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          request(normalized(name, typed), { replace: typingStepAdded.current });
          typingStepAdded.current = true;
        }, typingPause);
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === "Escape" && text) {
          event.preventDefault();
          clearTimeout(timer.current);
          typingStepAdded.current = false;
          setText("");
          request("");
        }
      },
      onBlur: () => (typingStepAdded.current = false),
    },
    clear: () => setText(""),
  };
}

/**
 * The list's filters, applied in place as they change (typed ones after a pause in typing, Enter
 * at once); the URL follows, so a filtered list can be linked, reloaded and left with Back.
 */
export function EntryFilters({ projects }: { projects: ProjectOption[] }) {
  const { filters, change: changeFilters } = useWorklogFilters();
  const search = useTypedFilter("q");
  const tags = useTypedFilter("tags");
  const problem = rangeProblem(filters);
  const [more, setMore] = useState(false);
  const moreId = useId();
  const hiddenCount = [filters.tags, filters.project_id, filters.source, filters.from, filters.to].filter(Boolean).length;

  const change = (changes: Filters) => changeFilters({ ...search.current(), ...tags.current(), ...changes });
  const filtered = Object.keys(filters).length > 0;

  return (
    <form
      role="search"
      aria-label="Filter entries"
      className="space-y-3 rounded-lg bg-zinc-50 p-4 dark:bg-zinc-900"
      onSubmit={(event) => {
        event.preventDefault();
        change({});
      }}
    >
      <div className="flex items-end gap-2">
        <TextField id={searchFieldId} label="Search" name="q" type="search" autoComplete="off" placeholder='deploy -staging "exact phrase"' maxLength={searchMaxLength} {...search.field} className="min-w-0 flex-1" />
        <Button variant="secondary" className="lg:hidden" aria-expanded={more} aria-controls={moreId} onClick={() => setMore(!more)}>
          More{hiddenCount > 0 ? ` (${hiddenCount})` : ""}
        </Button>
      </div>
      {/* On a phone, the tags, project and dates wait behind "More", so that the list starts on the first screen. */}
      <div id={moreId} className={`grid grid-cols-2 gap-3 ${more ? "" : "max-lg:hidden"}`}>
        <TextField label="Any of the tags" name="tags" type="search" autoComplete="off" placeholder="#design review" {...tags.field} className="col-span-2" />
        <ProjectSelect label="Project" name="project_id" projects={projects} noneLabel="All projects" value={filters.project_id ?? ""} onChange={(event) => change({ project_id: event.target.value })} />
        <SelectField label="Source" name="source" value={filters.source ?? ""} onChange={(event) => change({ source: event.target.value })}>
          <option value="">Any source</option>
          {entrySources.map((source) => (
            <option key={source} value={source}>
              {entrySourceLabels[source]}
            </option>
          ))}
        </SelectField>
        <TextField label="From" name="from" type="date" value={filters.from ?? ""} onChange={(event) => change({ from: event.target.value })} aria-invalid={problem ? true : undefined} />
        <TextField label="To" name="to" type="date" value={filters.to ?? ""} onChange={(event) => change({ to: event.target.value })} aria-invalid={problem ? true : undefined} />
      </div>
      <FormError message={problem} />
      {filtered && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            search.clear();
            tags.clear();
            change({ q: "", project_id: "", tags: "", from: "", to: "", source: "" });
          }}
        >
          Clear filters
        </Button>
      )}
    </form>
  );
}
