"use server";

import { revalidatePath } from "next/cache";
import { formText, type ActionResult } from "@/lib/server-actions/action-result";
import type { FieldLabel } from "@/lib/server-actions/field-messages";
import { runSignedInAction } from "@/lib/server-actions/run-action";
import { AppError } from "@/lib/errors";
import { createRecap, RECAP_PLAN, RECAP_PLAN_LIMIT_IN_WORDS, startRecapGeneration } from "./recaps";
import { toRecapResponse, type RecapResponse } from "./responses";
import { recapFiltersSchema } from "./schemas";

export type RecapFormField = "template" | "from" | "to" | "project_ids" | "tags" | "exclude_tags";

const recapFields = {
  template: "template",
  from: "start date",
  to: "end date",
  project_ids: { label: "projects", item: "project" },
  tags: { label: "tags", item: "tag" },
  exclude_tags: { label: "excluded tags", item: "tag" },
} satisfies Record<RecapFormField, FieldLabel>;

/**
 * Starts a recap of the template and filters submitted (or finds the completed one of the same filters).
 * No matching entries, or an account without the plan: the refusal's message says what to do.
 */
export async function startRecap(formData: FormData): Promise<ActionResult<RecapResponse, RecapFormField>> {
  const result = await runSignedInAction("/recaps", {
    schema: recapFiltersSchema,
    input: {
      template: formText(formData, "template") || undefined,
      from: formText(formData, "from") || undefined,
      to: formText(formData, "to") || undefined,
      project_ids: formData.getAll("project_ids").filter((value) => typeof value === "string"),
      tags: formText(formData, "tags"),
      exclude_tags: formText(formData, "exclude_tags"),
    },
    fields: recapFields,
    run: async (filters, access) => {
      // An account whose plan changed since the page was drawn: the limit in words, not the API's.
      if (access.user.plan !== RECAP_PLAN) throw new AppError("authorization", RECAP_PLAN_LIMIT_IN_WORDS);
      const { recap, cached } = await createRecap(access, filters);
      if (!cached) startRecapGeneration(recap.id);
      return toRecapResponse(recap);
    },
  });
  if (result.ok) revalidatePath("/recaps");
  return result;
}
