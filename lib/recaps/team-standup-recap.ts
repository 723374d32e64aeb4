import { formatDay, formatWeekday } from "@/lib/formatting/time-words";
import { addDays, calendarDay } from "@/lib/time";
import { isBlocker } from "./blockers";
import { bulletLine, mergedBullets } from "./bullets";
import { citableSources, type CitableSources } from "./citations";
import { byName, plural, type RecapAuthor, type RecapEntry, type RecapInput } from "./generator";
import { lastWorkingDayBefore } from "./periods";

/** One member's part of a team standup: their entries of the last working day up to today, of today, and their blockers of both. */
export type TeamStandupSection = { member: RecapAuthor; name: string; yesterday: RecapEntry[]; today: RecapEntry[]; blockers: RecapEntry[] };

/** The facts of a team standup, which the built-in text and the language model's prompt (llm.ts) both take. */
export type TeamStandup = {
  today: string;
  /** The last working day before today: "yesterday" runs from it to the day before today (Friday to Sunday, on a Monday). */
  since: string;
  sections: TeamStandupSection[];
  /** The members who wrote nothing since `since`, by name. */
  silent: string[];
  /** Entries of the period before `since`, and entries by authors who are no longer members: left out. */
  earlier: number;
  formerMembers: number;
};

/** A member's name as a heading shows it: markdown's own characters escaped, so that a name neither links nor cites. */
const memberName = (member: RecapAuthor) => member.name?.trim().replace(/[\\`*_[\]<>#~|]/g, "\\$&") || "Unnamed member";

/**
 * The days a team standup on `today` covers: from the last working day before it (`since`)
 * through today. A member with no entry on any of them is silent: the standup's closing line
 * names them, and a standup reminder (lib/workspaces/standup-reminders.ts) is due for them.
 */
export function standupDays(today: string): { since: string; today: string } {
  return { since: lastWorkingDayBefore(today), today };
}

export const wroteNothing = (section: TeamStandupSection) => section.yesterday.length + section.today.length + section.blockers.length === 0;

const sectionOrder = (a: TeamStandupSection, b: TeamStandupSection) => byName(a.name, b.name) || byName(a.member.id, b.member.id);

/**
 * The `team_standup` template's facts: a section per member (those of `input.members`, or the
 * entries' authors without it), ordered by name. Today is the day of `to`; yesterday the last
 * working day before it, through the day before today.
 */
export function teamStandup(input: RecapInput): TeamStandup {
  const { entries, timeZone } = input;
  const today = calendarDay(new Date(input.filters.to), timeZone);
  const { since } = standupDays(today);
  const dayOf = (entry: RecapEntry) => calendarDay(entry.recordedAt, timeZone);
  const members = input.members ?? [...new Map(entries.map((entry) => [entry.author.id, entry.author])).values()];
  const memberIds = new Set(members.map((member) => member.id));
  const recent = entries.filter((entry) => dayOf(entry) >= since && dayOf(entry) <= today);
  const sections = members
    .map((member): TeamStandupSection => {
      const theirs = recent.filter((entry) => entry.author.id === member.id);
      const work = theirs.filter((entry) => !isBlocker(entry));
      return {
        member,
        name: memberName(member),
        yesterday: work.filter((entry) => dayOf(entry) < today),
        today: work.filter((entry) => dayOf(entry) === today),
        blockers: theirs.filter(isBlocker),
      };
    })
    .sort(sectionOrder);
  return {
    today,
    since,
    sections,
    silent: sections.filter(wroteNothing).map(({ name }) => name),
    earlier: entries.filter((entry) => memberIds.has(entry.author.id) && dayOf(entry) < since).length,
    formerMembers: entries.filter((entry) => !memberIds.has(entry.author.id)).length,
  };
}

/** "Alice", "Alice and Bob", "Alice, Bob and Carol". */
const namesInWords = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

function* part(title: string, entries: RecapEntry[], empty: string, sources: CitableSources, timeZone: string): Generator<string> {
  yield `**${title}**\n\n`;
  const bullets = mergedBullets(entries, sources);
  if (bullets.length === 0) yield `${empty}\n`;
  for (const bullet of bullets) yield bulletLine(bullet, timeZone);
  yield "\n";
}

/**
 * The `team_standup` template (docs/api.md, "Recaps"): per member, **Yesterday**, **Today** and
 * **Blockers** in their entries' own words, each cited; last, who wrote nothing since the last working day.
 */
export function* teamStandupRecap(input: RecapInput): Generator<string> {
  const { timeZone } = input;
  const sources = citableSources(input.entries);
  const { today, since, sections, silent, earlier, formerMembers } = teamStandup(input);
  const dayBefore = addDays(today, -1);
  const yesterday = since === dayBefore ? formatDay(since) : `${formatDay(since)} – ${formatDay(dayBefore)}`;
  const sinceWords = formatWeekday(since, { long: true });

  yield `# Team standup ${formatDay(today, { withYear: true })}\n\n`;
  for (const section of sections) {
    yield `## ${section.name}\n\n`;
    if (wroteNothing(section)) {
      yield `Nothing written since ${sinceWords}.\n\n`;
      continue;
    }
    yield* part(`Yesterday (${yesterday})`, section.yesterday, "Nothing recorded.", sources, timeZone);
    yield* part(`Today (${formatDay(today)})`, section.today, "Nothing recorded yet.", sources, timeZone);
    yield* part("Blockers", section.blockers, "None recorded.", sources, timeZone);
  }
  if (earlier > 0) yield `_${plural(earlier, "earlier entry", "earlier entries")} of the period left out: a standup covers yesterday and today._\n\n`;
  if (formerMembers > 0) yield `_${plural(formerMembers, "entry", "entries")} by former members left out._\n\n`;
  yield silent.length > 0 ? `No entries since ${sinceWords}: ${namesInWords(silent)}.\n` : `Everyone wrote something since ${sinceWords}.\n`;
}
