import Link from "next/link";
import type { MouseEvent, ReactNode } from "react";
import { formatDateTime, formatDuration, formatTime } from "@/components/format";
import { Markdown, matchClassName } from "@/components/markdown";
import { RunningBadge } from "@/components/timer/elapsed";
import type { CommitSummary } from "@/lib/repositories/commits";
import { highlightParts } from "@/lib/worklog/search-text";
import { entryAnchor } from "@/lib/worklog/days";
import { entrySourceLabels } from "@/lib/worklog/sources";
import type { EntryView } from "@/lib/worklog/views";
import { ProjectFilterBadge } from "./project-badge";
import { FilterLink } from "./worklog-filters";

const tagClassName =
  "block rounded-full border border-zinc-300 px-1.5 py-px text-xs hover:border-brand-400 hover:bg-brand-50 dark:border-zinc-700 dark:hover:border-brand-600 dark:hover:bg-brand-950";

const sourceClassName =
  "rounded border border-amber-300 bg-amber-50 px-1.5 py-px text-[0.6875rem] font-medium uppercase tracking-wide text-amber-900 hover:border-amber-500 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200";

const sourceDescriptions = { api: "API with an API key", cli: "CLI (an OAuth token)", mcp: "MCP server, by an AI agent" } as const;

type EntryCardProps = {
  entry: EntryView;
  timeZone: string;
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

/**
 * One worklog entry as a row of its day: the time (the day's heading says the date), how long,
 * the rendered markdown, project, tags and the attached commits, then its actions.
 */
export function EntryCard({ entry, timeZone, actions, leading, commitActions, highlight, linked = false, selected = false, onTextClick }: EntryCardProps) {
  return (
    <article
      id={entryAnchor(entry.id)}
      aria-label={`${linked ? "Linked entry" : "Entry"} of ${formatDateTime(entry.recorded_at, timeZone)}`}
      aria-current={linked || undefined}
      data-entry-id={entry.id}
      data-selected={selected || undefined}
      tabIndex={-1}
      className={`group/entry relative flex scroll-mt-4 gap-x-2 rounded-md px-2 py-1.5 outline-offset-1 focus:outline-2 focus:outline-brand-500 ${rowClassName(linked, selected)}`}
    >
      {leading}
      {/* A phone's row: time and project on a line over the text; a wider window's: time, text, project side by side. */}
      <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-x-3 [grid-template-areas:'info'_'text'_'commits'] sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:[grid-template-areas:'time_text_meta'_'._commits_commits']">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 [grid-area:info] sm:contents">
          <div className="flex items-baseline gap-x-2 text-sm leading-relaxed text-zinc-600 tabular-nums sm:[grid-area:time] dark:text-zinc-400">
            <time dateTime={entry.recorded_at} className="sm:w-[4.25rem]">
              {formatTime(entry.recorded_at, timeZone)}
            </time>
            {entry.running ? (
              <RunningBadge since={entry.recorded_at} />
            ) : (
              entry.duration_seconds !== null && <span className="font-medium text-zinc-800 dark:text-zinc-200">{formatDuration(entry.duration_seconds)}</span>
            )}
          </div>
          <EntryMeta entry={entry} highlight={highlight} />
        </div>
        {/* A click on the text edits it (worklog.tsx); the keyboard's way is Enter or e on the focused entry. */}
        <div
          className={`min-w-0 [grid-area:text] ${onTextClick ? "cursor-text" : ""}`}
          onClick={onTextClick && ((event) => !clickedThrough(event) && onTextClick(event))}
        >
          <Markdown highlight={highlight}>{entry.content}</Markdown>
        </div>
        {entry.commits.length > 0 && (
          <ul aria-label="Attached commits" className="mt-1 min-w-0 space-y-0.5 text-xs [grid-area:commits]">
            {entry.commits.map((commit) => (
              <li key={commit.id} className="flex min-w-0 items-center gap-2">
                <Link href={`/repositories/${commit.repository.id}`} className="shrink-0 font-mono text-brand-700 hover:underline dark:text-brand-300">
                  {commit.repository.name}@{commit.sha.slice(0, 7)}
                </Link>
                <span className="min-w-0 flex-1 truncate text-zinc-700 dark:text-zinc-300">{commit.message.split("\n")[0]}</span>
                {commitActions?.(commit)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {actions && <div className="relative flex shrink-0 items-start">{actions}</div>}
    </article>
  );
}

/** The entry's project, source and tags, each a link that filters the worklog by it. */
function EntryMeta({ entry, highlight }: { entry: EntryView; highlight?: string }) {
  if (!entry.project && entry.source === "web" && entry.tags.length === 0) return null;
  return (
    <div className="ml-auto flex max-w-full min-w-0 flex-wrap content-start items-center justify-end gap-1.5 self-start pt-0.5 text-sm sm:max-w-64 sm:[grid-area:meta]">
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
      {entry.tags.length > 0 && (
        <ul aria-label="Tags" className="flex flex-wrap gap-1">
          {entry.tags.map((tag) => (
            <li key={tag}>
              <FilterLink filters={{ tags: tag }} className={tagClassName} title={`Show the entries tagged #${tag}`}>
                #<Highlighted text={tag} q={highlight} />
              </FilterLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
