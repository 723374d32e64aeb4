import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { Markdown, MarkdownLineText } from "@/components/markdown";
import { FormError } from "@/components/ui/form-feedback";
import { SampleDay } from "@/components/worklog/sample-day";
import { StandupReminderNotice } from "@/components/worklog/standup-reminder-notice";
import type { RenderedTexts } from "@/components/worklog/entry-text";
import { Worklog } from "@/components/worklog/worklog";
import type { Access } from "@/lib/access/context";
import { currentAccess, requireAccess } from "@/lib/auth/current-user";
import { isUuid } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { listProjects } from "@/lib/projects/projects";
import { linkedEntryPath } from "@/lib/worklog/days";
import { getEntry, listEntries } from "@/lib/worklog/entries";
import { dailyTotals } from "@/lib/worklog/tracked-time";
import { filtersFromSearch, sameFilters, suggestionFilters, type EntryFilters } from "@/lib/worklog/filters";
import { entryListQuerySchema } from "@/lib/worklog/schemas";
import { suggestionQuerySchema } from "@/lib/worklog/suggestion-schemas";
import { listSuggestions } from "@/lib/worklog/suggestions";
import { tagUsage } from "@/lib/worklog/tag-usage";
import { referenceKeyUsage } from "@/lib/references/reference-usage";
import { toEntryPage, type EntryView } from "@/lib/worklog/views";
import { calendarDay } from "@/lib/time";
import { searchParam, type PageSearchParams } from "@/lib/next-pages/page-params";
import { currentWeek } from "@/lib/worklog/current-week";
import { requestedWorkspaceSlug, workspaceHref } from "@/lib/workspaces/request-workspace";
import { listMembers } from "@/lib/workspaces/members";
import { unnamedAuthorLabel } from "@/lib/worklog/author-label";
import { roleAtLeast } from "@/lib/access/roles";
import { sinceWords } from "@/lib/reminders/message";
import { standupReminderNotice } from "@/lib/reminders/standup-reminders";
import { LAUNCH_PARAMETER, launchAction } from "@/lib/worklog/launch-action";

const features = [
  {
    title: "Markdown worklog entries",
    body: "Write down what you worked on, as you go, in plain markdown.",
  },
  {
    title: "Commits attached",
    body: "Attach commits to an entry so the write-up and the code stay together.",
  },
  {
    title: "Projects & repositories",
    body: "Organise entries by project, and keep each project’s repositories and their commits in one place.",
  },
  {
    title: "Recaps, streamed live",
    body: "Ask for a recap of your work and watch it appear as it is written.",
  },
  {
    title: "REST API with scoped keys",
    body: "Automate with the REST API under /api/v1, using keys limited to the scopes you choose.",
  },
  {
    title: "A CLI for your terminal",
    body: "Log work without leaving the shell. The CLI signs in with the OAuth device flow: you approve it in the browser.",
  },
];

function Introduction() {
  return (
    <div className="space-y-16">
      <section aria-labelledby="intro-heading" className="max-w-2xl">
        <h1 id="intro-heading" className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          Keep a log of your work, without the busywork
        </h1>
        <p className="mt-5 text-lg text-pretty text-zinc-600 dark:text-zinc-400">
          Worklog is an open work tracker. Note what you did in markdown, attach the commits that go with it, and let a recap sum it up — from the browser, the
          API or your terminal.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <WorkspaceLink
            href="/signup"
            className="rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 dark:bg-brand-400 dark:text-brand-950 dark:hover:bg-brand-300"
          >
            Sign up
          </WorkspaceLink>
          <WorkspaceLink
            href="/signin"
            className="rounded-md border border-zinc-300 px-5 py-2.5 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800/60"
          >
            Sign in
          </WorkspaceLink>
        </div>
      </section>

      <section aria-labelledby="sample-heading">
        <h2 id="sample-heading" className="text-2xl font-semibold tracking-tight">
          A day of work, as Worklog shows it
        </h2>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">Entries under the day you did the work, with their time, project, tags, markdown and commits.</p>
        <div className="mt-6">
          <SampleDay />
        </div>
      </section>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-semibold tracking-tight">
          What you get
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ title, body }) => (
            <li key={title} className="rounded-lg border border-zinc-200 p-5 dark:border-zinc-800">
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{body}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The account's entry that `/?entry=<id>` names, or undefined (a malformed id, a deleted entry, another account's). */
async function linkedEntry(access: Access, id: string) {
  if (!isUuid(id)) return undefined;
  try {
    return await getEntry(access, id.toLowerCase());
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") return undefined;
    throw error;
  }
}

