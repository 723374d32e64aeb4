import type { Metadata } from "next";
import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { Suspense } from "react";
import { LoadingBlock } from "@/components/loading-block";
import type { Access } from "@/lib/access/context";
import { countOf, countOfMatches } from "@/components/formatting/format";
import { formatDateTime, formatDuration } from "@/lib/formatting/time-words";
import { buttonClassName } from "@/components/ui/button";
import { DangerZone, Stats } from "@/components/stats";
import { PageHeader, Section } from "@/components/page-header";
import { ProjectForm } from "@/components/projects/project-form";
import type { Tracker } from "@/lib/references/schemas";
import { trackersText } from "@/lib/references/tracker-text";
import { RemoteUrl } from "@/components/repositories/remote-url";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState } from "@/components/ui/empty-state";
import { TextLink } from "@/components/ui/text-link";
import { DayGroup } from "@/components/worklog/day-group";
import { EntryCard } from "@/components/worklog/entry-card";
import { Markdown } from "@/components/markdown";
import { requireAccess } from "@/lib/auth/current-user";
import { deleteProjectAction, updateProjectAction } from "@/lib/projects/actions";
import { getProject } from "@/lib/projects/projects";
import { projectContributors, projectTotals, type ProjectContributor } from "@/lib/projects/project-totals";
import { unnamedAuthorLabel } from "@/lib/worklog/author-label";
import { listRepositories } from "@/lib/repositories/repositories";
import { calendarDay, startOfDay } from "@/lib/time";
import { currentWeek } from "@/lib/worklog/current-week";
import { groupByDay } from "@/lib/worklog/days";
import { listEntries } from "@/lib/worklog/entries";
import { toEntryPage } from "@/lib/worklog/views";
import { loadOrNotFound, resourceTitle } from "@/lib/next-pages/page-params";
import { accountClock } from "@/lib/formatting/account-clock";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return resourceTitle((await params).id, getProject, (project) => project.name, "Project");
}

export default async function ProjectPage({ params }: Props) {
  const { id } = await params;
  const access = await requireAccess(`/projects/${id}`);
  const project = await loadOrNotFound(id, (projectId) => getProject(access, projectId));
  return (
    <div className="space-y-10">
      <PageHeader
        title={
          <>
            <span className="mr-3 rounded bg-brand-50 px-2 font-mono text-2xl text-brand-800 dark:bg-brand-950 dark:text-brand-200">{project.identifier}</span>
            {project.name}
          </>
        }
        description={project.description ?? undefined}
      >
        <a href="#edit-project-heading" className={buttonClassName("secondary", "sm")}>
          Edit
        </a>
      </PageHeader>

      <Suspense fallback={<LoadingBlock label="Loading the project’s time, entries and repositories…" />}>
        <ProjectContents access={access} project={project} />
      </Suspense>
    </div>
  );
}

type ProjectContentsProps = { access: Access; project: Awaited<ReturnType<typeof getProject>> };

