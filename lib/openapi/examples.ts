import type { z } from "zod";
import type { pageMetaSchema } from "@/lib/api/pagination";
import type { projectResponseSchema } from "@/lib/projects/responses";
import type { createdRecapResponseSchema, recapResponseSchema } from "@/lib/recaps/responses";
import type { commitResponseSchema, repositoryResponseSchema } from "@/lib/repositories/responses";
import type { userResponseSchema } from "@/lib/users/responses";
import type { entryResponseSchema } from "@/lib/worklog/responses";

/** Sample data for the API reference; tests check every example against its schema. */
const ids = {
  user: "01936f1e-8a2b-7c3d-9e4f-5a6b7c8d9e0f",
  project: "01936f20-1b2c-7d3e-8f4a-5b6c7d8e9f01",
  repository: "01936f21-2c3d-7e4f-9a5b-6c7d8e9f0a12",
  commit: "01936f22-3d4e-7f5a-8b6c-7d8e9f0a1b23",
  entry: "01936f23-4e5f-7a6b-9c7d-8e9f0a1b2c34",
  recap: "01936f24-5f6a-7b7c-8d8e-9f0a1b2c3d45",
};

const created = "2026-11-22T09:30:00.000Z";
const updated = "2026-11-22T10:05:00.000Z";

export const userExample = {
  id: ids.user,
  url: "/api/v1/user",
  email: "ada@example.com",
  name: "Ada Lovelace",
  timezone: "Europe/London",
  plan: "pro",
  inserted_at: created,
  updated_at: updated,
} satisfies z.infer<typeof userResponseSchema>;

export const projectExample = {
  id: ids.project,
  url: `/api/v1/projects/${ids.project}`,
  name: "Website Project",
  description: "The public site",
  identifier: "WP",
  inserted_at: created,
  updated_at: updated,
} satisfies z.infer<typeof projectResponseSchema>;

export const repositoryExample = {
  id: ids.repository,
  url: `/api/v1/repositories/${ids.repository}`,
  name: "website",
  project_id: ids.project,
  local_path: "/home/ada/src/website",
  remote_url: "git@github.com:example/website.git",
  default_branch: "main",
  inserted_at: created,
  updated_at: updated,
} satisfies z.infer<typeof repositoryResponseSchema>;

export const commitExample = {
  id: ids.commit,
  url: `/api/v1/repositories/${ids.repository}/commits/${ids.commit}`,
  repository_id: ids.repository,
  sha: "3f786850e387550fdab836ed7e6dc881de23001b",
  message: "Add the pricing page",
  committed_at: "2026-11-22T09:12:44.000Z",
  author_name: "Ada Lovelace",
  author_email: "ada@example.com",
  inserted_at: created,
  updated_at: created,
} satisfies z.infer<typeof commitResponseSchema>;

export const entryExample = {
  id: ids.entry,
  url: `/api/v1/worklog/entries/${ids.entry}`,
  content: "Built the **pricing page** and fixed the footer links.",
  recorded_at: "2026-11-22T09:30:00.000Z",
  duration_seconds: 5400,
  tags: ["frontend", "release"],
  project_id: ids.project,
  project: { id: ids.project, name: "Website Project", identifier: "WP" },
  commit_ids: [ids.commit],
  inserted_at: created,
  updated_at: updated,
} satisfies z.infer<typeof entryResponseSchema>;

/** The meta of a one-item page. */
export function pageMetaExample(id: string) {
  return { result_count: 1, total_count: 1, start_cursor: id, end_cursor: id, limit: 25, has_more: false } satisfies z.infer<typeof pageMetaSchema>;
}

export const listExamples = {
  projects: { projects: [projectExample], meta: pageMetaExample(projectExample.id) },
  repositories: { repositories: [repositoryExample], meta: pageMetaExample(repositoryExample.id) },
  commits: { commits: [commitExample], meta: pageMetaExample(commitExample.id) },
  entries: { entries: [entryExample], meta: pageMetaExample(entryExample.id) },
};

const recapFilters = { from: "2026-11-16T00:00:00.000Z", to: "2026-11-22T23:59:59.999Z", project_ids: [], tags: [], exclude_tags: [] };

export const completedRecapExample = {
  id: ids.recap,
  url: `/api/v1/worklog/recaps/${ids.recap}`,
  status: "completed",
  content: "**1 entry** across 1 project, 1 h 30 min tracked, 1 commit.\n\n### Website Project\n- Built the pricing page and fixed the footer links.\n",
  metadata: { entry_count: 1, projects: ["Website Project"], tags: ["frontend", "release"], total_duration_seconds: 5400, commit_count: 1 },
  filters: recapFilters,
  error: null,
  inserted_at: created,
  updated_at: updated,
  completed_at: updated,
} satisfies z.infer<typeof recapResponseSchema>;

const processingRecap = {
  ...completedRecapExample,
  status: "processing",
  content: null,
  metadata: null,
  updated_at: created,
  completed_at: null,
} satisfies z.infer<typeof recapResponseSchema>;

/** The links the create response adds; `origin` is where the API is served. */
function recapLinks(origin: string) {
  return { recap_id: ids.recap, poll_url: processingRecap.url, sse_url: `${origin}/api/v1/worklog/recaps/sse?recap_id=${ids.recap}` };
}

export function createdRecapExamples(origin: string) {
  return {
    processing: { ...processingRecap, ...recapLinks(origin) } satisfies z.infer<typeof createdRecapResponseSchema>,
    completed: { ...completedRecapExample, ...recapLinks(origin) } satisfies z.infer<typeof createdRecapResponseSchema>,
  };
}

/** A stream of a recap as it arrives: deltas, then the finished recap. */
export function recapStreamExample(): string {
  const events = [
    { id: `${ids.recap}:0`, data: { recap_id: ids.recap, status: "processing", delta: "**1 entry** across 1 project" } },
    { id: `${ids.recap}:1`, data: { recap_id: ids.recap, status: "processing", delta: ", 1 h 30 min tracked, 1 commit.\n\n" } },
    { id: `${ids.recap}:2`, data: { recap_id: ids.recap, ...completedRecapExample } },
  ];
  return [": connected", ...events.map(({ id, data }) => `id: ${id}\ndata: ${JSON.stringify(data)}`)].join("\n\n") + "\n\n";
}

export const recapEventExample = { recap_id: ids.recap, status: "processing", delta: "**1 entry** across 1 project" };

export const commitShas = [commitExample.sha, "b5a2c96250612366ea272ffac6d9744aaf4b45aa"];

export const tokenExample = {
  access_token: "wlo_5Vt3kq0bXhR8yN2mL7cJ4pW9sD1fG6aZ0eU3iO8r",
  token_type: "Bearer" as const,
  refresh_token: "wlr_Q2w9E4r7T1y6U3i8O5p0A2s7D4f9G1h6J3k8L5z0",
  expires_in: 7_776_000,
  scope: "project:read worklog:*",
};
