"use client";

import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-feedback";
import { ProjectSelect, type ProjectOption } from "@/components/projects/project-select";
import { controlClassName, SelectField, TextField } from "@/components/ui/field";
import { SourceSelect } from "@/components/worklog/source-select";
import { isValidCalendarDate, type WeekStart } from "@/lib/time";
import { datePresetLabels, datePresetRange, datePresets, matchingDatePreset, type DatePreset } from "@/lib/worklog/date-presets";
import { normalizeTags, rangeProblem, searchMaxLength, type EntryFilters as Filters } from "@/lib/worklog/filters";
import { focusRow, listedRows } from "./entry-rows";
import { useTeam } from "./team-context";
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
        // From the search, ↓ goes on to the results, where j and k move between them.
        if (name === "q" && event.key === "ArrowDown" && focusRow(listedRows()[0], "nearest")) {
          event.preventDefault();
        } else if (event.key === "Escape" && text) {
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
 * A day typed into a date field is applied once it is a whole date, or on Enter or leaving the
 * field (an emptied field then clears the filter); what is being typed is never replaced, since
 * a half-typed date reads as empty. Back, Forward and the presets change it from outside.
 */
function DateFilter({ label, name, invalid, onApply }: { label: string; name: "from" | "to"; invalid: boolean; onApply: (day: string) => void }) {
  const { filters } = useWorklogFilters();
  const applied = filters[name] ?? "";
  const [text, setText] = useState(applied);
  const [shownFilter, setShownFilter] = useState(applied);
  if (shownFilter !== applied) {
    setShownFilter(applied);
    setText(applied);
  }
  const apply = () => {
    if (text !== applied) onApply(text);
  };
  return (
    <TextField
      label={label}
      name={name}
      type="date"
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        if (isValidCalendarDate(typed) && typed !== applied) onApply(typed);
      }}
      onKeyDown={(event) => {
        if (event.key !== "Enter") return;
        event.preventDefault();
        apply();
      }}
      onBlur={apply}
      aria-invalid={invalid || undefined}
    />
  );
}

type FilterProps = {
  projects: ProjectOption[];
  timeZone: string;
  weekStart: WeekStart;
  /** More buttons at the end of the bar, e.g. the week chart's. */
  children?: ReactNode;
};

const toggleClassName = "aria-expanded:bg-zinc-100 dark:aria-expanded:bg-zinc-800";

/**
 * The list's filters, applied in place as they change (typed ones after a pause in typing, Enter
 * at once); the URL follows, so a filtered list can be linked, reloaded and left with Back. A bar
 * above the list: the search, and the other filters in a panel that "Filters" opens (open from the
 * start when the URL sets any of them). On a phone the whole bar waits behind a button.
 */
export function EntryFilters({ projects, timeZone, weekStart, children }: FilterProps) {
  const { filters, change: changeFilters } = useWorklogFilters();
  const search = useTypedFilter("q");
  const tags = useTypedFilter("tags");
  const problem = rangeProblem(filters);
  const team = useTeam();
  const panelFilters = [filters.tags, filters.project_id, filters.source, filters.author_id, filters.from, filters.to].filter(Boolean).length;
  const [more, setMore] = useState(panelFilters > 0);
  const moreId = useId();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const preset = filters.from || filters.to ? matchingDatePreset(filters, new Date(), timeZone, weekStart) : undefined;

  const change = (changes: Filters) => changeFilters({ ...search.current(), ...tags.current(), ...changes });
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      {/* On a phone, the search and filters wait behind a button, so that the list starts on the first screen. */}
      <Button variant="secondary" size="sm" className="w-full sm:hidden" aria-expanded={open} aria-controls={formId} onClick={() => setOpen(!open)}>
        Search and filters{filtered ? ` (${Object.keys(filters).length})` : ""}
      </Button>
      <form
        id={formId}
        role="search"
        aria-label="Filter entries"
        className={`space-y-3 ${open ? "" : "max-sm:hidden"}`}
        onSubmit={(event) => {
          event.preventDefault();
          change({});
        }}
      >
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={searchFieldId} className="sr-only">
            Search
          </label>
          <input
            id={searchFieldId}
            name="q"
            type="search"
            autoComplete="off"
            placeholder='Search: deploy -staging "exact phrase"'
            maxLength={searchMaxLength}
            aria-keyshortcuts="/"
            {...search.field}
            className={`${controlClassName.replace("py-2", "py-1.5")} min-w-0 flex-1 basis-48`}
          />
          <Button variant="secondary" size="sm" className={toggleClassName} aria-expanded={more} aria-controls={moreId} onClick={() => setMore(!more)}>
            Filters{panelFilters > 0 ? ` (${panelFilters})` : ""}
          </Button>
          {children}
        </div>
        <div id={moreId} hidden={!more} className="rounded-lg bg-zinc-50 p-3 dark:bg-zinc-900">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <TextField
              label="Any of the tags"
              name="tags"
              type="search"
              autoComplete="off"
              placeholder="#design review"
              {...tags.field}
              className="col-span-2 sm:col-span-1 lg:col-span-2"
            />
            <ProjectSelect
              label="Project"
              name="project_id"
              projects={projects}
              noneLabel="All projects"
              value={filters.project_id ?? ""}
              onChange={(event) => change({ project_id: event.target.value })}
            />
            <SourceSelect value={filters.source ?? ""} onChange={(event) => change({ source: event.target.value })} />
            {team && (
              <SelectField
                label="Author"
                name="author_id"
                aria-keyshortcuts="m"
                value={filters.author_id === team.me ? "me" : (filters.author_id ?? "")}
                onChange={(event) => change({ author_id: event.target.value })}
              >
                <option value="">Everyone</option>
                <option value="me">Me</option>
                {team.members
                  .filter((member) => member.id !== team.me)
                  .map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
              </SelectField>
            )}
            <SelectField
              label="Dates"
              name="period"
              value={preset ?? (filters.from || filters.to ? "chosen" : "")}
              className="col-span-2 sm:col-span-1 lg:col-span-2"
              onChange={(event) =>
                change(event.target.value ? datePresetRange(event.target.value as DatePreset, new Date(), timeZone, weekStart) : { from: "", to: "" })
              }
            >
              <option value="">Any day</option>
              {!preset && (filters.from || filters.to) && (
                <option value="chosen" disabled>
                  The days chosen below
                </option>
              )}
              {datePresets.map((name) => (
                <option key={name} value={name}>
                  {datePresetLabels[name]}
                </option>
              ))}
            </SelectField>
            <DateFilter label="From" name="from" invalid={Boolean(problem)} onApply={(from) => change({ from })} />
            <DateFilter label="To" name="to" invalid={Boolean(problem)} onApply={(to) => change({ to })} />
          </div>
          {filtered && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => {
                search.clear();
                tags.clear();
                change({ q: "", project_id: "", tags: "", from: "", to: "", source: "", author_id: "" });
              }}
            >
              Clear filters
            </Button>
          )}
        </div>
        <FormError message={problem} />
      </form>
    </>
  );
}
