"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-feedback";
import { ProjectSelect, type ProjectOption } from "@/components/projects/project-select";
import { TextField } from "@/components/ui/field";
import { normalizeTags, rangeProblem, type EntryFilters as Filters } from "@/lib/worklog/filters";
import { useWorklogFilters } from "./worklog-filters";

export const tagFilterId = "entry-filter-tags";
const typingPause = 300;

/**
 * The list's filters, applied in place as they change (tags after a pause in typing, Enter at
 * once); the URL follows, so a filtered list can be linked, reloaded and left with Back.
 */
export function EntryFilters({ projects }: { projects: ProjectOption[] }) {
  const { filters, change: changeFilters } = useWorklogFilters();
  const [tags, setTags] = useState(filters.tags ?? "");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // One search typed in pauses is one step of history: its first pause adds an entry, the later ones replace it.
  const typingStepAdded = useRef(false);
  const problem = rangeProblem(filters);
  const [more, setMore] = useState(false);
  const moreId = useId();
  const hiddenCount = [filters.project_id, filters.from, filters.to].filter(Boolean).length;

  // Back, Forward and clicked tags change the filters under the field: it shows theirs unless it
  // already says the same (adjusted while rendering, as React advises for state that follows props).
  const [shownFilterTags, setShownFilterTags] = useState(filters.tags);
  if (shownFilterTags !== filters.tags) {
    setShownFilterTags(filters.tags);
    if (normalizeTags(tags) !== (filters.tags ?? "")) setTags(filters.tags ?? "");
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (changes: Filters) => {
    clearTimeout(timer.current);
    typingStepAdded.current = false;
    changeFilters({ tags: normalizeTags(tags), ...changes });
  };
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
        <TextField
          id={tagFilterId}
          label="Any of the tags"
          name="tags"
          type="search"
          autoComplete="off"
          placeholder="#design review"
          value={tags}
          onChange={(event) => {
            const typed = event.target.value;
            setTags(typed);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              changeFilters({ tags: normalizeTags(typed) }, { replace: typingStepAdded.current });
              typingStepAdded.current = true;
            }, typingPause);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape" && tags) {
              event.preventDefault();
              setTags("");
              change({ tags: "" });
            }
          }}
          onBlur={() => (typingStepAdded.current = false)}
          className="min-w-0 flex-1"
        />
        <Button variant="secondary" className="lg:hidden" aria-expanded={more} aria-controls={moreId} onClick={() => setMore(!more)}>
          More{hiddenCount > 0 ? ` (${hiddenCount})` : ""}
        </Button>
      </div>
      {/* On a phone, the project and dates wait behind "More", so that the list starts on the first screen. */}
      <div id={moreId} className={`grid grid-cols-2 gap-3 ${more ? "" : "max-lg:hidden"}`}>
        <ProjectSelect label="Project" name="project_id" projects={projects} noneLabel="All projects" value={filters.project_id ?? ""} onChange={(event) => change({ project_id: event.target.value })} className="col-span-2" />
        <TextField label="From" name="from" type="date" value={filters.from ?? ""} onChange={(event) => change({ from: event.target.value })} aria-invalid={problem ? true : undefined} />
        <TextField label="To" name="to" type="date" value={filters.to ?? ""} onChange={(event) => change({ to: event.target.value })} aria-invalid={problem ? true : undefined} />
      </div>
      <FormError message={problem} />
      {filtered && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setTags("");
            change({ project_id: "", tags: "", from: "", to: "" });
          }}
        >
          Clear filters
        </Button>
      )}
    </form>
  );
}
