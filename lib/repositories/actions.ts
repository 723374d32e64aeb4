"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { Repository } from "@/lib/db/client";
import type { ActionResult } from "@/lib/server-actions/action-result";
import type { FieldLabel } from "@/lib/server-actions/field-messages";
import { runSignedInFormAction, runSignedInRemoval } from "@/lib/server-actions/run-action";
import { createRepository, deleteRepository, updateRepository } from "./repositories";
import { repositoryCreateSchema, repositoryUpdateSchema } from "./schemas";
import { workspaceHref } from "@/lib/workspaces/request-workspace";

export type RepositoryField = "name" | "project_id" | "remote_url" | "local_path" | "default_branch";

export type RepositoryValues = Record<RepositoryField, string>;

/** What the repository form's action answers: the repository as saved, in the form's fields. */
export type RepositoryFormResult = ActionResult<RepositoryValues, RepositoryField>;

const repositoryFields = {
  name: { label: "name", format: "one line, without tabs or other control characters" },
  project_id: "project",
  remote_url: "remote URL",
  local_path: "local path",
  default_branch: "default branch",
} satisfies Record<RepositoryField, FieldLabel>;

/** An empty optional field is null. */
function repositoryInput(values: RepositoryValues) {
  const orNull = (value: string) => value.trim() || null;
  return {
    name: values.name,
    project_id: orNull(values.project_id),
    remote_url: orNull(values.remote_url),
    local_path: orNull(values.local_path),
    default_branch: orNull(values.default_branch),
  };
}

function repositoryValues(repository: Repository): RepositoryValues {
  return {
    name: repository.name,
    project_id: repository.projectId ?? "",
    remote_url: repository.remoteUrl ?? "",
    local_path: repository.localPath ?? "",
    default_branch: repository.defaultBranch ?? "",
  };
}

export async function createRepositoryAction(_previous: RepositoryFormResult | null, formData: FormData): Promise<RepositoryFormResult> {
  const result = await runSignedInFormAction("/repositories", formData, {
    schema: repositoryCreateSchema,
    fields: repositoryFields,
    input: repositoryInput,
    run: async (input, access) => repositoryValues(await createRepository(access, input)),
  });
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

export async function updateRepositoryAction(id: string, _previous: RepositoryFormResult | null, formData: FormData): Promise<RepositoryFormResult> {
  const result = await runSignedInFormAction(`/repositories/${id}`, formData, {
    schema: repositoryUpdateSchema,
    fields: repositoryFields,
    input: repositoryInput,
    run: async (changes, access) => repositoryValues(await updateRepository(access, id, changes)),
  });
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

export async function deleteRepositoryAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInRemoval(`/repositories/${id}`, id, deleteRepository);
  if (!result.ok) return result;
  revalidatePath("/", "layout");
  redirect(await workspaceHref("/repositories"));
}
