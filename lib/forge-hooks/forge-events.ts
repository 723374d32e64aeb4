// What a forge's webhook delivery says, read from its payload (docs/api.md, "Incoming hooks"):
// GitHub's `push` and `pull_request` events, GitLab's `Push Hook` and `Merge Request Hook`.
// Only the fields Worklog uses are read; any other event, or a push of a tag or a deleted
// branch, is ignored.
import { z } from "zod";
import { remoteIdentity, remoteRepositoryPath } from "@/lib/repositories/remote-identity";
import { commitAuthorSchema, commitMessageSchema, defaultBranchSchema, remoteUrlSchema, repositoryNameSchema, webUrlSchema } from "@/lib/repositories/schemas";
import { parseTimestamp } from "@/lib/time";
import { AppError } from "@/lib/errors";
import { fitToField, isStorableText, shortened } from "@/lib/validation";
import { maxDraftedSubject } from "@/lib/worklog/suggestion-drafts";
import { MAX_FORGE_DELIVERY_COMMITS } from "./limits";
import type { ForgeProvider } from "./providers";

/** The repository a delivery is about: the URLs it is known by, and what a new repository of it is made of. */
export type ForgeRepository = {
  /** Every URL the payload gives for it, to match an existing repository's remote with. */
  remoteUrls: string[];
  /** The https (or http) clone URL: a new repository's `remote_url`. */
  cloneUrl: string;
  /** `owner/name` (GitLab: `group/subgroup/project`) as the forge spells it: a new repository's name. */
  path: string;
  defaultBranch: string | null;
};

export type PushedCommit = {
  sha: string;
  message: string;
  committedAt: Date;
  authorName: string | null;
  authorEmail: string | null;
  webUrl: string | null;
};

export type MergedPullRequest = { number: number; title: string; webUrl: string | null; mergedAt: Date; mergeSha: string | null };

export type ForgeEvent =
  | { kind: "push"; repository: ForgeRepository; commits: PushedCommit[] }
  | { kind: "merged"; repository: ForgeRepository; pullRequest: MergedPullRequest }
  | { kind: "ignored" };

const shaPattern = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;
const deletedRef = /^0+$/;
/** A pull or merge request's number, as PostgreSQL's integer holds it. */
const requestNumber = z.number().int().positive().max(2_147_483_647);

const storable = z.string().refine(isStorableText, "holds a NUL character or a lone surrogate, which cannot be stored");

// What a forge sends for a field the API has too is stored as the API would store it (docs/api.md,
// "Resources"), so that an export of the account is a valid import: trimmed, and cut to the
// field's length with "…" at the end.

/** A field the API may leave null: blank is null. */
const optionalField = (field: z.ZodType<string>) => storable.nullish().transform((value) => (value && fitToField(field, value)) || null);

/** A commit's message, which the API needs: a blank one is refused. */
const message = storable.transform((value, context) => {
  const fitted = fitToField(commitMessageSchema, value);
  if (fitted === undefined) context.addIssue({ code: "custom", message: "is empty" });
  return fitted ?? z.NEVER;
});

/** A time as forges write it: RFC 3339, or GitLab's older `2013-12-03 17:23:34 UTC`. */
const forgeTime = z.string().transform((value, context) => {
  const parsed = parseTimestamp(value.replace(/ UTC$/, "Z"));
  if (!parsed) {
    context.addIssue({ code: "custom", message: "is not a timestamp" });
    return z.NEVER;
  }
  return parsed;
});

const sha = z
  .string()
  .regex(shaPattern, "is not a commit sha")
  .transform((value) => value.toLowerCase());

/** A web page: kept when the API would take it as a commit's `web_url`, dropped otherwise. */
const webPage = z.unknown().transform((value) => {
  const parsed = webUrlSchema.safeParse(value);
  return parsed.success && isStorableText(parsed.data) ? parsed.data : null;
});

const pushedCommit = z
  .object({
    id: sha,
    message,
    timestamp: forgeTime,
    url: webPage,
    author: z.object({ name: optionalField(commitAuthorSchema), email: optionalField(commitAuthorSchema) }).nullish(),
  })
  .transform(
    (commit): PushedCommit => ({
      sha: commit.id,
      message: commit.message,
      committedAt: commit.timestamp,
      authorName: commit.author?.name ?? null,
      authorEmail: commit.author?.email ?? null,
      webUrl: commit.url,
    }),
  );

/** The repository a payload names, checked to name a host and a path that can be a repository's name. */
function forgeRepository(cloneUrl: string, others: (string | null | undefined)[], defaultBranch: string | null, context: z.RefinementCtx, at: string) {
  const path = remoteRepositoryPath(cloneUrl)?.trim();
  if (!path || !remoteIdentity(cloneUrl) || fitToField(repositoryNameSchema, path) === undefined) {
    context.addIssue({ code: "custom", message: "names no repository", path: [at] });
    return z.NEVER;
  }
  return {
    remoteUrls: [cloneUrl, ...others.filter((url): url is string => typeof url === "string")],
    cloneUrl,
    path,
    defaultBranch,
  } satisfies ForgeRepository;
}

/** A clone URL, which becomes a new repository's `remote_url`: one longer than that takes is refused. */
const cloneUrl = storable.pipe(remoteUrlSchema);

const githubRepository = z
  .object({
    clone_url: cloneUrl,
    html_url: z.string().nullish(),
    ssh_url: z.string().nullish(),
    git_url: z.string().nullish(),
    default_branch: optionalField(defaultBranchSchema),
  })
  .transform((repository, context) =>
    forgeRepository(repository.clone_url, [repository.html_url, repository.ssh_url, repository.git_url], repository.default_branch, context, "clone_url"),
  );

