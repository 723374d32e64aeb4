import type { Metadata } from "next";
import { headers } from "next/headers";
import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { Suspense } from "react";
import { LoadingBlock } from "@/components/loading-block";
import type { CursorPageRequest } from "@/lib/api/cursor-pagination";
import { countOf } from "@/components/formatting/format";
import { accountClock } from "@/lib/formatting/account-clock";
import { markdownExcerpt } from "@/lib/formatting/markdown-excerpt";
import { formatDateTime, type Clock } from "@/lib/formatting/time-words";
import { DangerZone, Stats } from "@/components/stats";
import { buttonClassName } from "@/components/ui/button";
import { PageHeader, Section } from "@/components/page-header";
import { Pager } from "@/components/pager";
import { CommitEntries } from "@/components/repositories/commit-entries";
import { PostCommitHookSetup } from "@/components/repositories/post-commit-hook-setup";
import { RemoteUrl } from "@/components/repositories/remote-url";
import { RepositoryForm } from "@/components/repositories/repository-form";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState } from "@/components/ui/empty-state";
import { ExternalLink } from "@/components/ui/external-link";
import type { Access } from "@/lib/access/context";
import { requireAccess } from "@/lib/auth/current-user";
import { listProjects } from "@/lib/projects/projects";
import { publicOrigin } from "@/lib/public-origin";
import { deleteRepositoryAction, updateRepositoryAction } from "@/lib/repositories/actions";
import { listCommits } from "@/lib/repositories/commits";
import { postCommitHookScript } from "@/lib/repositories/post-commit-hook";
import { getRepository } from "@/lib/repositories/repositories";
import { repositoryTotals } from "@/lib/repositories/repository-totals";
import { currentWeek } from "@/lib/worklog/current-week";
import { commitWebUrl } from "@/lib/repositories/web-urls";
import { entryWorklogPath } from "@/lib/worklog/days";
import { entriesByCommit } from "@/lib/worklog/entries";
import { loadOrNotFound, cursorPageOfSearchParams, resourceTitle, type PageSearchParams } from "@/lib/next-pages/page-params";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<PageSearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return resourceTitle((await params).id, getRepository, (repository) => repository.name, "Repository");
}

export default async function RepositoryPage({ params, searchParams }: Props) {
  const { id } = await params;
  const access = await requireAccess(`/repositories/${id}`);
  const { user } = access;
  const repository = await loadOrNotFound(id, (repositoryId) => getRepository(access, repositoryId));
  const page = cursorPageOfSearchParams(await searchParams);
  const projects = await listProjects(access, { limit: 100 });
  const project = projects.rows.find((candidate) => candidate.id === repository.projectId);
  const hookScript = postCommitHookScript({ repositoryId: repository.id, origin: publicOrigin(await headers()) });
  const clock = await accountClock(user);
  const totals = await repositoryTotals(access, repository.id, currentWeek(user.timezone, user.weekStart).start);
  const entriesAffected = countOf(totals.entryCount, "entry", "entries");
  return (
    <div className="space-y-10">
      <PageHeader
        title={<span className="break-all">{repository.name}</span>}
        description={
          <>
            {project ? (
              <>
                In{" "}
                <WorkspaceLink href={`/projects/${project.id}`} className="font-medium underline">
                  {project.name}
                </WorkspaceLink>
              </>
            ) : (
              "In no project"
            )}
            {repository.defaultBranch && <> · branch {repository.defaultBranch}</>}
            {repository.remoteUrl && <RemoteUrl remoteUrl={repository.remoteUrl} />}
          </>
        }
      >
        <a href="#edit-repository-heading" className={buttonClassName("secondary", "sm")}>
          Edit
        </a>
      </PageHeader>

      <Stats
        label="The repository’s commits"
        items={[
          { term: "Commits", value: totals.commitCount },
          { term: "This week", value: countOf(totals.weekCommitCount, "commit", "commits") },
          { term: "Last commit", value: totals.lastCommitAt ? formatDateTime(totals.lastCommitAt, clock) : "None yet" },
          { term: "Last push", value: totals.lastPushAt ? formatDateTime(totals.lastPushAt, clock) : "None yet" },
          { term: "Entries", value: totals.entryCount },
        ]}
      />

      <Suspense fallback={<LoadingBlock label="Loading commits…" />}>
        <CommitList access={access} repositoryId={repository.id} remoteUrl={repository.remoteUrl} page={page} clock={clock} />
      </Suspense>

      <Section id="git-hook-heading" title="Record commits from this machine">
        <PostCommitHookSetup script={hookScript} />
      </Section>

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

      <DangerZone>
        <p className="text-sm">
          Deleting {repository.name} deletes its {countOf(totals.commitCount, "commit", "commits")} and affects {entriesAffected} with them, which stay, without
          these commits.
        </p>
        <ConfirmButton
          label="Delete repository"
          title="Delete repository"
          description={`Delete ${repository.name} and its ${countOf(totals.commitCount, "commit", "commits")}? ${entriesAffected} with them ${totals.entryCount === 1 ? "stays" : "stay"}, without these commits.`}
          confirmLabel="Delete repository"
          pendingLabel="Deleting…"
          action={deleteRepositoryAction.bind(null, repository.id)}
        />
      </DangerZone>
    </div>
  );
}

type CommitListProps = { access: Access; repositoryId: string; remoteUrl: string | null; page: CursorPageRequest; clock: Clock };

async function CommitList({ access, repositoryId, remoteUrl, page, clock }: CommitListProps) {
  const commits = await listCommits(access, repositoryId, page);
  const attached = await entriesByCommit(
    access,
    commits.rows.map((commit) => commit.id),
  );
  const path = `/repositories/${repositoryId}`;
  return (
    <Section id="commits-heading" title={`Commits (${commits.meta.total_count})`}>
      {commits.rows.length === 0 ? (
        <EmptyState title="No commits here">The CLI records a repository’s commits when you capture them, and the git hook below as you make them.</EmptyState>
      ) : (
        <>
          <p className="-mt-2 mb-4 text-sm text-zinc-600 dark:text-zinc-400">By commit time, the newest first.</p>
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {commits.rows.map((commit) => {
              const shortSha = commit.sha.slice(0, 7);
              const webUrl = remoteUrl && commitWebUrl(remoteUrl, commit.sha);
              return (
                <li key={commit.id} className="px-4 py-3">
                  <p className="flex min-w-0 gap-3">
                    <code className="shrink-0 font-mono text-sm text-brand-700 dark:text-brand-300" title={commit.sha}>
                      {webUrl ? (
                        <ExternalLink href={webUrl} className="underline">
                          {shortSha}
                        </ExternalLink>
                      ) : (
                        shortSha
                      )}
                    </code>
                    <span className="min-w-0 font-medium break-words">{commit.message.split("\n")[0]}</span>
                  </p>
                  <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                    {commit.authorName ?? "Unknown author"} ·{" "}
                    <time dateTime={commit.committedAt.toISOString()}>{formatDateTime(commit.committedAt, clock)}</time>
                  </p>
                  <CommitEntries
                    commitId={commit.id}
                    shortSha={shortSha}
                    entries={(attached.get(commit.id) ?? []).map((entry) => ({
                      id: entry.id,
                      href: entryWorklogPath(entry, clock.timeZone),
                      recordedAt: formatDateTime(entry.recordedAt, clock),
                      excerpt: markdownExcerpt(entry.content),
                    }))}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Pager path={path} page={page} meta={commits.meta} label="Commit pages" />
    </Section>
  );
}
