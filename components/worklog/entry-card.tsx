import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import type { MouseEvent, ReactNode, Ref } from "react";
import { countOf } from "@/components/formatting/format";
import { formatDateTime, formatDuration, formatTime, formatTimeRange, type Clock } from "@/lib/formatting/time-words";
import { markdownLineClassName, matchClassName } from "@/components/markdown-classes";
import { Elapsed } from "@/components/timer/elapsed";
import type { CommitSummary } from "@/lib/repositories/commits";
import { highlightParts } from "@/lib/worklog/search-text";
import { entryAnchor } from "@/lib/worklog/days";
import { entrySourceLabels } from "@/lib/worklog/sources";
import { calendarDay } from "@/lib/time";
import type { EntryView } from "@/lib/worklog/views";
import { AuthorBadge } from "./author-badge";
import { ProjectFilterBadge } from "./project-badge";
import { FilterLink } from "./worklog-filters";

const tagClassName =
  "flex min-h-6 min-w-6 items-center rounded-full border border-zinc-300 px-1.5 text-xs hover:border-brand-400 hover:bg-brand-50 dark:border-zinc-700 dark:hover:border-brand-600 dark:hover:bg-brand-950";

const sourceClassName =
  "inline-flex min-h-6 items-center rounded border border-amber-300 bg-amber-50 px-1.5 text-[0.6875rem] font-medium uppercase tracking-wide text-amber-900 hover:border-amber-500 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200";

const sourceDescriptions = { api: "API with an API key", cli: "CLI (an OAuth token)", mcp: "MCP server, by an AI agent" } as const;

type EntryCardProps = {
  entry: EntryView;
  /** How the entry's times are written. */
  clock: Clock;
  /** The entry's buttons, at the end of its row. */
  actions?: ReactNode;
  /** Before the time, e.g. the box that selects the entry. */
  leading?: ReactNode;
  /** Buttons beside each attached commit. */
  commitActions?: (commit: CommitSummary) => ReactNode;
  /** The search the entry was found by (docs/api.md, "Search"): its words are marked. */
  highlight?: string;
  /** Whether a link opened it (`/?entry=<id>`): it stands out, and says so. */
  linked?: boolean;
  /** Whether it is among the entries selected to act on together. */
  selected?: boolean;
  /** A click on the entry's text, but not on a link or a field in it. */
  onTextClick?: (event: MouseEvent<HTMLDivElement>) => void;
  /**
   * One line (false) or all of it (true), for a list that shows its entries as one-line rows;
   * without it, all of it. One line leaves the commits out.
   */
  expanded?: boolean;
  /** The button that shows all of the entry or one line, before its text; null keeps its room. */
  expandToggle?: ReactNode;
  /** The one-line text, which the list measures to tell whether it was cut. */
  lineRef?: Ref<HTMLParagraphElement>;
  /** The entry's text, rendered: all of it (components/markdown.tsx's Markdown) when expanded, else its line's (MarkdownLineText). */
  text: ReactNode;
};

function Highlighted({ text, q }: { text: string; q?: string }) {
  if (!q) return text;
  return highlightParts(text, q).map(({ text: part, match }, index) =>
    match ? (
      <mark key={index} className={matchClassName}>
        {part}
      </mark>
    ) : (
      part
    ),
  );
}

function rowClassName(linked: boolean, selected: boolean) {
  if (selected) return "bg-brand-50 dark:bg-brand-950/70";
  if (linked) return "bg-brand-50/60 ring-2 ring-brand-300 dark:bg-brand-950/60 dark:ring-brand-700";
  return "hover:bg-zinc-50 dark:hover:bg-zinc-900/60";
}

/** Whether a click on an entry's text landed on something of its own (a link, a task's box) or ended a selection of its words. */
function clickedThrough(event: MouseEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  return Boolean(target.closest("a, button, input, label, summary")) || (window.getSelection()?.toString() ?? "") !== "";
}

/** When the entry's work happened: "7:08–7:20 PM" for one with a duration, its start and "running" while its timer runs. */
function EntryTime({ entry, clock }: { entry: EntryView; clock: Clock }) {
  const end = Date.parse(entry.recorded_at);
  if (entry.running)
    return (
      <time dateTime={entry.recorded_at}>
        {formatTime(entry.recorded_at, clock)}–<span className="text-emerald-800 dark:text-emerald-300">running</span>
      </time>
    );
  if (entry.duration_seconds === null) return <time dateTime={entry.recorded_at}>{formatTime(entry.recorded_at, clock)}</time>;
  const start = new Date(end - entry.duration_seconds * 1000).toISOString();
  // Work that ran past midnight names both days: the one range that may wrap, in its column and on a phone.
  const acrossDays = calendarDay(new Date(start), clock.timeZone) !== calendarDay(new Date(entry.recorded_at), clock.timeZone);
  return (
    <time dateTime={`${start}/${entry.recorded_at}`} className={acrossDays ? "whitespace-normal" : undefined}>
      {formatTimeRange(start, entry.recorded_at, clock)}
    </time>
  );
}

/**
 * One worklog entry as a row of its day: the time (the day's heading says the date) in a column
 * of its own, how long, the text, then project, source and tags, and its actions. The time (but
 * a range past midnight) and duration never wrap; the project and tags give way first, cut at the row's end. On a phone the
 * text goes under the time.
 */
