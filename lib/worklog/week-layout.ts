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

/**
 * The week view's columns: for each calendar day (in the account's time zone, whatever its
 * length on a day the clocks change), the entries whose work falls in it. An entry with a duration
 * is a block from `recorded_at − duration` to `recorded_at` (a running one from its start until
 * `now`), cut at midnight into each day it spans; one without is a marker at `recorded_at`. A
 * column's total is the durations of the entries recorded on that day, as the list's day totals count.
 */
export function weekColumns<T extends TimedItem>(days: string[], items: T[], timeZone: string, now: Date): WeekColumn<T>[] {
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
  for (const column of columns) placeInLanes(column.pieces);
  return columns;
}

function piece<T>(item: T, kind: DayPiece<T>["kind"], top: number, height: number): DayPiece<T> {
  return { item, kind, top, height, lane: 0, lanes: 1 };
}

/**
 * Blocks that overlap sit side by side, as in a calendar: each group of blocks that overlap one
 * another (directly or through others) shares its width among as many lanes as it needs, each block
 * in the first lane free at its start. Markers stay across the whole column.
 */
function placeInLanes<T>(pieces: DayPiece<T>[]): void {
  const blocks = pieces.filter((candidate) => candidate.kind === "block").sort((a, b) => a.top - b.top || b.height - a.height);
  let group: DayPiece<T>[] = [];
  let laneEnds: number[] = [];
  const closeGroup = () => {
    for (const member of group) member.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const block of blocks) {
    if (group.length > 0 && laneEnds.every((end) => end <= block.top)) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= block.top);
    if (lane === -1) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = block.top + block.height;
    block.lane = lane;
    group.push(block);
  }
  closeGroup();
}

/** The wall-clock time (YYYY-MM-DDTHH:mm) a fraction of a day's column points at, down to `stepMinutes`. */
export function slotTime(day: string, fraction: number, stepMinutes: number): string {
  const minutes = Math.min(24 * 60 - stepMinutes, Math.max(0, Math.floor((fraction * 24 * 60) / stepMinutes) * stepMinutes));
  return `${day}T${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
