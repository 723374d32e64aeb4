"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { ActionResult } from "@/lib/server-actions/action-result";
import { runSignedInAction, runSignedInFormAction } from "@/lib/server-actions/run-action";
import { workspaceOperations } from "./operations";
import { workspaceUpdateSchema } from "./schemas";
import { deleteWorkspace } from "./workspace-deletion";
import { updateWorkspace } from "./workspace-settings";

// Settings → Workspace (app/settings/workspace/page.tsx).

const workspacePath = "/settings/workspace";

export type WorkspaceField = "name" | "slug" | "entries_visible_to";

/** What the workspace form's action answers: the settings as saved, in the form's fields. */
export type WorkspaceFormResult = ActionResult<Record<WorkspaceField, string>, WorkspaceField>;

export async function updateWorkspaceAction(_previous: WorkspaceFormResult | null, formData: FormData): Promise<WorkspaceFormResult> {
  const result = await runSignedInFormAction(workspacePath, formData, {
    schema: workspaceUpdateSchema,
    fields: {
      name: { label: "name", format: "one line, without tabs or other control characters" },
      slug: { label: "slug", format: "2 to 48 of a–z, 0–9 and -" },
      entries_visible_to: "who reads entries",
    },
    input: (values) => values,
    role: workspaceOperations.update.role,
    run: async (update, access) => {
      const saved = await updateWorkspace(access, update);
      return { name: saved.name, slug: saved.slug, entries_visible_to: saved.entries_visible_to };
    },
  });
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

export type DeleteWorkspaceResult = ActionResult<void, "confirmation">;

/** Deletes the workspace (its owner's), its name typed to confirm, then goes to the worklog of the workspace the browser works in next. */
export async function deleteWorkspaceAction(_previous: DeleteWorkspaceResult | null, formData: FormData): Promise<DeleteWorkspaceResult> {
  const result = await runSignedInAction(workspacePath, {
    schema: z.object({ confirmation: z.string() }),
    input: { confirmation: formData.get("confirmation") },
    fields: { confirmation: "confirmation" },
    role: "owner",
    run: async ({ confirmation }, access) => {
      if (confirmation.trim() !== access.workspace.name) {
        throw AppError.validation([{ pointer: "/confirmation", detail: "Invalid value", message: `Type ${access.workspace.name} to confirm` }]);
      }
      await deleteWorkspace(access);
    },
  });
  if (!result.ok) return result;
  revalidatePath("/", "layout");
  redirect("/");
}
