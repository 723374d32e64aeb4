import { z } from "zod";
import { calendar, isCalendarDateForm, isInTimestampRange, isValidCalendarDate, parseTimestampForm, timestampRange, type RangeBound } from "./time";

// The schemas of the dates and times of requests; lib/time.ts holds the calendar's arithmetic, which
// the browser's code uses too, without zod.

const outOfRange = {
  timestamp: `must be a timestamp between ${timestampRange.first.toISOString()} and ${timestampRange.last.toISOString()}`,
  day: `must be a date between ${calendar.firstDay} and ${calendar.lastDay}`,
};

export const timestampSchema = z
  .string()
  .transform((value, context) => {
    const parsed = parseTimestampForm(value);
    if (!parsed || !isInTimestampRange(parsed)) {
      context.addIssue({ code: "custom", message: parsed ? outOfRange.timestamp : "must be an RFC 3339 timestamp" });
      return z.NEVER;
    }
    return parsed;
  })
  .meta({
    format: "date-time",
    description: `An RFC 3339 timestamp with any offset, from ${timestampRange.first.toISOString()} to ${timestampRange.last.toISOString()}; kept to the millisecond.`,
  });

/** A date of a request: a day of the calendar, YYYY-MM-DD. */
export const calendarDateSchema = z
  .string()
  .transform((value, context) => {
    const trimmed = value.trim();
    if (!isValidCalendarDate(trimmed)) {
      context.addIssue({ code: "custom", message: isCalendarDateForm(trimmed) ? outOfRange.day : "must be a date (YYYY-MM-DD)" });
      return z.NEVER;
    }
    return trimmed;
  })
  .meta({ format: "date", description: `A date (YYYY-MM-DD) from ${calendar.firstDay} to ${calendar.lastDay}.` });

export const rangeBoundSchema = z
  .string()
  .transform((value, context): RangeBound => {
    const trimmed = value.trim();
    if (isValidCalendarDate(trimmed)) return { kind: "day", date: trimmed };
    const instant = parseTimestampForm(trimmed);
    if (instant && isInTimestampRange(instant)) return { kind: "timestamp", instant };
    const message = isCalendarDateForm(trimmed) ? outOfRange.day : instant ? outOfRange.timestamp : "must be a date (YYYY-MM-DD) or an RFC 3339 timestamp";
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  })
  .meta({
    description: `A date (YYYY-MM-DD, the whole day in the account's time zone) from ${calendar.firstDay} to ${calendar.lastDay}, or an RFC 3339 timestamp from ${timestampRange.first.toISOString()} to ${timestampRange.last.toISOString()}.`,
    anyOf: [
      { type: "string", format: "date" },
      { type: "string", format: "date-time" },
    ],
  });

/** A wall-clock time of day, HH:MM (00:00 to 23:59), read in a time zone given apart. */
export const wallClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time HH:MM");
