"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { formText, isValidationError, validationErrors, type FormState } from "@/components/ui/form-state";
import { requireUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { createProject, deleteProject, updateProject } from "@/lib/projects/projects";
import { projectCreateSchema, projectUpdateSchema } from "@/lib/projects/schemas";
import { parseInput } from "@/lib/validation";

export type ProjectFormState = FormState<"name" | "identifier" | "description">;

const projectFields = {
  name: {
    messages: {
      "String length is smaller than minLength": "Enter a name",
      "String length is larger than maxLength": "Use at most 100 characters",
    },
  },
  identifier: {
    messages: {
      "Duplicate value": "Another project has this identifier",
      "String length is larger than maxLength": "Use 1 to 3 letters",
      "Invalid value": "Use 1 to 3 letters (A–Z)",
    },
  },
  description: { messages: { "String length is larger than maxLength": "Use at most 2000 characters" } },
};

function submittedProject(formData: FormData) {
  return { name: formText(formData, "name"), identifier: formText(formData, "identifier"), description: formText(formData, "description") };
}

/** Empty optional fields: no identifier (the server derives one), no description. */
function projectInput(values: ReturnType<typeof submittedProject>) {
  return { name: values.name, identifier: values.identifier.trim() || undefined, description: values.description.trim() || null };
}

export async function createProjectAction(_previous: ProjectFormState, formData: FormData): Promise<ProjectFormState> {
  const user = await requireUser("/projects");
  const values = submittedProject(formData);
  try {
    await createProject(user.id, parseInput(projectCreateSchema, projectInput(values)));
  } catch (error) {
    if (!isValidationError(error)) throw error;
    return { values, ...validationErrors(error, projectFields) };
  }
  revalidatePath("/projects");
  return { values: {}, fieldErrors: {}, notice: "Project created." };
}

export async function updateProjectAction(id: string, _previous: ProjectFormState, formData: FormData): Promise<ProjectFormState> {
  const user = await requireUser(`/projects/${id}`);
  const values = submittedProject(formData);
  let saved;
  try {
    saved = await updateProject(user.id, id, parseInput(projectUpdateSchema, projectInput(values)));
  } catch (error) {
    if (!isValidationError(error)) throw error;
    return { values, ...validationErrors(error, projectFields) };
  }
  revalidatePath("/", "layout");
  return { values: { name: saved.name, identifier: saved.identifier, description: saved.description ?? "" }, fieldErrors: {}, notice: "Project saved." };
}

export async function deleteProjectAction(id: string) {
  const user = await requireUser(`/projects/${id}`);
  try {
    await deleteProject(user.id, id);
  } catch (error) {
    // Deleted already (e.g. in another tab): the list shows it is gone.
    if (!(error instanceof AppError && error.kind === "not_found")) throw error;
  }
  revalidatePath("/", "layout");
  redirect("/projects");
}
