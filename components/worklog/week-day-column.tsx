"use client";

import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { useClock, useHourCycle } from "@/components/formatting/clock-context";
import { formatDay, formatDuration, formatTime, formatTimeRange, formatWallClock, type HourCycle } from "@/lib/formatting/time-words";
import { useProjectColour } from "@/components/project-colour-context";
import type { EntryView } from "@/lib/worklog/views";
import { slotTime, type DayPiece } from "@/lib/worklog/week-layout";
import { authorName, useShowsAuthor } from "./team-context";

/** An hour's height in the columns, in rem: a quarter of an hour is a line of small text. */
export const hourHeight = 3;
/** The least height a piece is drawn at, in rem: a target of 24 px (WCAG 2.5.8), and a line of text. */
export const pieceMinHeight = 1.5;
/** A new entry started from the calendar fills a slot this long. */
export const slotMinutes = 30;

/** A day as the week's columns name it to screen readers: "Wednesday 18 November". */
export const longDay = (day: string) => formatDay(day, { long: true });

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

const slotsPerDay = (24 * 60) / slotMinutes;
/** A slot's wall-clock time, "09:30", the button's data-slot. */
const slotClock = (slot: number) => slotTime("2000-01-01", slot / slotsPerDay, slotMinutes).slice(11);
/** A slot's time as people read it, "9:30 AM" or "09:30". */
const slotLabel = (slot: number, hourCycle: HourCycle) => formatWallClock(slotClock(slot), hourCycle);

type DayColumnProps = {
  day: string;
  pieces: DayPiece<EntryView>[];
  timeZone: string;
  projectNames: Map<string, string>;
  /** Where now falls in the day, as a fraction, when it is today. */
  now?: number;
  /** The slot the column's "add" button starts at: the first free one from the first hour shown. */
  firstSlot: number;
  /** The entries are on their way: placeholders stand for them. */
  loading: boolean;
  onEdit: (entry: EntryView) => void;
  onStart: (day: string, fraction: number) => void;
};

/**
 * A day of the week view: its pieces, a line for now, and a button to add an entry in an empty
 * slot, which a click anywhere on the column's background is too. The button takes the keyboard:
 * Tab reaches it once per day, ↑ and ↓ move it by half an hour, Enter starts an entry there.
 */
