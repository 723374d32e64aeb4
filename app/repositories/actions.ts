"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { formText, isValidationError, validationErrors, type FormState } from "@/components/ui/form-state";
import { requireUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { createRepository, deleteRepository, updateRepository } from "@/lib/repositories/repositories";
import { repositoryCreateSchema, repositoryUpdateSchema } from "@/lib/repositories/schemas";
import { parseInput } from "@/lib/validation";

export type RepositoryFormState = FormState<"name" | "project_id" | "remote_url" | "local_path" | "default_branch">;

const tooLong = { "String length is larger than maxLength": "This is too long" };

const repositoryFields = {
  name: {
    messages: {
      "String length is smaller than minLength": "Enter a name",
      "String length is larger than maxLength": "Use at most 100 characters",
      "Duplicate value": "Another repository has this name",
    },
  },
  project_id: { messages: { "Invalid value": "Choose one of your projects" } },
  remote_url: { messages: tooLong },
  local_path: { messages: tooLong },
  default_branch: { messages: tooLong },
};

function submittedRepository(formData: FormData) {
  return {
    name: formText(formData, "name"),
    project_id: formText(formData, "project_id"),
    remote_url: formText(formData, "remote_url"),
    local_path: formText(formData, "local_path"),
    default_branch: formText(formData, "default_branch"),
  };
}

/** An empty optional field is null. */
function repositoryInput(values: ReturnType<typeof submittedRepository>) {
  const orNull = (value: string) => value.trim() || null;
  return {
    name: values.name,
    project_id: orNull(values.project_id),
    remote_url: orNull(values.remote_url),
    local_path: orNull(values.local_path),
    default_branch: orNull(values.default_branch),
  };
}

export async function createRepositoryAction(_previous: RepositoryFormState, formData: FormData): Promise<RepositoryFormState> {
  const user = await requireUser("/repositories");
  const values = submittedRepository(formData);
  try {
    await createRepository(user.id, parseInput(repositoryCreateSchema, repositoryInput(values)));
  } catch (error) {
    if (!isValidationError(error)) throw error;
    return { values, ...validationErrors(error, repositoryFields) };
  }
  revalidatePath("/", "layout");
  return { values: {}, fieldErrors: {}, notice: "Repository created." };
}

export async function updateRepositoryAction(id: string, _previous: RepositoryFormState, formData: FormData): Promise<RepositoryFormState> {
  const user = await requireUser(`/repositories/${id}`);
  const values = submittedRepository(formData);
  try {
    await updateRepository(user.id, id, parseInput(repositoryUpdateSchema, repositoryInput(values)));
  } catch (error) {
    if (!isValidationError(error)) throw error;
    return { values, ...validationErrors(error, repositoryFields) };
  }
  revalidatePath("/", "layout");
  return { values, fieldErrors: {}, notice: "Repository saved." };
}

export async function deleteRepositoryAction(id: string) {
  const user = await requireUser(`/repositories/${id}`);
  try {
    await deleteRepository(user.id, id);
  } catch (error) {
    if (!(error instanceof AppError && error.kind === "not_found")) throw error;
  }
  revalidatePath("/", "layout");
  redirect("/repositories");
}
