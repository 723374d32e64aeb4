import type { Metadata } from "next";
import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { Suspense } from "react";
import { LoadingBlock } from "@/components/loading-block";
import type { CursorPageRequest } from "@/lib/api/cursor-pagination";
import type { Project } from "@/lib/db/client";
import { countOf } from "@/components/formatting/format";
import { accountClock } from "@/lib/formatting/account-clock";
import { formatDateTime, type Clock } from "@/lib/formatting/time-words";
import { PageHeader, Section } from "@/components/page-header";
import { Pager } from "@/components/pager";
import { RemoteUrl } from "@/components/repositories/remote-url";
import { RepositoryForm } from "@/components/repositories/repository-form";
import { EmptyState } from "@/components/ui/empty-state";
import { ProjectBadge } from "@/components/worklog/project-badge";
import type { Access } from "@/lib/access/context";
import { requireAccess } from "@/lib/auth/current-user";
import { listProjects } from "@/lib/projects/projects";
import { createRepositoryAction } from "@/lib/repositories/actions";
import { commitActivity } from "@/lib/repositories/commits";
import { listRepositories } from "@/lib/repositories/repositories";
import { cursorPageOfSearchParams, type PageSearchParams } from "@/lib/next-pages/page-params";

export const metadata: Metadata = { title: "Repositories" };

export default async function RepositoriesPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const access = await requireAccess("/repositories");
  const { user } = access;
  const page = cursorPageOfSearchParams(await searchParams);
  const projects = (await listProjects(access, { limit: 100 })).rows;
  return (
    <div className="space-y-10">
      <PageHeader title="Repositories" description="The code you work on. The CLI records their commits, which you can attach to entries." />
      <Section id="repository-list-heading" title="Your repositories">
        <Suspense fallback={<LoadingBlock label="Loading repositories…" />}>
          <RepositoryList access={access} clock={await accountClock(user)} page={page} projects={projects} />
        </Suspense>
      </Section>
      <Section id="create-repository-heading" title="New repository">
        <RepositoryForm
          action={createRepositoryAction}
          projects={projects}
          submitLabel="Create repository"
          pendingLabel="Creating…"
          successNotice="Repository created."
        />
      </Section>
    </div>
  );
}

type RepositoryListProps = { access: Access; clock: Clock; page: CursorPageRequest; projects: Project[] };

async function RepositoryList({ access, clock, page, projects }: RepositoryListProps) {
  const repositories = await listRepositories(access, page);
  const activity = await commitActivity(
    access,
    repositories.rows.map((repository) => repository.id),
  );
  const projectById = new Map(projects.map((project) => [project.id, project]));
  return (
    <>
      {repositories.rows.length === 0 ? (
        <EmptyState title="No repositories yet">Add one below, or let the CLI create it when it captures commits.</EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {repositories.rows.map((repository) => {
            const project = repository.projectId ? projectById.get(repository.projectId) : undefined;
            const commits = activity.get(repository.id);
            return (
              <li key={repository.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
                <WorkspaceLink href={`/repositories/${repository.id}`} className="font-medium break-all hover:underline">
                  {repository.name}
                </WorkspaceLink>
                {project && <ProjectBadge project={project} />}
                {repository.remoteUrl && <RemoteUrl remoteUrl={repository.remoteUrl} className="w-full text-sm text-zinc-600 dark:text-zinc-400" />}
                {commits ? (
                  <dl className="flex w-full flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
                    <div>
                      <dt className="sr-only">Commits</dt>
                      <dd>{countOf(commits.commitCount, "commit", "commits")}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>Last commit</dt>
                      <dd>
                        <time dateTime={commits.lastCommittedAt.toISOString()}>{formatDateTime(commits.lastCommittedAt, clock)}</time>
                      </dd>
                    </div>
                  </dl>
                ) : (
                  <p className="w-full text-sm text-zinc-600 dark:text-zinc-400">No commits yet</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pager path="/repositories" page={page} meta={repositories.meta} label="Repository pages" />
    </>
  );
}
