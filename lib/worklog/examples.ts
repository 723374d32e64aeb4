import type { z } from "zod";
import { exampleCreatedAt, exampleEntryId as id, exampleUpdatedAt, pageMetaExample } from "@/lib/openapi/examples";
import { projectExample } from "@/lib/projects/examples";
import { commitExample } from "@/lib/repositories/examples";
import { userExample } from "@/lib/users/examples";
import type { entryResponseSchema } from "./responses";
import type { suggestionSchema } from "./suggestion-schemas";

export const entryExample = {
  id,
  url: `/api/v1/worklog/entries/${id}`,
  content: "Built the **pricing page** and fixed the footer links (PAY-142).",
  recorded_at: "2026-11-22T09:30:00.000Z",
  duration_seconds: 5400,
  tags: ["frontend", "release"],
  project_id: projectExample.id,
  project: { id: projectExample.id, name: projectExample.name, identifier: projectExample.identifier },
  commit_ids: [commitExample.id],
  references: [{ key: "PAY-142", url: "https://linear.app/acme/issue/PAY-142", provider: "tracker" }],
  author: { id: userExample.id, name: userExample.name },
  source: "api",
  running: false,
  inserted_at: exampleCreatedAt,
  updated_at: exampleUpdatedAt,
} satisfies z.infer<typeof entryResponseSchema>;

export const entryListExample = { entries: [entryExample], meta: pageMetaExample(id) };

const suggestedCommits = [
  { id: "01936f24-5a6b-7c8d-9e0f-1a2b3c4d5e60", sha: "9fceb02d0ae598e95dc970b74767f19372d61af8", subject: "fix(footer): broken links" },
  { id: "01936f24-5a6b-7c8d-9e0f-1a2b3c4d5e61", sha: "b7e23ec29af22b0b4e41da31e868d57226121c84", subject: "feat: annual plans on the pricing page" },
  { id: "01936f24-5a6b-7c8d-9e0f-1a2b3c4d5e62", sha: "e83c5163316f89bfbde7d9ab23ca2e25604af290", subject: "Update the README" },
].map((commit, index) => ({ ...commit, short_sha: commit.sha.slice(0, 7), committed_at: `2026-11-22T1${index}:05:00.000Z`, web_url: null }));

export const suggestionExample = {
  id: `commits:${commitExample.repository_id}:2026-11-22`,
  kind: "commits",
  day: "2026-11-22",
  repository: { id: commitExample.repository_id, name: "website", project_id: projectExample.id },
  title: "3 commits on website not logged yet",
  content: "- Features: annual plans on the pricing page (`b7e23ec`)\n- Fixes: **footer:** broken links (`9fceb02`)\n- Update the README (`e83c516`)",
  recorded_at: suggestedCommits.at(-1)!.committed_at,
  commits: suggestedCommits,
  commit_count: suggestedCommits.length,
  pull_request: null,
  calendar_event: null,
} satisfies z.infer<typeof suggestionSchema>;

const pullRequestId = "01936f25-6b7c-7d8e-8f0a-2b3c4d5e6f70";

export const pullRequestSuggestionExample = {
  id: pullRequestId,
  kind: "pull_request",
  day: "2026-11-21",
  repository: suggestionExample.repository,
  title: "Merged pull request #12: Dark mode",
  content: "Merged pull request [#12](https://github.com/example/website/pull/12): Dark mode",
  recorded_at: "2026-11-21T16:40:00.000Z",
  commits: [],
  commit_count: 0,
  pull_request: { id: pullRequestId, number: 12, title: "Dark mode", web_url: "https://github.com/example/website/pull/12" },
  calendar_event: null,
} satisfies z.infer<typeof suggestionSchema>;

const calendarEventId = "01936f31-2b3c-7d4e-8f5a-6b7c8d9e0f1a";

export const calendarSuggestionExample = {
  id: `calendar:${calendarEventId}`,
  kind: "calendar",
  day: "2026-11-21",
  repository: null,
  title: "Sprint planning",
  content: "Sprint planning",
  recorded_at: "2026-11-21T09:00:00.000Z",
  commits: [],
  commit_count: 0,
  pull_request: null,
  calendar_event: {
    id: calendarEventId,
    subscription_id: "01936f30-1a2b-7c3d-8e4f-5a6b7c8d9e0f",
    calendar_name: "Team calendar",
    starts_at: "2026-11-21T09:00:00.000Z",
    ends_at: "2026-11-21T10:00:00.000Z",
    duration_seconds: 3600,
  },
} satisfies z.infer<typeof suggestionSchema>;

export const suggestionListExample = { suggestions: [suggestionExample, pullRequestSuggestionExample, calendarSuggestionExample] };
