"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { Project } from "@/lib/db/client";
import type { ActionResult } from "@/lib/server-actions/action-result";
import type { FieldLabel } from "@/lib/server-actions/field-messages";
import { runSignedInFormAction, runSignedInRemoval } from "@/lib/server-actions/run-action";
import { createProject, deleteProject, updateProject } from "./projects";
import type { Tracker } from "@/lib/references/schemas";
import { trackersFromText, trackersText } from "@/lib/references/tracker-text";
import { projectCreateSchema, projectUpdateSchema } from "./schemas";
import { workspaceHref } from "@/lib/workspaces/request-workspace";

export type ProjectField = "name" | "identifier" | "description" | "trackers";

export type ProjectValues = Record<ProjectField, string>;

/** What the project form's action answers: the project as saved, in the form's fields. */
export type ProjectFormResult = ActionResult<ProjectValues, ProjectField>;

const projectFields = {
  name: { label: "name", format: "one line, without tabs or other control characters" },
  identifier: { label: "identifier", format: "1 to 3 letters (A–Z)" },
  description: "description",
  trackers: { label: "issue trackers", format: "one a line: a prefix (PAY), a space, and an https URL holding {key}" },
} satisfies Record<ProjectField, FieldLabel>;

/** Empty optional fields: no identifier (the server derives one), no description. */
function projectInput(values: ProjectValues) {
  return {
    name: values.name,
    identifier: values.identifier.trim() || undefined,
    description: values.description.trim() || null,
    trackers: trackersFromText(values.trackers ?? ""),
  };
}

function projectValues(project: Project): ProjectValues {
  return { name: project.name, identifier: project.identifier, description: project.description ?? "", trackers: trackersText(project.trackers as Tracker[]) };
}

export async function createProjectAction(_previous: ProjectFormResult | null, formData: FormData): Promise<ProjectFormResult> {
  const result = await runSignedInFormAction("/projects", formData, {
    schema: projectCreateSchema,
    fields: projectFields,
    input: projectInput,
    run: async (input, access) => projectValues(await createProject(access, input)),
  });
  if (result.ok) revalidatePath("/projects");
  return result;
}

export async function updateProjectAction(id: string, _previous: ProjectFormResult | null, formData: FormData): Promise<ProjectFormResult> {
  const result = await runSignedInFormAction(`/projects/${id}`, formData, {
    schema: projectUpdateSchema,
    fields: projectFields,
    input: projectInput,
    run: async (changes, access) => projectValues(await updateProject(access, id, changes)),
  });
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

export async function deleteProjectAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInRemoval(`/projects/${id}`, id, deleteProject);
  if (!result.ok) return result;
  revalidatePath("/", "layout");
  redirect(await workspaceHref("/projects"));
}
