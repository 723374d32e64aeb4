import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { LoadingBlock } from "@/components/loading-block";
import type { PageRequest } from "@/lib/api/pagination";
import { formatDateTime } from "@/components/format";
import { PageHeader, Section } from "@/components/page-header";
import { Pager } from "@/components/pager";
import { RepositoryForm } from "@/components/repositories/repository-form";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState } from "@/components/ui/empty-state";
import { requireUser } from "@/lib/auth/current-user";
import { listProjects } from "@/lib/projects/projects";
import { deleteRepositoryAction, updateRepositoryAction } from "@/lib/repositories/actions";
import { listCommits } from "@/lib/repositories/commits";
import { getRepository } from "@/lib/repositories/repositories";
import { entriesByCommit } from "@/lib/worklog/entries";
import { loadOrNotFound, pageRequest, type SearchParams } from "@/lib/web/pages";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export const metadata: Metadata = { title: "Repository" };

/** The first line of an entry's markdown, as a short plain label. */
const excerpt = (content: string) => content.trim().split("\n")[0]!.replace(/^[#>*\-\s]+/, "").slice(0, 80);

export default async function RepositoryPage({ params, searchParams }: Props) {
  const { id } = await params;
  const user = await requireUser(`/repositories/${id}`);
  const repository = await loadOrNotFound(id, (repositoryId) => getRepository(user.id, repositoryId));
  const page = pageRequest(await searchParams);
  const projects = await listProjects(user.id, { limit: 100 });
  const project = projects.rows.find((candidate) => candidate.id === repository.projectId);
  return (
    <div className="space-y-10">
      <PageHeader
        title={<span className="break-all">{repository.name}</span>}
        description={
          <>
            {project ? (
              <>
                In <Link href={`/projects/${project.id}`} className="font-medium underline">{project.name}</Link>
              </>
            ) : (
              "In no project"
            )}
            {repository.defaultBranch && <> · branch {repository.defaultBranch}</>}
            {repository.remoteUrl && <span className="block truncate">{repository.remoteUrl}</span>}
          </>
        }
      >
        <ConfirmButton
          label="Delete repository"
          title="Delete repository"
          description={`Delete ${repository.name} and all its commits? Entries stay, without these commits.`}
          confirmLabel="Delete repository"
          pendingLabel="Deleting…"
          action={deleteRepositoryAction.bind(null, repository.id)}
        />
      </PageHeader>

      <Suspense fallback={<LoadingBlock label="Loading commits…" />}>
        <CommitList userId={user.id} repositoryId={repository.id} page={page} timeZone={user.timezone} />
      </Suspense>

      <Section id="edit-repository-heading" title="Edit repository">
        <RepositoryForm
          action={updateRepositoryAction.bind(null, repository.id)}
          projects={projects.rows}
          repository={{
            name: repository.name,
            project_id: repository.projectId ?? "",
            remote_url: repository.remoteUrl ?? "",
            local_path: repository.localPath ?? "",
            default_branch: repository.defaultBranch ?? "",
          }}
          submitLabel="Save repository"
          pendingLabel="Saving…"
          successNotice="Repository saved."
        />
      </Section>
    </div>
  );
}

async function CommitList({ userId, repositoryId, page, timeZone }: { userId: string; repositoryId: string; page: PageRequest; timeZone: string }) {
  const commits = await listCommits(userId, repositoryId, page);
  const attached = await entriesByCommit(userId, commits.rows.map((commit) => commit.id));
  const path = `/repositories/${repositoryId}`;
  return (
    <Section id="commits-heading" title={`Commits (${commits.meta.total_count})`}>
      {commits.rows.length === 0 ? (
        <EmptyState title="No commits here">The CLI records a repository’s commits when you capture them.</EmptyState>
      ) : (
        <>
          <p className="-mt-2 mb-4 text-sm text-zinc-600 dark:text-zinc-400">By commit time, the newest first.</p>
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {commits.rows.map((commit) => (
              <li key={commit.id} className="space-y-1 px-4 py-3">
                <p className="flex min-w-0 gap-3">
                  <code className="shrink-0 font-mono text-sm text-brand-700 dark:text-brand-300" title={commit.sha}>
                    {commit.sha.slice(0, 7)}
                  </code>
                  <span className="min-w-0 font-medium break-words">{commit.message.split("\n")[0]}</span>
                </p>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  {commit.authorName ?? "Unknown author"} · <time dateTime={commit.committedAt.toISOString()}>{formatDateTime(commit.committedAt, timeZone)}</time>
                </p>
                {attached.get(commit.id) && (
                  <ul aria-label={`Entries with commit ${commit.sha.slice(0, 7)}`} className="flex flex-wrap gap-2 text-sm">
                    {attached.get(commit.id)!.map((entry) => (
                      <li key={entry.id} className="rounded-md bg-zinc-100 px-2 py-0.5 dark:bg-zinc-800">
                        {formatDateTime(entry.recordedAt, timeZone)}: {excerpt(entry.content)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager path={path} page={page} meta={commits.meta} label="Commit pages" />
    </Section>
  );
}
