import { calendarDay } from "@/lib/time";
import { bulletList, mergedBullets } from "./bullets";
import { citableSources } from "./citations";
import { byName, byProject, entryFigures, groupBy, headline, NO_PROJECT, periodOf, recapMetadata, type RecapInput } from "./generator";
import { formatDay } from "@/lib/formatting/time-words";

const BULLETS_PER_PROJECT = 10;

/**
 * The `summary` template: the headline figures, each project's work (newest first, repeats
 * merged), the tags and a day-by-day outline.
 */
export function* summaryRecap(input: RecapInput): Generator<string> {
  const { entries, timeZone } = input;
  const sources = citableSources(entries);
  yield `# Recap ${periodOf(input)}\n\n`;
  yield `${headline(input)}\n\n`;

  for (const project of byProject(entries)) {
    yield `## ${project.name}\n\n${entryFigures(project.entries)}.\n\n`;
    yield* bulletList(mergedBullets(project.entries, sources), BULLETS_PER_PROJECT, timeZone);
    yield "\n";
  }

  const { tags } = recapMetadata(input);
  if (tags.length > 0) {
    yield "## Tags\n\n";
    for (const tag of tags) yield `- \`${tag}\`: ${entryFigures(entries.filter((entry) => entry.tags.includes(tag)))}\n`;
    yield "\n";
  }

  yield "## Day by day\n\n";
  const days = [...groupBy(entries, (entry) => calendarDay(entry.recordedAt, timeZone))].sort(([a], [b]) => byName(a, b));
  for (const [day, dayEntries] of days) {
    const projectNames = [...new Set(dayEntries.map((entry) => entry.project?.name ?? NO_PROJECT))].sort(byName);
    yield `- **${formatDay(day)}**: ${entryFigures(dayEntries)} (${projectNames.join(", ")})\n`;
  }
}
