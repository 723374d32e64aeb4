import Link from "next/link";
import type { ReactNode } from "react";
import { formatDateTime, formatDuration } from "@/components/format";
import { Markdown, matchClassName } from "@/components/markdown";
import { RunningBadge } from "@/components/timer/elapsed";
import type { CommitSummary } from "@/lib/repositories/commits";
import { highlightParts } from "@/lib/worklog/search-text";
import { entryAnchor } from "@/lib/worklog/days";
import { entrySourceLabels } from "@/lib/worklog/sources";
import type { EntryView } from "@/lib/worklog/views";
import { FilterLink } from "./worklog-filters";

type ProjectSummary = { id: string; identifier: string; name: string };

const badgeClassName =
  "inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 hover:bg-brand-100 dark:bg-brand-950 dark:text-brand-200 dark:hover:bg-brand-900";

function BadgeText({ project }: { project: ProjectSummary }) {
  return (
    <>
      <span className="font-mono">{project.identifier}</span>
      <span>{project.name}</span>
    </>
  );
}

/** A project's badge, linking to its page. */
export function ProjectBadge({ project }: { project: ProjectSummary }) {
  return (
    <Link href={`/projects/${project.id}`} className={badgeClassName}>
      <BadgeText project={project} />
    </Link>
  );
}

const tagClassName =
  "block rounded-full border border-zinc-300 px-2 py-0.5 text-xs hover:border-brand-400 hover:bg-brand-50 dark:border-zinc-700 dark:hover:border-brand-600 dark:hover:bg-brand-950";

const sourceClassName =
  "rounded border border-amber-300 bg-amber-50 px-1.5 py-px text-[0.6875rem] font-medium uppercase tracking-wide text-amber-900 hover:border-amber-500 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200";

const sourceDescriptions = { api: "API with an API key", cli: "CLI (an OAuth token)", mcp: "MCP server, by an AI agent" } as const;

type EntryCardProps = {
  entry: EntryView;
  timeZone: string;
  /** The entry's buttons, beside its time. */
  actions?: ReactNode;
  /** Buttons beside each attached commit. */
  commitActions?: (commit: CommitSummary) => ReactNode;
  /** The search the entry was found by (docs/api.md, "Search"): its words are marked. */
  highlight?: string;
  /** Whether a link opened it (`/?entry=<id>`): it stands out, and says so. */
  linked?: boolean;
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

/** One worklog entry: when, how long, project, tags, the rendered markdown and the attached commits. */
export function EntryCard({ entry, timeZone, actions, commitActions, highlight, linked = false }: EntryCardProps) {
  return (
    <article
      id={entryAnchor(entry.id)}
      aria-label={`${linked ? "Linked entry" : "Entry"} of ${formatDateTime(entry.recorded_at, timeZone)}`}
      aria-current={linked || undefined}
      data-entry-id={entry.id}
      tabIndex={-1}
      className={`scroll-mt-4 rounded-lg border p-4 outline-offset-2 focus:outline-2 focus:outline-brand-500 sm:p-5 ${linked ? "border-brand-500 bg-brand-50/60 ring-2 ring-brand-200 dark:border-brand-400 dark:bg-brand-950/60 dark:ring-brand-800" : "border-zinc-200 dark:border-zinc-800"}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-zinc-600 dark:text-zinc-400">
        <time dateTime={entry.recorded_at}>{formatDateTime(entry.recorded_at, timeZone)}</time>
        {entry.running ? (
          <RunningBadge since={entry.recorded_at} />
        ) : (
          entry.duration_seconds !== null && <span className="font-medium text-zinc-800 dark:text-zinc-200">{formatDuration(entry.duration_seconds)}</span>
        )}
        {entry.project && (
          <FilterLink filters={{ project_id: entry.project.id }} className={badgeClassName} title={`Show the entries of ${entry.project.name}`}>
            <BadgeText project={entry.project} />
          </FilterLink>
        )}
        {entry.source !== "web" && (
          <FilterLink filters={{ source: entry.source }} className={sourceClassName} title={`Written through the ${sourceDescriptions[entry.source]}: show the entries written so`}>
            {entrySourceLabels[entry.source]}
          </FilterLink>
        )}
        {entry.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {entry.tags.map((tag) => (
              <li key={tag}>
                <FilterLink filters={{ tags: tag }} className={tagClassName} title={`Show the entries tagged #${tag}`}>
                  #<Highlighted text={tag} q={highlight} />
                </FilterLink>
              </li>
            ))}
          </ul>
        )}
        {actions && <div className="ml-auto flex gap-2">{actions}</div>}
      </div>
      <div className="mt-3">
        <Markdown highlight={highlight}>{entry.content}</Markdown>
      </div>
      {entry.commits.length > 0 && (
        <ul aria-label="Attached commits" className="mt-3 space-y-1 border-t border-zinc-200 pt-3 text-sm dark:border-zinc-800">
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
    </article>
  );
}
