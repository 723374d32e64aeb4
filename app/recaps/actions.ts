"use server";

import { revalidatePath } from "next/cache";
import { after } from "next/server";
import { formText, isValidationError, validationErrors, type FieldErrors } from "@/components/ui/form-state";
import { requireUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { toRecapResponse, type RecapResponse } from "@/lib/recaps/responses";
import { createRecap, generateRecap } from "@/lib/recaps/recaps";
import { recapFiltersSchema } from "@/lib/recaps/schemas";
import { parseInput } from "@/lib/validation";

export type RecapFormField = "from" | "to" | "project_ids" | "tags" | "exclude_tags";

export type StartRecapResult = { recap: RecapResponse } | { fieldErrors: FieldErrors<RecapFormField>; formError?: string };

const tagMessages = { messages: { "Invalid value": "Tags are words without spaces, separated by commas", "String length is larger than maxLength": "A tag has at most 50 characters" } };

/** Starts a recap of the filters submitted (or finds the completed one of the same filters). */
export async function startRecap(formData: FormData): Promise<StartRecapResult> {
  const user = await requireUser("/recaps");
  try {
    const input = parseInput(recapFiltersSchema, {
      from: formText(formData, "from") || undefined,
      to: formText(formData, "to") || undefined,
      project_ids: formData.getAll("project_ids").filter((value) => typeof value === "string"),
      tags: formText(formData, "tags"),
      exclude_tags: formText(formData, "exclude_tags"),
    });
    const { recap, cached } = await createRecap(user, input);
    if (!cached) after(() => generateRecap(recap.id));
    revalidatePath("/recaps");
    return { recap: toRecapResponse(recap) };
  } catch (error) {
    if (isValidationError(error)) {
      return validationErrors(error, {
        from: { messages: { "Invalid value": "Enter a valid date" } },
        to: { messages: { "Invalid value": "Enter a valid date" } },
        project_ids: { pointer: "/project_ids/0", messages: { "Invalid value": "Choose projects from the list" } },
        tags: { pointer: "/tags/0", ...tagMessages },
        exclude_tags: { pointer: "/exclude_tags/0", ...tagMessages },
      });
    }
    // No matching entries, or not on the plan: the message says what to do.
    if (error instanceof AppError && (error.kind === "invalid_request" || error.kind === "authorization")) return { fieldErrors: {}, formError: error.message };
    throw error;
  }
}
