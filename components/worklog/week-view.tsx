"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useHourCycle } from "@/components/formatting/clock-context";
import { formatDayOfMonth, formatDayRange, formatDuration, formatHour, formatWeekday } from "@/lib/formatting/time-words";
import { priority } from "@/components/keyboard/shortcut-registry";
import { useShortcuts } from "@/components/keyboard/use-shortcuts";
import type { ProjectOption } from "@/components/projects/project-select";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-feedback";
import { addDays, weekOf, type WeekStart } from "@/lib/time";
import { loadWeekEntries } from "@/lib/worklog/actions";
import { emptyEntryForm } from "@/lib/worklog/entry-form-values";
import { cleanFilters } from "@/lib/worklog/filters";
import { firstFreeSlot, firstShownHour, nowInWeek, slotTime, visibleHours, weekColumns, type WeekColumn } from "@/lib/worklog/week-layout";
import type { EntryView } from "@/lib/worklog/views";
import { EntryDialog, type Editing } from "./entry-dialog";
import { accepted } from "./refusal";
import { DayColumn, hourHeight, longDay, pieceMinHeight, slotMinutes } from "./week-day-column";
import { useWorklogFilters } from "./worklog-filters";
import { useWorklogView } from "./worklog-view";

type WeekViewProps = { projects: ProjectOption[]; tags: string[]; timeZone: string; today: string; weekStart: WeekStart };

/** The least fraction of a day a piece is drawn over: `pieceMinHeight` of the day's `hourHeight * 24`. */
const minExtent = pieceMinHeight / (hourHeight * 24);
/** The day headers' height, in rem: one line, sticky above the hours. */
const headerHeight = 2.5;
/** A lane's least width, in rem: a 24 px target and a few letters; a day as narrow is widened and the week scrolls sideways. */
const laneWidth = 1.75;

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

/** The time, renewed every minute: the now-line and a running entry's block follow it. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** A day's least width, in rem: room for its most lanes side by side. */
const columnWidth = (column: WeekColumn<unknown>) => Math.max(6, laneWidth * Math.max(1, ...column.pieces.map((piece) => piece.lanes)));

/**
 * The worklog as a calendar week, as Toggl's and Solidtime's: one column per day of the week (in
 * the account's time zone, from its first day of the week), an entry with a duration a block from
 * its start to `recorded_at`, one without a marker at `recorded_at`, each in its project's colour,
 * overlapping ones side by side; each day's total on top, a line at now. It opens on the working
 * day widened to every entry and to now, scrolled to now or to the first entry when that does not
 * fit. The days are drawn at once, the entries when they come. ← and → (keys or buttons) move by a
 * week, on a phone by a day; a block opens its entry to edit; a click in an empty slot, or a day's
 * "add" button, starts an entry there. The filters other than dates apply.
 */
