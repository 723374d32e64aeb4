import type { Metadata } from "next";
import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { Suspense } from "react";
import { LoadingBlock } from "@/components/loading-block";
import type { Access } from "@/lib/access/context";
import { countOf } from "@/components/formatting/format";
import { formatDuration } from "@/lib/formatting/time-words";
import { PageHeader, Section } from "@/components/page-header";
import { ProjectForm } from "@/components/projects/project-form";
import { EmptyState } from "@/components/ui/empty-state";
import { requireAccess } from "@/lib/auth/current-user";
import { createProjectAction } from "@/lib/projects/actions";
import { listProjectSummaries } from "@/lib/projects/projects";
import { currentWeek } from "@/lib/worklog/current-week";

export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage() {
  const access = await requireAccess("/projects");
  return (
    <div className="space-y-10">
      <PageHeader title="Projects" description="Group your entries and repositories by what they are for." />
      <Section id="project-list-heading" title="Your projects">
        <Suspense fallback={<LoadingBlock label="Loading projects…" />}>
          <ProjectList access={access} />
        </Suspense>
      </Section>
      <Section id="create-project-heading" title="New project">
        <ProjectForm action={createProjectAction} submitLabel="Create project" pendingLabel="Creating…" successNotice="Project created." />
      </Section>
    </div>
  );
}

async function ProjectList({ access }: { access: Access }) {
  const { timezone, weekStart } = access.user;
  const projects = await listProjectSummaries(access, currentWeek(timezone, weekStart).start);
  return projects.length === 0 ? (
    <EmptyState title="No projects yet">Create one below; entries and repositories can then belong to it.</EmptyState>
  ) : (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id} className="rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
          <h3 className="flex items-baseline gap-2 font-semibold">
            <span className="rounded bg-brand-50 px-1.5 font-mono text-sm text-brand-800 dark:bg-brand-950 dark:text-brand-200">{project.identifier}</span>
            <WorkspaceLink href={`/projects/${project.id}`} className="min-w-0 break-words hover:underline">
              {project.name}
            </WorkspaceLink>
          </h3>
          {project.description && <p className="mt-2 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">{project.description}</p>}
          <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
            <div>
              <dt className="sr-only">Repositories</dt>
              <dd>{countOf(project.repositoryCount, "repository", "repositories")}</dd>
            </div>
            <div>
              <dt className="sr-only">Entries</dt>
              <dd>{countOf(project.entryCount, "entry", "entries")}</dd>
            </div>
            <div>
              <dt className="sr-only">This week</dt>
              <dd>{formatDuration(project.secondsSince)} this week</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
