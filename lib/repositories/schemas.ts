import { z } from "zod";
import { listQuerySchema } from "@/lib/api/cursor-pagination";
import { updatedSinceField } from "@/lib/sync/schemas";
import { isUuid } from "@/lib/db/ids";
import { requestSchemas } from "@/lib/openapi/components";
import { timestampSchema } from "@/lib/time-schemas";
import { idSchema, singleLineText, text } from "@/lib/validation";

// A repository's and a commit's text fields, which a forge's delivery fills too (lib/forge-hooks/forge-events.ts).
export const repositoryNameSchema = singleLineText(1, 100);
export const remoteUrlSchema = text(0, 2048);
export const defaultBranchSchema = text(1, 255);
export const commitMessageSchema = text(1, 20000);
export const commitAuthorSchema = text(0, 255);

export const repositoryCreateSchema = z
  .object({
    name: repositoryNameSchema,
    /** Must name a project of the caller's account; that is checked on write. */
    project_id: idSchema.nullable().optional(),
    local_path: text(0, 4096).nullable().optional(),
    remote_url: remoteUrlSchema.nullable().optional(),
    default_branch: defaultBranchSchema.nullable().optional(),
  })
  .register(requestSchemas, { id: "RepositoryCreate" });
export type RepositoryCreate = z.output<typeof repositoryCreateSchema>;

/** POST /projects/{id}/repositories: the same body, with the project taken from the path. */
export const projectRepositoryCreateSchema = repositoryCreateSchema.omit({ project_id: true }).register(requestSchemas, { id: "ProjectRepositoryCreate" });
export type ProjectRepositoryCreate = z.output<typeof projectRepositoryCreateSchema>;

export const repositoryUpdateSchema = repositoryCreateSchema.partial().register(requestSchemas, { id: "RepositoryUpdate" });
export type RepositoryUpdate = z.output<typeof repositoryUpdateSchema>;

export const repositoryListQuerySchema = listQuerySchema({
  ...updatedSinceField,
  project_id: z.string().refine(isUuid, "project_id must be a UUID").meta({ format: "uuid", description: "Only the repositories of this project." }).optional(),
});

/** A page on the web: an absolute http(s) URL, since it is shown as a link. */
export const webUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "must be an http or https URL")
  .meta({ format: "uri", description: "An absolute http or https URL." });

/** 40 (SHA-1) or 64 (SHA-256) hexadecimal characters, lower-case. */
const shaPattern = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const MAX_COMMITS_PER_REQUEST = 1000;

export const commitInputSchema = z.object({
  sha: z
    .string()
    .trim()
    .toLowerCase()
    .regex(shaPattern)
    // What a request may send: hexadecimal digits in either case, whitespace around them trimmed (docs/api.md, "Conventions").
    .meta({ pattern: "^\\s*(?:[0-9A-Fa-f]{40}|[0-9A-Fa-f]{64})\\s*$", description: "40 or 64 hexadecimal characters, in any case; stored lower-case." }),
  message: commitMessageSchema,
  committed_at: timestampSchema,
  author_name: commitAuthorSchema.nullable().optional(),
  author_email: commitAuthorSchema.nullable().optional(),
  web_url: webUrlSchema.nullable().optional(),
});
export type CommitInput = z.output<typeof commitInputSchema>;

export const commitBatchSchema = z
  .object({ commits: z.array(commitInputSchema).min(1).max(MAX_COMMITS_PER_REQUEST) })
  .register(requestSchemas, { id: "CommitBatch" });

const shaListSchema = z.string().transform((value, context) => {
  const shas = value.split(/[\s,]+/).filter(Boolean);
  if (shas.length > MAX_COMMITS_PER_REQUEST) {
    context.addIssue({ code: "custom", message: `shas must list at most ${MAX_COMMITS_PER_REQUEST} shas` });
    return z.NEVER;
  }
  if (!shas.every((sha) => shaPattern.test(sha.toLowerCase()))) {
    context.addIssue({ code: "custom", message: "shas must be 40 or 64 hexadecimal characters each" });
    return z.NEVER;
  }
  return shas;
});

/**
 * GET /repositories/{id}/commits: a page of the list, or with `uncaptured=true&shas=a,b,c` the
 * question which of those shas are not stored yet (the CLI asks it before capturing).
 */
export const commitsQuerySchema = listQuerySchema({
  uncaptured: z
    .enum(["true", "false"], { error: "uncaptured must be true or false" })
    .meta({ description: "`true` asks which of `shas` are not stored yet, instead of listing commits." })
    .optional(),
  shas: shaListSchema.meta({ description: "With `uncaptured=true`: up to 1000 shas, separated by commas or whitespace." }).optional(),
}).transform(({ page, uncaptured, shas }, context) => {
  if (uncaptured !== "true") return { kind: "page" as const, page };
  if (!shas) {
    context.addIssue({ code: "custom", message: "shas is required when uncaptured is true" });
    return z.NEVER;
  }
  return { kind: "uncaptured" as const, shas };
});
