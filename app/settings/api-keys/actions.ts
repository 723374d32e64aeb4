"use server";

import { revalidatePath } from "next/cache";
import { formText, isValidationError, validationErrors, type FieldErrors } from "@/components/ui/form-state";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-key-store";
import { requireUser } from "@/lib/auth/current-user";
import { scopeResources } from "@/lib/auth/scopes";
import { AppError } from "@/lib/errors";

export type CreateApiKeyResult =
  | { created: { name: string; key: string } }
  | { fieldErrors: FieldErrors<"name" | "scopes">; formError?: string };

/** The scope picker sends `scope-<resource>` = none | read | write | *. */
function submittedScopes(formData: FormData): string[] {
  return scopeResources.flatMap((resource) => {
    const permission = formText(formData, `scope-${resource}`);
    return permission && permission !== "none" ? [`${resource}:${permission}`] : [];
  });
}

export async function createKey(formData: FormData): Promise<CreateApiKeyResult> {
  const user = await requireUser("/settings/api-keys");
  let created;
  try {
    created = await createApiKey(user.id, { name: formText(formData, "name"), scopes: submittedScopes(formData) });
  } catch (error) {
    if (!isValidationError(error)) throw error;
    return validationErrors(error, {
      name: {
        messages: {
          "String length is smaller than minLength": "Enter a name",
          "String length is larger than maxLength": "Use at most 100 characters",
        },
      },
      scopes: { messages: { "Invalid value": error.message } },
    });
  }
  revalidatePath("/settings/api-keys");
  return { created: { name: created.name, key: created.key } };
}

export async function revokeKey(id: string) {
  const user = await requireUser("/settings/api-keys");
  try {
    await revokeApiKey(user.id, id);
  } catch (error) {
    // Already revoked (e.g. from another tab): the list refresh below shows that.
    if (!(error instanceof AppError && error.kind === "not_found")) throw error;
  }
  revalidatePath("/settings/api-keys");
}
