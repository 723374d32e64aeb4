import { calendarDay } from "@/lib/time";
import { bulletLine, mergedBullets } from "./bullets";
import { citableSources } from "./citations";
import { plural, type RecapEntry, type RecapInput } from "./generator";
import { formatDay } from "@/lib/formatting/time-words";
import { isBlocker } from "./blockers";

/**
 * The `standup` template, in the entries' own words: "Today" is the last day of the period,
 * "Yesterday" the latest day before it with entries (Friday, on a Monday); the blockers are
 * those of the whole period, each said once, outside the two days.
 */
export function* standupRecap(input: RecapInput): Generator<string> {
  const { entries, timeZone } = input;
  const sources = citableSources(entries);
  const dayOf = (entry: RecapEntry) => calendarDay(entry.recordedAt, timeZone);
  const today = calendarDay(new Date(input.filters.to), timeZone);
  const yesterday = entries.map(dayOf).find((day) => day < today);
  const blockers = entries.filter(isBlocker);
  const work = entries.filter((entry) => !isBlocker(entry));

  yield `# Standup ${formatDay(today, { withYear: true })}\n\n`;
  for (const [title, day, empty] of [
    ["Yesterday", yesterday, "Nothing recorded before today."],
    ["Today", today, "Nothing recorded yet."],
  ] as const) {
    yield day === undefined ? `## ${title}\n\n` : `## ${title}: ${formatDay(day)}\n\n`;
    const bullets = mergedBullets(
      work.filter((entry) => dayOf(entry) === day),
      sources,
    );
    if (bullets.length === 0) yield `${empty}\n`;
    for (const bullet of bullets) yield bulletLine(bullet, timeZone);
    yield "\n";
  }

  yield "## Blockers\n\n";
  if (blockers.length === 0) yield "None recorded.\n";
  for (const bullet of mergedBullets(blockers, sources)) yield bulletLine(bullet, timeZone);

  const earlier = work.filter((entry) => dayOf(entry) < (yesterday ?? today));
  if (earlier.length > 0)
    yield `\n_${plural(earlier.length, "earlier entry", "earlier entries")} of the period left out: a standup covers its last two days._\n`;
}
