"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from "react";
import { formatDuration } from "@/components/format";
import { priority } from "@/components/keyboard/shortcut-registry";
import { useShortcuts } from "@/components/keyboard/use-shortcuts";
import type { ProjectOption } from "@/components/projects/project-select";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-feedback";
import { addDays } from "@/lib/time";
import { loadWeekEntries } from "@/lib/worklog/actions";
import { emptyEntryForm } from "@/lib/worklog/entry-form-values";
import { cleanFilters } from "@/lib/worklog/filters";
import type { EntryView } from "@/lib/worklog/views";
import { slotTime, weekColumns, type DayPiece } from "@/lib/worklog/week-layout";
import { EntryDialog, type Editing } from "./entry-dialog";
import { accepted } from "./refusal";
import { useWorklogFilters } from "./worklog-filters";
import { useWorklogView } from "./worklog-view";

type WeekViewProps = { projects: ProjectOption[]; tags: string[]; timeZone: string; today: string };

/** An hour's height in the columns, in rem: a quarter of an hour is a line of small text. */
const hourHeight = 3;
/** A click on an empty slot starts an entry of this long, filling the slot. */
const slotMinutes = 30;
/** The columns open scrolled to the start of a working day. */
const firstShownHour = 7;

const phoneQuery = "(max-width: 639px)";
const subscribeToPhone = (onChange: () => void) => {
  const query = window.matchMedia(phoneQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/** Whether the window is as narrow as a phone's: the week view then shows one day. */
function usePhone(): boolean {
  return useSyncExternalStore(
    subscribeToPhone,
    () => window.matchMedia(phoneQuery).matches,
    () => false,
  );
}

// Formatters are made once: making one costs more than drawing a block.
const dayFormat = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat("en", { ...options, timeZone: "UTC" });
  return (day: string) => format.format(new Date(`${day}T12:00:00Z`));
};
const weekdayName = dayFormat({ weekday: "short" });
const longDay = dayFormat({ weekday: "long", day: "numeric", month: "long" });
const shortDate = dayFormat({ day: "numeric", month: "short" });

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockTime(instant: number, timeZone: string): string {
  let format = clockFormats.get(timeZone);
  if (!format) clockFormats.set(timeZone, (format = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" })));
  return format.format(instant);
}

/** The entry's first line of text, without the marks of markdown headings and lists. */
function title(entry: EntryView): string {
  return (
    entry.content
      .split("\n")
      .find((line) => line.trim())
      ?.replace(/^\s*(?:#+|[-*+]|\d+\.)\s+/, "")
      .trim() ?? ""
  );
}

/**
 * The worklog as a calendar week, as Toggl's and Solidtime's: one column per day of the week (in
 * the account's time zone, from its first day of the week), an entry with a duration a block from
 * its start to `recorded_at`, one without a marker at `recorded_at`, each day's total on top.
 * ← and → (keys or buttons) move by a week, on a phone by a day; a block opens its entry to edit;
 * a click in an empty slot starts an entry there. The filters other than dates apply.
 */
export default function WeekView({ projects, tags, timeZone, today }: WeekViewProps) {
  const { filters } = useWorklogFilters();
  const { date, show } = useWorklogView(today);
  const phone = usePhone();
  const [editing, setEditing] = useState<Editing>();
  const otherFilters = cleanFilters({ q: filters.q, project_id: filters.project_id, tags: filters.tags, source: filters.source });
  const week = useQuery({
    queryKey: ["entries", "week", otherFilters, date],
    queryFn: () => accepted(loadWeekEntries(otherFilters, date)),
    placeholderData: keepPreviousData,
  });
  const days = week.data?.days;
  const columns = useMemo(() => (days ? weekColumns(days, week.data!.entries, timeZone, new Date()) : []), [days, week.data, timeZone]);
  const shown = phone ? columns.filter((column) => column.day === date) : columns;
  const step = phone ? 1 : 7;
  const move = (direction: -1 | 1) => show({ date: addDays(date, direction * step) });
  const projectNames = new Map(projects.map((project) => [project.id, project.name]));

  useShortcuts([
    {
      keys: ["ArrowLeft", "ArrowRight"],
      label: ["←", "→"],
      does: "Go to the week before or after",
      shift: false,
      priority: priority.view,
      run: (event) => move(event.key === "ArrowLeft" ? -1 : 1),
    },
  ]);

  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = (element.scrollHeight / 24) * firstShownHour;
  }, []);

  const startEntry = (day: string, fraction: number) => {
    const start = slotTime(day, fraction, slotMinutes);
    const [hours, minutes] = start.slice(11).split(":").map(Number);
    const endMinutes = Math.min(hours! * 60 + minutes! + slotMinutes, 24 * 60 - 1);
    const end = `${day}T${String(Math.floor(endMinutes / 60)).padStart(2, "0")}:${String(endMinutes % 60).padStart(2, "0")}`;
    setEditing({ kind: "new", values: { ...emptyEntryForm, recordedAt: end, duration: String(endMinutes - hours! * 60 - minutes!) } });
  };

  const heading = !days ? "Week" : phone ? longDay(date) : `${shortDate(days[0]!)} – ${shortDate(days.at(-1)!)}`;
  const weekSeconds = columns.reduce((sum, column) => sum + column.seconds, 0);

  return (
    <section aria-labelledby="week-heading" aria-busy={week.isFetching || undefined} className="lg:col-start-1">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="week-heading" className="text-lg font-semibold tracking-tight">
          {heading}
        </h2>
        <p className="mr-auto text-zinc-600 dark:text-zinc-400">{!phone && days && `${formatDuration(weekSeconds)} in all`}</p>
        <Button variant="secondary" size="sm" aria-label={phone ? "Previous day" : "Previous week"} onClick={() => move(-1)}>
          ←
        </Button>
        <Button variant="secondary" size="sm" onClick={() => show({ date: today })}>
          {phone ? "Today" : "This week"}
        </Button>
        <Button variant="secondary" size="sm" aria-label={phone ? "Next day" : "Next week"} onClick={() => move(1)}>
          →
        </Button>
      </div>
      <p className="mt-1 mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Blocks run from an entry’s start to its time; entries without a duration are lines. Click a block to edit it, an empty slot to add an entry there.
        <span className="max-sm:hidden"> ← and → move by a week.</span>
      </p>
      {(filters.from || filters.to) && (
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">The week view shows whole weeks: the From and To filters are left aside here.</p>
      )}
      {week.isError && <FormError message="The week could not be loaded. Try again." />}
      <div className="rounded-lg border border-zinc-200 dark:border-zinc-800">
        <div className="flex border-b border-zinc-200 dark:border-zinc-800">
          <div className="w-12 shrink-0" aria-hidden />
          {shown.map((column) => (
            <div key={column.day} className="min-w-0 flex-1 border-l border-zinc-200 px-1.5 py-1 text-sm dark:border-zinc-800" data-day={column.day}>
              <p className={column.day === today ? "font-semibold text-brand-700 dark:text-brand-300" : "font-medium"}>
                {weekdayName(column.day)} <span className="font-normal">{shortDate(column.day)}</span>
              </p>
              <p className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                <span className="sr-only">Total </span>
                {formatDuration(column.seconds)}
              </p>
            </div>
          ))}
        </div>
        <div ref={scroller} className="max-h-[36rem] overflow-y-auto">
          <div className="relative flex" style={{ height: `${hourHeight * 24}rem` }}>
            <div className="w-12 shrink-0 text-right text-xs text-zinc-500 dark:text-zinc-400" aria-hidden>
              {Array.from({ length: 24 }, (_, hour) => (
                <div key={hour} className="pr-1.5" style={{ height: `${hourHeight}rem` }}>
                  {hour > 0 ? `${String(hour).padStart(2, "0")}:00` : ""}
                </div>
              ))}
            </div>
            {shown.map((column) => (
              <DayColumn
                key={column.day}
                day={column.day}
                pieces={column.pieces}
                timeZone={timeZone}
                projectNames={projectNames}
                onEdit={(entry) => setEditing({ kind: "edit", entry })}
                onStart={startEntry}
              />
            ))}
          </div>
        </div>
      </div>
      {editing && (
        <EntryDialog
          key={editing.kind === "edit" ? editing.entry.id : editing.values.recordedAt}
          editing={editing}
          projects={projects}
          tags={tags}
          timeZone={timeZone}
          onClosed={() => setEditing(undefined)}
        />
      )}
    </section>
  );
}

type DayColumnProps = {
  day: string;
  pieces: DayPiece<EntryView>[];
  timeZone: string;
  projectNames: Map<string, string>;
  onEdit: (entry: EntryView) => void;
  onStart: (day: string, fraction: number) => void;
};

function DayColumn({ day, pieces, timeZone, projectNames, onEdit, onStart }: DayColumnProps) {
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    onStart(day, (event.clientY - box.top) / box.height);
  };
  return (
    // A click on the column's background starts an entry; the keyboard's way is the composer above.
    <div
      data-day={day}
      aria-label={longDay(day)}
      role="group"
      onClick={onClick}
      className="relative min-w-0 flex-1 cursor-copy border-l border-zinc-200 bg-[repeating-linear-gradient(to_bottom,transparent_0,transparent_calc(3rem-1px),var(--color-zinc-100)_calc(3rem-1px),var(--color-zinc-100)_3rem)] dark:border-zinc-800 dark:bg-[repeating-linear-gradient(to_bottom,transparent_0,transparent_calc(3rem-1px),var(--color-zinc-900)_calc(3rem-1px),var(--color-zinc-900)_3rem)]"
    >
      {pieces.map((piece) => (
        <PieceButton
          key={piece.item.id}
          piece={piece}
          timeZone={timeZone}
          projectName={piece.item.project_id ? projectNames.get(piece.item.project_id) : undefined}
          onEdit={onEdit}
        />
      ))}
    </div>
  );
}

function PieceButton({
  piece,
  timeZone,
  projectName,
  onEdit,
}: {
  piece: DayPiece<EntryView>;
  timeZone: string;
  projectName?: string;
  onEdit: (entry: EntryView) => void;
}) {
  const entry = piece.item;
  const recorded = Date.parse(entry.recorded_at);
  const text = title(entry) || "Untitled entry";
  const when =
    piece.kind === "marker"
      ? clockTime(recorded, timeZone)
      : `${clockTime(entry.running ? recorded : recorded - (entry.duration_seconds ?? 0) * 1000, timeZone)}–${entry.running ? "now" : clockTime(recorded, timeZone)}`;
  const label = [
    text,
    when,
    entry.duration_seconds ? formatDuration(entry.duration_seconds) : entry.running ? "running" : undefined,
    projectName ?? entry.project?.name,
  ]
    .filter(Boolean)
    .join(", ");
  const width = 100 / piece.lanes;
  if (piece.kind === "marker") {
    return (
      <button
        type="button"
        data-entry-id={entry.id}
        data-kind="marker"
        aria-label={`Edit: ${label}`}
        onClick={() => onEdit(entry)}
        className="absolute right-0 left-0 z-10 flex -translate-y-1/2 flex-row-reverse justify-end gap-1 border-t-2 border-brand-500 bg-white/80 px-1 text-left text-xs leading-4 text-zinc-800 hover:bg-brand-50 dark:bg-zinc-950/80 dark:text-zinc-200 dark:hover:bg-brand-950"
        style={{ top: `${piece.top * 100}%` }}
      >
        {/* The time shows first, but the text comes first in the name (Edit: text, time, …): so in the source, for the name to hold the visible words in order (WCAG 2.5.3). */}
        <span className="min-w-0 truncate">{text}</span> <span className="shrink-0">{when}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      data-entry-id={entry.id}
      data-kind="block"
      aria-label={`Edit: ${label}`}
      onClick={() => onEdit(entry)}
      className="absolute overflow-hidden rounded border-l-4 border-brand-500 bg-brand-50 px-1 text-left text-xs leading-4 text-zinc-900 hover:bg-brand-100 dark:bg-brand-950 dark:text-zinc-100 dark:hover:bg-brand-900"
      style={{ top: `${piece.top * 100}%`, height: `max(${piece.height * 100}%, 1rem)`, left: `${piece.lane * width}%`, width: `calc(${width}% - 2px)` }}
    >
      <span className="block truncate font-medium">{text}</span> <span className="block truncate text-zinc-600 dark:text-zinc-400">{when}</span>
    </button>
  );
}