export function EntryCard({
  entry,
  clock,
  actions,
  leading,
  commitActions,
  highlight,
  linked = false,
  selected = false,
  onTextClick,
  expanded = true,
  expandToggle,
  lineRef,
  text,
}: EntryCardProps) {
  // A list's row shown whole puts its text under the line of its time, project and tags, as wide as the row.
  const stacked = expanded && expandToggle !== undefined;
  return (
    <article
      id={entryAnchor(entry.id)}
      aria-label={`${linked ? "Linked entry" : "Entry"} of ${formatDateTime(entry.recorded_at, clock)}`}
      aria-current={linked || undefined}
      data-entry-id={entry.id}
      data-selected={selected || undefined}
      tabIndex={-1}
      className={`group/entry relative flex scroll-mt-4 items-start gap-x-2 rounded-md px-2 py-1 outline-offset-1 focus:outline-2 focus:outline-brand-500 ${rowClassName(linked, selected)}`}
    >
      {leading}
      <div className={`flex min-w-0 flex-1 flex-wrap items-start gap-x-3 ${stacked ? "" : "sm:flex-nowrap"}`}>
        <div
          data-part="time"
          className="w-[8.25rem] shrink-0 text-sm leading-relaxed whitespace-nowrap text-zinc-600 tabular-nums max-sm:w-auto max-sm:min-w-0 max-sm:shrink dark:text-zinc-400"
        >
          <EntryTime entry={entry} clock={clock} />
        </div>
        <div data-part="duration" className="w-[4.5rem] shrink-0 text-sm leading-relaxed whitespace-nowrap tabular-nums max-sm:w-auto">
          {entry.running ? (
            <Elapsed since={entry.recorded_at} className="text-emerald-800 dark:text-emerald-300" />
          ) : (
            entry.duration_seconds !== null && <span className="font-medium text-zinc-800 dark:text-zinc-200">{formatDuration(entry.duration_seconds)}</span>
          )}
        </div>
        {/* Before the text, where the row's buttons, shown at its end on hover, never cover it; its room is kept on every row, so that the texts line up. */}
        {expandToggle !== undefined && <div className="-mx-1 size-6 shrink-0">{expandToggle}</div>}
        {/* A click on the text edits it (worklog.tsx); the keyboard's way is Enter or e on the focused entry. */}
        <div
          className={`min-w-0 ${stacked ? "order-last basis-full sm:pl-64" : "max-sm:order-last max-sm:basis-full sm:flex-1"} ${onTextClick ? "cursor-text" : ""}`}
          onClick={onTextClick && ((event) => !clickedThrough(event) && onTextClick(event))}
        >
          {expanded ? (
            text
          ) : (
            <p ref={lineRef} className={markdownLineClassName}>
              {text}
            </p>
          )}
          {expanded && <AttachedCommits commits={entry.commits} commitActions={commitActions} />}
        </div>
        <div className={`relative ml-auto flex min-w-0 shrink items-start max-sm:flex-1 max-sm:justify-end ${stacked ? "" : "sm:max-w-[30%]"}`}>
          {!expanded && entry.commits.length > 0 && (
            <span className="shrink-0 pt-0.5 pr-1.5 text-xs leading-5 whitespace-nowrap text-zinc-600 dark:text-zinc-400">
              {countOf(entry.commits.length, "commit", "commits")}
            </span>
          )}
          <EntryMeta entry={entry} highlight={highlight} />
          {actions}
        </div>
      </div>
    </article>
  );
}

function AttachedCommits({ commits, commitActions }: { commits: CommitSummary[]; commitActions?: (commit: CommitSummary) => ReactNode }) {
  if (commits.length === 0) return null;
  return (
    <ul aria-label="Attached commits" className="mt-1 min-w-0 space-y-0.5 text-xs">
      {commits.map((commit) => (
        <li key={commit.id} className="flex min-w-0 items-center gap-2">
          <WorkspaceLink href={`/repositories/${commit.repository.id}`} className="shrink-0 font-mono text-brand-700 hover:underline dark:text-brand-300">
            {commit.repository.name}@{commit.sha.slice(0, 7)}
          </WorkspaceLink>
          <span className="min-w-0 flex-1 truncate text-zinc-700 dark:text-zinc-300">{commit.message.split("\n")[0]}</span>
          {commitActions?.(commit)}
        </li>
      ))}
    </ul>
  );
}

/** The entry's project, source and tags, each a link that filters the worklog by it. */
function EntryMeta({ entry, highlight }: { entry: EntryView; highlight?: string }) {
  return (
    // Cut at its end when the row is short of room: the text keeps at least half of it.
    <div className="ml-auto flex min-w-0 items-center gap-1.5 overflow-hidden pt-0.5 text-sm whitespace-nowrap empty:hidden [&>*]:shrink-0">
      <AuthorBadge author={entry.author} />
      {entry.project && <ProjectFilterBadge project={entry.project} />}
      {entry.source !== "web" && (
        <FilterLink
          filters={{ source: entry.source }}
          className={sourceClassName}
          title={`Written through the ${sourceDescriptions[entry.source]}: show the entries written so`}
        >
          {entrySourceLabels[entry.source]}
        </FilterLink>
      )}
      {entry.references.length > 0 && (
        <ul aria-label="Issues" className="flex gap-1">
          {entry.references.map((reference) => (
            <li key={reference.key}>
              <a
                href={reference.url}
                target="_blank"
                rel="noopener noreferrer"
                title={`Open ${reference.key} in a new tab`}
                className="rounded-sm font-mono text-xs text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
              >
                {reference.key}
              </a>
            </li>
          ))}
        </ul>
      )}
      {entry.tags.length > 0 && (
        <ul aria-label="Tags" className="flex gap-1">
          {entry.tags.map((tag) => (
            <li key={tag}>
              <FilterLink filters={{ tags: tag }} className={tagClassName} title={`Show the entries tagged #${tag}`}>
                {/* One child of the flex chip, so that its name reads "#perf", not "# perf". */}
                <span>
                  #<Highlighted text={tag} q={highlight} />
                </span>
              </FilterLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
