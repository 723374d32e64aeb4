import { endOfDay, startOfDay } from "@/lib/time";

/** What the week view needs of an entry: when its work ended (or, running, began) and how long it took. */
export type TimedItem = { id: string; recorded_at: string; duration_seconds: number | null; running: boolean };

/** An entry's part in one day's column: a block (with a duration) or a marker (without), placed as fractions of the day. */
export type DayPiece<T> = {
  item: T;
  kind: "block" | "marker";
  /** Fraction of the day (0 at its first instant, 1 at the next day's) where the piece starts. */
  top: number;
  /** Fraction of the day the piece spans: 0 for a marker. */
  height: number;
  /** Side by side with the blocks it overlaps: its lane among `lanes`. */
  lane: number;
  lanes: number;
};

export type WeekColumn<T> = { day: string; pieces: DayPiece<T>[]; seconds: number };

export type WeekLayoutOptions = {
  /**
   * The least fraction of a day a piece is drawn over (a block shorter than it, or a marker, is
   * drawn that tall, to be read and hit): pieces closer than it sit side by side.
   */
  minExtent?: number;
};

/**
 * The week view's columns: for each calendar day (in the account's time zone, whatever its
 * length on a day the clocks change), the entries whose work falls in it. An entry with a duration
 * is a block from `recorded_at − duration` to `recorded_at` (a running one from its start until
 * `now`), cut at midnight into each day it spans; one without is a marker at `recorded_at`. A
 * column's total is the durations of the entries recorded on that day, as the list's day totals count.
 */
export function weekColumns<T extends TimedItem>(
  days: string[],
  items: T[],
  timeZone: string,
  now: Date,
  { minExtent = 0 }: WeekLayoutOptions = {},
): WeekColumn<T>[] {
  const bounds = [...days.map((day) => startOfDay(day, timeZone).getTime()), endOfDay(days.at(-1)!, timeZone).getTime() + 1];
  const columns = days.map((day) => ({ day, pieces: [] as DayPiece<T>[], seconds: 0 }));
  const columnOf = (instant: number) => {
    for (let index = 0; index < days.length; index++) if (instant >= bounds[index]! && instant < bounds[index + 1]!) return index;
    return -1;
  };
  for (const item of items) {
    const recorded = Date.parse(item.recorded_at);
    const recordedColumn = columnOf(recorded);
    if (recordedColumn !== -1) columns[recordedColumn]!.seconds += item.duration_seconds ?? 0;
    const span = item.running
      ? { start: recorded, end: Math.max(recorded, now.getTime()) }
      : item.duration_seconds
        ? { start: recorded - item.duration_seconds * 1000, end: recorded }
        : undefined;
    if (!span) {
      if (recordedColumn !== -1)
        columns[recordedColumn]!.pieces.push(
          piece(item, "marker", (recorded - bounds[recordedColumn]!) / (bounds[recordedColumn + 1]! - bounds[recordedColumn]!), 0),
        );
      continue;
    }
    for (let index = 0; index < days.length; index++) {
      const dayStart = bounds[index]!;
      const dayEnd = bounds[index + 1]!;
      const start = Math.max(span.start, dayStart);
      const end = Math.min(span.end, dayEnd);
      if (end > start) columns[index]!.pieces.push(piece(item, "block", (start - dayStart) / (dayEnd - dayStart), (end - start) / (dayEnd - dayStart)));
    }
  }
  for (const column of columns) placeInLanes(column.pieces, minExtent);
  return columns;
}

function piece<T>(item: T, kind: DayPiece<T>["kind"], top: number, height: number): DayPiece<T> {
  return { item, kind, top, height, lane: 0, lanes: 1 };
}

/** The fraction of the day a piece is drawn over: its span, or `minExtent` if that is more. */
export function drawnExtent(piece: Pick<DayPiece<unknown>, "height">, minExtent: number): number {
  return Math.max(piece.height, minExtent);
}

/**
 * Pieces that overlap as drawn sit side by side, as in a calendar: each group of pieces that
 * overlap one another (directly or through others) shares its width among as many lanes as it
 * needs, each piece in the first lane free at its start.
 */