/** The suggested entries the worklog shows with these filters: none when it is filtered by more than dates, or for a period they refuse. */
async function worklogSuggestions(access: Access, filters: EntryFilters) {
  const query = suggestionQuerySchema.safeParse(suggestionFilters(filters));
  if (!query.success) return [];
  try {
    return await listSuggestions(access, query.data);
  } catch (error) {
    if (error instanceof AppError && error.kind === "invalid_request") return [];
    throw error;
  }
}

/**
 * The first page's texts rendered here, as the worklog shows them (their lines, and the linked
 * entry whole): the browser then needs the markdown parser only for texts it renders itself.
 */
function renderedTexts(entries: EntryView[], highlight: string | undefined, linkedId: string | undefined): RenderedTexts {
  const byEntry = Object.fromEntries(
    entries.map((entry) => [
      entry.id,
      {
        content: entry.content,
        line: <MarkdownLineText highlight={highlight}>{entry.content}</MarkdownLineText>,
        whole: entry.id === linkedId ? <Markdown highlight={highlight}>{entry.content}</Markdown> : undefined,
      },
    ]),
  );
  return { highlight: highlight ?? "", byEntry };
}

/** The worklog: the composer, the entries the URL's filters select by day (most recent work first), the filters and the week's chart. */
async function WorklogHome({ access, searchParams }: { access: Access; searchParams: PageSearchParams }) {
  const { user } = access;
  const typed = { get: (name: string) => searchParam(searchParams, name) ?? null };
  const filters = filtersFromSearch(typed);
  const linkedId = typed.get("entry");
  const linked = linkedId ? await linkedEntry(access, linkedId) : undefined;
  // A link to an entry shows its day: the entry is then on the list's first pages.
  if (linked) {
    const day = calendarDay(linked.recordedAt, user.timezone);
    if (linkedId !== linked.id || !sameFilters(filters, { from: day, to: day })) redirect(await workspaceHref(linkedEntryPath(linked, user.timezone)));
  }
  const listQuery = entryListQuerySchema.parse(filters);
  const ignored = ["q", "project_id", "reference", "from", "to", "source", "author_id"].some((name) => typed.get(name) && !(name in filters));
  const week = currentWeek(user.timezone, user.weekStart);
  const [firstPage, projects, totals, suggestions, tags, members, reminder, referenceKeys] = await Promise.all([
    listEntries(access, listQuery).then((entries) => toEntryPage(access, entries, listQuery)),
    listProjects(access, { limit: 100 }),
    dailyTotals(access, week.days),
    worklogSuggestions(access, filters),
    tagUsage(access),
    listMembers(access),
    standupReminderNotice(access, new Date()),
    referenceKeyUsage(access),
  ]);
  return (
    <Worklog
      notices={
        <>
          {reminder && <StandupReminderNotice sinceWords={sinceWords(reminder.since)} />}
          {linkedId && !linked && (
            <FormError message="The entry this link points to is not in your worklog: it may have been deleted, or belong to another account." />
          )}
          {ignored && (
            <FormError message="Some filters in this link are not valid (dates are YYYY-MM-DD, a search at most 200 characters, a source web, api, cli or mcp), so they are left out." />
          )}
        </>
      }
      initialFilters={filters}
      firstPage={firstPage}
      renderedTexts={renderedTexts(firstPage.entries, filters.q, linked?.id)}
      initialSuggestions={suggestions}
      week={{ days: week.days, totals }}
      projects={projects.rows.map(({ id, name, identifier }) => ({ id, name, identifier }))}
      timeZone={user.timezone}
      weekStart={user.weekStart}
      tags={tags.map(({ tag }) => tag)}
      referenceKeys={referenceKeys}
      today={calendarDay(new Date(), user.timezone)}
      linkedEntryId={linked?.id}
      launch={launchAction(typed.get(LAUNCH_PARAMETER), (await headers()).get("sec-fetch-site"))}
      canWrite={roleAtLeast(access.role, "member")}
      team={{ me: user.id, members: members.map((member) => ({ id: member.user_id, name: member.name ?? member.email ?? unnamedAuthorLabel })) }}
    />
  );
}

export default async function HomePage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  // A workspace's worklog (`/w/<slug>`) is never the introduction: sign in, or not found for a non-member.
  const access = (await requestedWorkspaceSlug()) ? await requireAccess("/") : await currentAccess();
  if (!access) return <Introduction />;
  // Not streamed behind a stand-in: the worklog's queries take less time than a browser spends on
  // the page's scripts, during which a streamed part waits to be shown (Lighthouse's LCP).
  return <WorklogHome access={access} searchParams={await searchParams} />;
}