/** The project's time and entries first, then its repositories, its settings, and at the foot its deletion. */
async function ProjectContents({ access, project }: ProjectContentsProps) {
  const { user } = access;
  const projectId = project.id;
  const entryQuery = { page: { limit: 10 }, project_id: projectId };
  const now = new Date();
  const today = calendarDay(now, user.timezone);
  const clock = await accountClock(user);
  const since = { week: currentWeek(user.timezone, user.weekStart, now).start, month: startOfDay(`${today.slice(0, 7)}-01`, user.timezone) };
  const [totals, contributors, repositories, entries] = await Promise.all([
    projectTotals(access, projectId, since),
    projectContributors(access, projectId),
    listRepositories(access, { limit: 100 }, { projectId }),
    listEntries(access, entryQuery).then((page) => toEntryPage(access, page, entryQuery)),
  ]);
  const dayTotals = new Map(entries.dayTotals.map(({ day, seconds }) => [day, seconds]));
  return (
    <>
      <Stats
        label="The project’s time"
        items={[
          { term: "This week", value: formatDuration(totals.weekSeconds) },
          { term: "This month", value: formatDuration(totals.monthSeconds) },
          { term: "All time", value: formatDuration(totals.allSeconds) },
          { term: "Entries", value: totals.entryCount },
          { term: "Last activity", value: totals.lastActivity ? formatDateTime(totals.lastActivity, clock) : "None yet" },
        ]}
      />

      <Section id="project-entries-heading" title="Recent entries">
        {entries.entries.length === 0 ? (
          <EmptyState title="No entries in this project yet">
            Write one on the <TextLink href="/">worklog</TextLink> and pick this project.
          </EmptyState>
        ) : (
          <div className="space-y-8">
            <p className="-mt-2 text-sm text-zinc-600 dark:text-zinc-400">
              By the day of the work, most recent first; a day’s total counts this project’s entries.
            </p>
            {groupByDay(entries.entries, user.timezone).map(({ day, entries: dayEntries }) => (
              <DayGroup key={day} day={day} today={today} seconds={dayTotals.get(day) ?? 0}>
                <div>
                  {dayEntries.map((entry) => (
                    <EntryCard key={entry.id} entry={entry} clock={clock} text={<Markdown>{entry.content}</Markdown>} />
                  ))}
                </div>
              </DayGroup>
            ))}
            <p className="text-sm">
              <TextLink href={`/?project_id=${projectId}`}>All {countOfMatches(entries.meta, "entry", "entries")} of this project</TextLink>
            </p>
          </div>
        )}
      </Section>

      {(contributors.length > 1 || contributors.some((contributor) => contributor.userId !== user.id)) && (
        <Section id="project-people-heading" title="Who worked on it">
          <Contributors contributors={contributors} projectId={projectId} clock={clock} />
        </Section>
      )}

      <Section id="project-repositories-heading" title="Repositories">
        {repositories.rows.length === 0 ? (
          <EmptyState title="No repositories in this project">
            Add one on the <TextLink href="/repositories">repositories page</TextLink>.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {repositories.rows.map((repository) => (
              <li key={repository.id} className="px-4 py-3">
                <WorkspaceLink href={`/repositories/${repository.id}`} className="font-medium hover:underline">
                  {repository.name}
                </WorkspaceLink>
                {repository.remoteUrl && <RemoteUrl remoteUrl={repository.remoteUrl} className="text-sm text-zinc-600 dark:text-zinc-400" />}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="edit-project-heading" title="Edit project">
        <ProjectForm
          action={updateProjectAction.bind(null, project.id)}
          project={{
            name: project.name,
            identifier: project.identifier,
            description: project.description ?? "",
            trackers: trackersText(project.trackers as Tracker[]),
          }}
          submitLabel="Save project"
          pendingLabel="Saving…"
          successNotice="Project saved."
        />
      </Section>

      <DangerZone>
        <p className="text-sm">
          Deleting {project.name} affects {countOf(totals.entryCount, "entry", "entries")} and{" "}
          {countOf(repositories.meta.total_count, "repository", "repositories")}: they stay, without a project.
        </p>
        <ConfirmButton
          label="Delete project"
          title="Delete project"
          description={`Delete ${project.name}? Its ${countOf(totals.entryCount, "entry", "entries")} and ${countOf(repositories.meta.total_count, "repository", "repositories")} stay, without a project.`}
          confirmLabel="Delete project"
          pendingLabel="Deleting…"
          action={deleteProjectAction.bind(null, project.id)}
        />
      </DangerZone>
    </>
  );
}

/** The project's authors, the most time first: each a link to their entries of the project. */
function Contributors({
  contributors,
  projectId,
  clock,
}: {
  contributors: ProjectContributor[];
  projectId: string;
  clock: Awaited<ReturnType<typeof accountClock>>;
}) {
  return (
    <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {contributors.map((contributor) => (
        <li key={contributor.userId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
          <WorkspaceLink href={`/?project_id=${projectId}&author_id=${contributor.userId}`} className="font-medium hover:underline">
            {contributor.name ?? unnamedAuthorLabel}
          </WorkspaceLink>
          <span className="text-zinc-600 tabular-nums dark:text-zinc-400">
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{formatDuration(contributor.seconds)}</span> ·{" "}
            {countOf(contributor.entryCount, "entry", "entries")} · latest {formatDateTime(contributor.lastActivity, clock)}
          </span>
        </li>
      ))}
    </ul>
  );
}