function placeInLanes<T>(pieces: DayPiece<T>[], minExtent: number): void {
  const ordered = [...pieces].sort((a, b) => a.top - b.top || b.height - a.height);
  let group: DayPiece<T>[] = [];
  let laneEnds: number[] = [];
  const closeGroup = () => {
    for (const member of group) member.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const piece of ordered) {
    if (group.length > 0 && laneEnds.every((end) => end <= piece.top)) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= piece.top);
    if (lane === -1) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = piece.top + drawnExtent(piece, minExtent);
    piece.lane = lane;
    group.push(piece);
  }
  closeGroup();
}

/** The wall-clock time (YYYY-MM-DDTHH:mm) a fraction of a day's column points at, down to `stepMinutes`. */
export function slotTime(day: string, fraction: number, stepMinutes: number): string {
  const minutes = Math.min(24 * 60 - stepMinutes, Math.max(0, Math.floor((fraction * 24 * 60) / stepMinutes) * stepMinutes));
  return `${day}T${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Where now falls in the week: its day and the fraction of that day gone, or nothing in another week. */
export function nowInWeek(days: string[], timeZone: string, now: Date): { day: string; fraction: number } | undefined {
  const instant = now.getTime();
  for (const day of days) {
    const start = startOfDay(day, timeZone).getTime();
    const end = endOfDay(day, timeZone).getTime() + 1;
    if (instant >= start && instant < end) return { day, fraction: (instant - start) / (end - start) };
  }
  return undefined;
}

/** The hours the week view shows at first when they hold nothing outside them: a working day. */
export const workingHours = { start: 7, end: 19 } as const;

export type HourRange = { start: number; end: number };

/**
 * The whole hours the week view shows at first: the working day, widened to every piece as
 * drawn (a block or marker before 07:00 or after 19:00, a running entry) and to now.
 */
export function visibleHours(columns: WeekColumn<unknown>[], now: { fraction: number } | undefined, minExtent = 0): HourRange {
  let { start, end }: HourRange = workingHours;
  for (const piece of columns.flatMap((column) => column.pieces)) {
    start = Math.min(start, Math.floor(piece.top * 24));
    end = Math.max(end, Math.ceil((piece.top + drawnExtent(piece, minExtent)) * 24));
  }
  if (now) {
    start = Math.min(start, Math.floor(now.fraction * 24));
    end = Math.max(end, Math.ceil(now.fraction * 24 + 0.25));
  }
  return { start: Math.max(0, start), end: Math.min(24, end) };
}

/**
 * The hour the week view scrolls to first, when it shows `shownHours` of `range`: the range's
 * start if all of it fits; else an hour before now in the current week, or the week's first
 * piece, kept within the range.
 */
export function firstShownHour(columns: WeekColumn<unknown>[], range: HourRange, shownHours: number, now: { fraction: number } | undefined): number {
  const latest = Math.max(range.start, range.end - shownHours);
  const tops = columns.flatMap((column) => column.pieces.map((piece) => piece.top));
  const wanted = now ? now.fraction * 24 - 1 : tops.length > 0 ? Math.min(...tops) * 24 : workingHours.start;
  return Math.min(latest, Math.max(range.start, Math.floor(wanted)));
}

/**
 * The first slot of `slotMinutes` (numbered from midnight) at or after `fromHour` that no piece,
 * as drawn, covers: where a day's "add" button waits, not hidden under an entry. The first slot
 * from `fromHour` when the day is full.
 */
export function firstFreeSlot(pieces: DayPiece<unknown>[], fromHour: number, slotMinutes: number, minExtent = 0): number {
  const slots = (24 * 60) / slotMinutes;
  const first = Math.floor((fromHour * 60) / slotMinutes);
  const covered = (slot: number) => pieces.some((piece) => piece.top < (slot + 1) / slots && piece.top + drawnExtent(piece, minExtent) > slot / slots);
  for (let slot = first; slot < slots; slot++) if (!covered(slot)) return slot;
  return Math.min(first, slots - 1);
}
