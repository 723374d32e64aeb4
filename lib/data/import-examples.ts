import { projectExample } from "@/lib/projects/examples";
import { commitExample, repositoryExample } from "@/lib/repositories/examples";
import { userExample } from "@/lib/users/examples";
import { entryExample } from "@/lib/worklog/examples";
import type { ImportResource, ImportSummary } from "./import-schemas";

export const worklogImportExample = {
  format: "worklog-export",
  version: 1,
  exported_at: "2026-11-22T18:00:00.000Z",
  user: userExample,
  projects: [projectExample],
  repositories: [repositoryExample],
  commits: [commitExample],
  entries: [entryExample],
  recaps: [],
};

export const jrnlImportExample = {
  tags: { "@work": 1 },
  entries: [{ date: "2026-11-20", time: "09:30", title: "Reviewed the pricing page.", body: "Two fixes left.", tags: ["@work"], starred: false }],
};

export const importSummaryExample = {
  created: { projects: 1, repositories: 1, commits: 1, entries: 1 },
  skipped: { projects: 0, repositories: 0, commits: 0, entries: 0 },
} satisfies ImportSummary;

export const importResourceExample = {
  id: "019a6b2c-4d5e-7f80-9a1b-2c3d4e5f6a7b",
  status: "running",
  processed: 12_000,
  total: 43_000,
  result: null,
  error: null,
} satisfies ImportResource;
