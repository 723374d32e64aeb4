import { commitBatchSchema, repositoryListQuerySchema } from "@/lib/repositories/schemas";
import { idSchema } from "@/lib/validation";
import { projectOperations } from "@/lib/projects/operations";
import { createProject, listProjects } from "@/lib/projects/projects";
import { projectListResponseSchema, projectResponseSchema, toProjectResponse } from "@/lib/projects/responses";
import { projectCreateSchema, projectListQuerySchema } from "@/lib/projects/schemas";
import { recordCommits } from "@/lib/repositories/commits";
import { repositoryOperations } from "@/lib/repositories/operations";
import { listRepositories } from "@/lib/repositories/repositories";
import { commitBatchResponseSchema, repositoryListResponseSchema, toCommitResponse, toRepositoryResponse } from "@/lib/repositories/responses";
import { defineTool } from "./tool";
import { excerpt, moreLine, plural } from "./tool-summaries";

const recordCommitsInputSchema = commitBatchSchema.extend({
  repository_id: idSchema.meta({ description: "The repository's id; list_repositories shows them." }),
});

export const listProjectsTool = defineTool({
  name: "list_projects",
  title: "List projects",
  description: "List the account's projects, newest first, with their ids and identifiers (for log_work's `project`).",
  operation: projectOperations.list,
  arguments: "query",
  input: projectListQuerySchema,
  output: projectListResponseSchema,
  async run({ access, input, origin }) {
    const { rows, meta } = await listProjects(access, input.page, { updatedSince: input.updated_since });
    const projects = rows.map(toProjectResponse);
    const lines = projects.map((project) => `- ${project.identifier} ${project.name} (id ${project.id}): ${origin}/projects/${project.id}`);
    return { structured: { projects, meta }, summary: [`${plural(meta.total_count, "project", "projects")}.`, ...lines].join("\n") + moreLine(meta) };
  },
});

export const createProjectTool = defineTool({
  name: "create_project",
  title: "Create a project",
  description:
    "Create a project to group entries and repositories. Without an `identifier`, one is derived from the name's initials. Returns the project with its id.",
  operation: projectOperations.create,
  arguments: "body",
  input: projectCreateSchema,
  output: projectResponseSchema,
  async run({ access, input, origin }) {
    const project = toProjectResponse(await createProject(access, input));
    return { structured: project, summary: `Created project ${project.name} (${project.identifier}, id ${project.id}): ${origin}/projects/${project.id}` };
  },
});

export const listRepositoriesTool = defineTool({
  name: "list_repositories",
  title: "List repositories",
  description: "List the account's repositories, newest first, optionally of one project (`project_id`). Returns them with their ids, for record_commits.",
  operation: repositoryOperations.list,
  arguments: "query",
  input: repositoryListQuerySchema,
  output: repositoryListResponseSchema,
  async run({ access, input, origin }) {
    const { rows, meta } = await listRepositories(access, input.page, { projectId: input.project_id, updatedSince: input.updated_since });
    const repositories = rows.map(toRepositoryResponse);
    const lines = repositories.map((repository) => `- ${repository.name} (id ${repository.id}): ${origin}/repositories/${repository.id}`);
    return {
      structured: { repositories, meta },
      summary: [`${plural(meta.total_count, "repository", "repositories")}.`, ...lines].join("\n") + moreLine(meta),
    };
  },
});

export const recordCommitsTool = defineTool({
  name: "record_commits",
  title: "Record commits",
  description:
    "Store commits of a repository (up to 1000 at once; a sha already stored is kept as it is). Returns every commit of the call with its id, for attach_commits.",
  operation: repositoryOperations.recordCommits,
  arguments: "body",
  input: recordCommitsInputSchema,
  output: commitBatchResponseSchema,
  async run({ access, input, origin }) {
    const commits = (await recordCommits(access, input.repository_id, input.commits)).map(toCommitResponse);
    const lines = commits.map((commit) => `- ${commit.sha.slice(0, 7)} ${excerpt(commit.message)} (id ${commit.id})`);
    return {
      structured: { commits },
      summary: [`${plural(commits.length, "commit", "commits")} in ${origin}/repositories/${input.repository_id}:`, ...lines].join("\n"),
    };
  },
});