const gitlabProject = z
  .object({
    git_http_url: cloneUrl,
    web_url: z.string().nullish(),
    git_ssh_url: z.string().nullish(),
    default_branch: optionalField(defaultBranchSchema),
  })
  .transform((project, context) =>
    forgeRepository(project.git_http_url, [project.web_url, project.git_ssh_url], project.default_branch, context, "git_http_url"),
  );

/** What decides whether a push records anything: its ref and where it leaves the branch. */
const pushRef = z.object({ ref: z.string(), after: z.string().nullish(), deleted: z.boolean().nullish() });

/** How many commits a push carries, counted before any is read. */
const pushedCommits = z.object({ commits: z.array(z.unknown()) });

const githubPush = z.object({ repository: githubRepository, commits: z.array(pushedCommit) });
const gitlabPush = z.object({ project: gitlabProject, commits: z.array(pushedCommit) });

/** A pull or merge request's title: no field of the API holds it, so it is cut where a draft cuts a subject. */
const requestTitle = storable.transform((title) => shortened(title.trim(), maxDraftedSubject));

const githubPullRequestAction = z.object({ action: z.string(), pull_request: z.object({ merged: z.boolean().nullish() }) });
const githubMergedPullRequest = z.object({
  repository: githubRepository,
  pull_request: z.object({
    number: requestNumber,
    title: requestTitle,
    html_url: webPage,
    merged_at: forgeTime,
    merge_commit_sha: z.string().nullish(),
  }),
});

const gitlabMergeRequestAction = z.object({ object_attributes: z.object({ action: z.string().nullish() }) });
const gitlabMergedRequest = z.object({
  project: gitlabProject,
  object_attributes: z.object({
    iid: requestNumber,
    title: requestTitle,
    url: webPage,
    merge_commit_sha: z.string().nullish(),
    // GitLab's payload has no merge time: the merge is its last update.
    updated_at: forgeTime.nullish(),
  }),
});

function where(path: readonly PropertyKey[]): string {
  return path.map((segment, index) => (typeof segment === "number" ? `[${segment}]` : `${index === 0 ? "" : "."}${String(segment)}`)).join("");
}

/** The payload by `schema`, or the contract's 400 naming the first field it lacks or cannot read. */
function read<Schema extends z.ZodType>(schema: Schema, payload: unknown, event: string): z.output<Schema> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = where(issue.path) || "the payload";
  const missing = issue.code === "invalid_type" && issue.message.endsWith("received undefined");
  const reason = issue.code === "invalid_type" ? "wrong type" : issue.code === "too_big" ? `is longer than ${issue.maximum} characters` : issue.message;
  throw AppError.invalidRequest(`The ${event} payload ${missing ? `has no ${field}` : `has an invalid ${field}: ${reason}`}`);
}

const mergeSha = (value: string | null | undefined) => (value && shaPattern.test(value) ? value.toLowerCase() : null);

/** A push of a branch's commits; a tag, or a branch deleted, records nothing, and a push of too many commits is refused. */
function push(schema: typeof githubPush | typeof gitlabPush, payload: unknown, event: string): ForgeEvent {
  const { ref, after, deleted } = read(pushRef, payload, event);
  if (ref.startsWith("refs/tags/") || deleted || (after && deletedRef.test(after))) return { kind: "ignored" };
  const { length } = read(pushedCommits, payload, event).commits;
  if (length > MAX_FORGE_DELIVERY_COMMITS)
    throw AppError.invalidRequest(`The ${event} payload has ${length} commits: a delivery may carry at most ${MAX_FORGE_DELIVERY_COMMITS}`);
  const parsed = read(schema, payload, event);
  return { kind: "push", repository: "repository" in parsed ? parsed.repository : parsed.project, commits: parsed.commits };
}

function githubEvent(event: string, payload: unknown): ForgeEvent {
  if (event === "push") return push(githubPush, payload, event);
  if (event !== "pull_request") return { kind: "ignored" };
  const { action, pull_request } = read(githubPullRequestAction, payload, event);
  if (action !== "closed" || pull_request.merged !== true) return { kind: "ignored" };
  const { repository, pull_request: merged } = read(githubMergedPullRequest, payload, event);
  return {
    kind: "merged",
    repository,
    pullRequest: {
      number: merged.number,
      title: merged.title,
      webUrl: merged.html_url,
      mergedAt: merged.merged_at,
      mergeSha: mergeSha(merged.merge_commit_sha),
    },
  };
}

function gitlabEvent(event: string, payload: unknown, receivedAt: Date): ForgeEvent {
  if (event === "Push Hook") return push(gitlabPush, payload, event);
  if (event !== "Merge Request Hook") return { kind: "ignored" };
  if (read(gitlabMergeRequestAction, payload, event).object_attributes.action !== "merge") return { kind: "ignored" };
  const { project, object_attributes: merged } = read(gitlabMergedRequest, payload, event);
  return {
    kind: "merged",
    repository: project,
    pullRequest: {
      number: merged.iid,
      title: merged.title,
      webUrl: merged.url,
      mergedAt: merged.updated_at ?? receivedAt,
      mergeSha: mergeSha(merged.merge_commit_sha),
    },
  };
}

/**
 * What a delivery of `event` (GitHub's `X-GitHub-Event`, GitLab's `X-Gitlab-Event`) asks to be
 * recorded; an AppError (400) naming the field when a payload it handles lacks one it needs.
 */
export function readForgeEvent(provider: ForgeProvider, event: string, payload: unknown, receivedAt = new Date()): ForgeEvent {
  return provider === "github" ? githubEvent(event, payload) : gitlabEvent(event, payload, receivedAt);
}
