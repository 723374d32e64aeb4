"use client";

import { useActionState } from "react";
import { toast } from "@/components/ui/toast";
import { SelectField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { createForgeHookAction, type CreatedForgeHook } from "@/lib/forge-hooks/actions";
import { forgeProviders, forgeProviderNames } from "@/lib/forge-hooks/providers";
import { formText, type FieldErrors } from "@/lib/server-actions/action-result";
import { NewForgeHook } from "./new-forge-hook";

type CreateForgeHookState = { provider: string; name: string; fieldErrors: FieldErrors<"provider" | "name">; formError?: string; created?: CreatedForgeHook };

const emptyForm: CreateForgeHookState = { provider: "github", name: "", fieldErrors: {} };

/** The state lives here rather than in the server action, so that a secret never travels back to the server with the next submission. */
async function submit(previous: CreateForgeHookState, formData: FormData): Promise<CreateForgeHookState> {
  const result = await createForgeHookAction(formData);
  if (result.ok) {
    toast.success(`Hook created: ${result.data.name}`);
    return { ...emptyForm, provider: result.data.provider, created: result.data };
  }
  return {
    provider: formText(formData, "provider"),
    name: formText(formData, "name"),
    fieldErrors: result.fieldErrors,
    formError: result.message,
    created: previous.created,
  };
}

export function CreateForgeHookForm() {
  const [state, formAction] = useActionState(submit, emptyForm);
  return (
    <div className="space-y-6">
      {state.created && <NewForgeHook key={state.created.id} hook={state.created} />}
      <form action={formAction} className="space-y-6">
        <FormError message={state.formError} />
        <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <SelectField label="Forge" name="provider" defaultValue={state.provider} error={state.fieldErrors.provider}>
            {forgeProviders.map((provider) => (
              <option key={provider} value={provider}>
                {forgeProviderNames[provider]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Name"
            name="name"
            required
            maxLength={100}
            autoComplete="off"
            placeholder="e.g. acme organisation"
            hint="Where the hook is set up: a repository, an organisation or a group."
            defaultValue={state.name}
            error={state.fieldErrors.name}
            className="max-w-md"
          />
        </div>
        <SubmitButton pendingLabel="Creating hook…">Create hook</SubmitButton>
      </form>
    </div>
  );
}