export default function WeekView({ projects, tags, timeZone, today, weekStart }: WeekViewProps) {
  const { filters } = useWorklogFilters();
  const { date, show } = useWorklogView(today);
  const phone = usePhone();
  const hourCycle = useHourCycle();
  const now = useNow();
  const [editing, setEditing] = useState<Editing>();
  const otherFilters = cleanFilters({
    q: filters.q,
    project_id: filters.project_id,
    tags: filters.tags,
    reference: filters.reference,
    source: filters.source,
    author_id: filters.author_id,
  });
  const week = useQuery({
    queryKey: ["entries", "week", otherFilters, date],
    queryFn: () => accepted(loadWeekEntries(otherFilters, date)),
    placeholderData: keepPreviousData,
  });
  const days = useMemo(() => weekOf(date, weekStart), [date, weekStart]);
  const loaded = week.data !== undefined && !week.isPlaceholderData;
  const entries = week.data?.entries;
  const columns = useMemo(() => weekColumns(days, entries ?? [], timeZone, now, { minExtent }), [days, entries, timeZone, now]);
  const nowAt = nowInWeek(days, timeZone, now);
  const range = visibleHours(columns, nowAt, minExtent);
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

  // The first scroll of each week shown: once with its days, again when its entries come.
  const scroller = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef<string>(undefined);
  const scrollKey = `${shown[0]?.day} ${loaded}`;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || scrolledFor.current === scrollKey) return;
    scrolledFor.current = scrollKey;
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
    const shownHours = (element.clientHeight / rem - headerHeight) / hourHeight;
    element.scrollTop = firstShownHour(shown, range, shownHours, nowAt) * hourHeight * rem;
  });

  const startEntry = (day: string, fraction: number) => {
    const start = slotTime(day, fraction, slotMinutes);
    const [hours, minutes] = start.slice(11).split(":").map(Number);
    const endMinutes = Math.min(hours! * 60 + minutes! + slotMinutes, 24 * 60 - 1);
    const end = `${day}T${String(Math.floor(endMinutes / 60)).padStart(2, "0")}:${String(endMinutes % 60).padStart(2, "0")}`;
    setEditing({ kind: "new", values: { ...emptyEntryForm, recordedAt: end, duration: String(endMinutes - hours! * 60 - minutes!) } });
  };

  const heading = phone ? longDay(date) : formatDayRange(days[0]!, days.at(-1)!);
  const weekSeconds = columns.reduce((sum, column) => sum + column.seconds, 0);
  const template = `3rem ${shown.map((column) => `minmax(${columnWidth(column)}rem, 1fr)`).join(" ")}`;
  const rangeHeight = headerHeight + (range.end - range.start) * hourHeight;

  return (
    <section aria-labelledby="week-heading" aria-busy={week.isFetching || undefined}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id="week-heading" className="text-lg font-semibold tracking-tight whitespace-nowrap">
          {heading}
        </h2>
        <p className="mr-auto text-zinc-600 dark:text-zinc-400">{!phone && loaded && `${formatDuration(weekSeconds)} in all`}</p>
        <div className="flex shrink-0 gap-1">
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
      </div>
      <p className="mt-1 mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Blocks run from an entry’s start to its time, in its project’s colour; entries without a duration are lines. Click a block to edit it, an empty slot to
        add an entry there.
        <span className="max-sm:hidden"> ← and → move by a week; Tab reaches each day’s + button, ↑ and ↓ move it.</span>
      </p>
      {(filters.from || filters.to) && (
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">The week view shows whole weeks: the From and To filters are left aside here.</p>
      )}
      {week.isError && <FormError message="The week could not be loaded. Try again." />}
      <p role="status" className="sr-only">
        {loaded ? "" : "Loading the week…"}
      </p>
      <div
        ref={scroller}
        data-week-scroller
        className="overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800"
        style={{ height: `min(${rangeHeight}rem, max(20rem, calc(100dvh - 7rem)))` }}
      >
        <div className="grid min-w-full" style={{ gridTemplateColumns: template }}>
          <div className="sticky top-0 left-0 z-40 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950" aria-hidden />
          {shown.map((column) => (
            <div
              key={column.day}
              data-day={column.day}
              className="sticky top-0 z-30 flex min-w-0 items-baseline gap-2 border-b border-l border-zinc-200 bg-white px-1.5 text-sm whitespace-nowrap dark:border-zinc-800 dark:bg-zinc-950"
              style={{ height: `${headerHeight}rem`, lineHeight: `${headerHeight}rem` }}
            >
              <p className={`min-w-0 truncate ${column.day === today ? "font-semibold text-brand-700 dark:text-brand-300" : "font-medium"}`}>
                {formatWeekday(column.day)} <span className="font-normal">{formatDayOfMonth(column.day)}</span>
              </p>
              <p className="ml-auto text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                <span className="sr-only">Total </span>
                {loaded ? formatDuration(column.seconds) : ""}
              </p>
            </div>
          ))}
          <div className="sticky left-0 z-20 bg-white text-right text-xs text-zinc-500 dark:bg-zinc-950 dark:text-zinc-400" aria-hidden>
            {Array.from({ length: 24 }, (_, hour) => (
              <div key={hour} className="pr-1.5" style={{ height: `${hourHeight}rem` }}>
                {hour > 0 ? formatHour(hour, hourCycle) : ""}
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
              now={nowAt?.day === column.day ? nowAt.fraction : undefined}
              firstSlot={firstFreeSlot(column.pieces, range.start, slotMinutes, minExtent)}
              loading={!loaded}
              onEdit={(entry: EntryView) => setEditing({ kind: "edit", entry })}
              onStart={startEntry}
            />
          ))}
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