export function DayColumn({ day, pieces, timeZone, projectNames, now, firstSlot, loading, onEdit, onStart }: DayColumnProps) {
  const [slot, setSlot] = useState<number>();
  const shownSlot = slot ?? firstSlot;
  const hourCycle = useHourCycle();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    onStart(day, (event.clientY - box.top) / box.height);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = { ArrowUp: -1, ArrowDown: 1, PageUp: -2, PageDown: 2 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(slotsPerDay - 1, Math.max(0, shownSlot + step));
    setSlot(next);
    event.currentTarget.scrollIntoView({ block: "nearest" });
  };
  return (
    // A click on the column's background starts an entry; the keyboard's way is the column's "add" button.
    <div
      data-day={day}
      aria-label={longDay(day)}
      role="group"
      onClick={onClick}
      className="relative min-w-0 cursor-copy border-l border-zinc-200 bg-[repeating-linear-gradient(to_bottom,transparent_0,transparent_calc(3rem-1px),var(--color-zinc-100)_calc(3rem-1px),var(--color-zinc-100)_3rem)] dark:border-zinc-800 dark:bg-[repeating-linear-gradient(to_bottom,transparent_0,transparent_calc(3rem-1px),var(--color-zinc-900)_calc(3rem-1px),var(--color-zinc-900)_3rem)]"
    >
      <button
        type="button"
        data-slot={slotClock(shownSlot)}
        aria-label={`Add an entry on ${longDay(day)} at ${slotLabel(shownSlot, hourCycle)}`}
        aria-keyshortcuts="ArrowUp ArrowDown"
        onKeyDown={onKeyDown}
        onClick={() => onStart(day, shownSlot / slotsPerDay)}
        className="absolute inset-x-0.5 z-0 rounded border border-dashed border-brand-500 bg-brand-50 px-1 text-left text-xs leading-[1.375rem] text-brand-800 opacity-0 hover:opacity-100 focus-visible:z-30 focus-visible:opacity-100 dark:bg-brand-950 dark:text-brand-200"
        style={{ top: `${(shownSlot / slotsPerDay) * 100}%`, height: `${pieceMinHeight}rem` }}
      >
        + {slotLabel(shownSlot, hourCycle)}
      </button>
      {loading && (
        <>
          <div aria-hidden="true" className="absolute inset-x-1 top-[37.5%] h-[6.25%] animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          <div aria-hidden="true" className="absolute inset-x-1 top-[54%] h-[8%] animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        </>
      )}
      {pieces.map((piece) => (
        <PieceButton
          key={piece.item.id}
          piece={piece}
          timeZone={timeZone}
          projectName={piece.item.project_id ? projectNames.get(piece.item.project_id) : undefined}
          onEdit={onEdit}
        />
      ))}
      {now !== undefined && (
        <div
          aria-hidden="true"
          data-now
          className="pointer-events-none absolute inset-x-0 z-20 border-t-2 border-red-600 dark:border-red-400"
          style={{ top: `${now * 100}%` }}
        >
          <span className="absolute -top-[5px] -left-1 size-2 rounded-full bg-red-600 dark:bg-red-400" />
        </div>
      )}
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
  const colour = useProjectColour(entry.project_id);
  const clock = useClock(timeZone);
  const { shows: showsAuthor } = useShowsAuthor(entry.author.id);
  const recorded = Date.parse(entry.recorded_at);
  const text = title(entry) || "Untitled entry";
  const when =
    piece.kind === "marker"
      ? formatTime(new Date(recorded), clock)
      : entry.running
        ? `${formatTime(new Date(recorded), clock)}–now`
        : formatTimeRange(new Date(recorded - (entry.duration_seconds ?? 0) * 1000), new Date(recorded), clock);
  const label = [
    text,
    when,
    entry.duration_seconds ? formatDuration(entry.duration_seconds) : entry.running ? "running" : undefined,
    projectName ?? entry.project?.name,
    showsAuthor && `by ${authorName(entry.author)}`,
  ]
    .filter(Boolean)
    .join(", ");
  const width = 100 / piece.lanes;
  const place = {
    top: `${piece.top * 100}%`,
    height: `max(${piece.height * 100}%, ${pieceMinHeight}rem)`,
    left: `${piece.lane * width}%`,
    width: `calc(${width}% - 2px)`,
  };
  if (piece.kind === "marker") {
    return (
      <button
        type="button"
        data-entry-id={entry.id}
        data-kind="marker"
        data-project-colour={entry.project_id ?? undefined}
        aria-label={`Edit: ${label}`}
        onClick={() => onEdit(entry)}
        className={`absolute z-10 flex flex-row-reverse items-start justify-end gap-1 overflow-hidden rounded-b border-t-2 px-1 text-left text-xs leading-5 text-zinc-900 dark:text-zinc-100 ${colour.edge} ${colour.block}`}
        style={{ ...place, height: `${pieceMinHeight}rem` }}
      >
        {/* The time shows first, but the text comes first in the name (Edit: text, time, …): so in the source, for the name to hold the visible words in order (WCAG 2.5.3). */}
        <span className="min-w-0 truncate">{text}</span> <span className="shrink-0 text-zinc-700 dark:text-zinc-300">{when}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      data-entry-id={entry.id}
      data-kind="block"
      data-running={entry.running || undefined}
      data-project-colour={entry.project_id ?? undefined}
      aria-label={`Edit: ${label}`}
      onClick={() => onEdit(entry)}
      className={`absolute z-10 overflow-hidden rounded border-l-4 px-1 text-left text-xs leading-4 text-zinc-900 dark:text-zinc-100 ${colour.edge} ${colour.block} ${entry.running ? "border-dashed" : ""}`}
      style={place}
    >
      <span className="block truncate font-medium">{text}</span> <span className="block truncate text-zinc-700 dark:text-zinc-300">{when}</span>
    </button>
  );
}
