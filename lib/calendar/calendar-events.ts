import ical, { type VEvent } from "node-ical";

// The events of a subscribed calendar (docs/api.md, "Calendar subscriptions"), read by node-ical:
// each occurrence of a recurring event its own, its overrides and exceptions applied.

export type CalendarEventOccurrence = { uid: string; title: string; startsAt: Date; endsAt: Date };

/** The longest title kept. */
const MAX_TITLE = 300;

const textOf = (value: unknown): string => {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "val" in value) return String((value as { val: unknown }).val);
  return "";
};

/**
 * The timed events of the calendar that end within [from, to], recurring events expanded over it;
 * all-day events (not meetings), cancelled ones and those without a duration are left out. A
 * text that is not a calendar, or cannot be read, throws.
 */
export function calendarOccurrences(text: string, { from, to }: { from: Date; to: Date }): CalendarEventOccurrence[] {
  // A sign-in page where a calendar was would otherwise read as a calendar emptied of its events.
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new Error("the answer is not an iCalendar file");
  const parsed = ical.sync.parseICS(text);
  const occurrences = new Map<string, CalendarEventOccurrence>();
  for (const component of Object.values(parsed)) {
    if (!component || component.type !== "VEVENT") continue;
    const event = component as VEvent;
    if (!event.uid || !event.start) continue;
    for (const instance of ical.expandRecurringEvent(event, { from, to, expandOngoing: true })) {
      if (instance.isFullDay || instance.event.status === "CANCELLED") continue;
      const startsAt = new Date(instance.start.getTime());
      const endsAt = new Date(instance.end.getTime());
      if (!(endsAt > startsAt) || endsAt > to || endsAt < from) continue;
      const title = [...(textOf(instance.summary).trim() || "Meeting")].slice(0, MAX_TITLE).join("");
      occurrences.set(`${event.uid}\n${startsAt.toISOString()}`, { uid: String(event.uid), title, startsAt, endsAt });
    }
  }
  return [...occurrences.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
