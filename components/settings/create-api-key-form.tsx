"use client";

import { useActionState } from "react";
import { FieldError, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { WorkspaceSelect, type WorkspaceChoice } from "@/components/workspaces/workspace-select";
import { createApiKeyAction, type CreatedApiKey } from "@/lib/auth/actions";
import { scopeResources, type ScopeResource } from "@/lib/auth/scopes";
import { formText, type FieldErrors } from "@/lib/server-actions/action-result";
import { NewApiKey } from "./new-api-key";

const permissionChoices = [
  { value: "none", label: "None" },
  { value: "read", label: "Read" },
  { value: "write", label: "Write" },
  { value: "*", label: "All" },
] as const;

type PermissionChoice = (typeof permissionChoices)[number]["value"];

const resourceDescriptions: Record<ScopeResource, { label: string; description: string }> = {
  user: { label: "User", description: "Your profile: name, email, time zone" },
  workspace: { label: "Workspace", description: "The workspace: its settings, members and invitations" },
  project: { label: "Project", description: "Projects" },
  repo: { label: "Repo", description: "Repositories and their commits" },
  worklog: { label: "Worklog", description: "Worklog entries and recaps" },
};

type CreateApiKeyState = {
  name: string;
  /** The workspace chosen, kept when the form is refused; undefined for the default one. */
  workspaceId?: string;
  permissions: Record<ScopeResource, PermissionChoice>;
  fieldErrors: FieldErrors<"name" | "scopes">;
  formError?: string;
  created?: CreatedApiKey;
};

const noPermissions = Object.fromEntries(scopeResources.map((resource) => [resource, "none"])) as Record<ScopeResource, PermissionChoice>;

const emptyForm: CreateApiKeyState = { name: "", permissions: noPermissions, fieldErrors: {} };

function submittedPermissions(formData: FormData): Record<ScopeResource, PermissionChoice> {
  return Object.fromEntries(scopeResources.map((resource) => [resource, formText(formData, `scope-${resource}`) || "none"])) as Record<
    ScopeResource,
    PermissionChoice
  >;
}

/**
 * The state lives in this client function rather than in the server action, so that a new
 * key never travels back to the server as "previous state" with the next submission.
 */
async function submit(previous: CreateApiKeyState, formData: FormData): Promise<CreateApiKeyState> {
  const result = await createApiKeyAction(formData);
  if (result.ok) return { ...emptyForm, created: result.data };
  return {
    name: formText(formData, "name"),
    workspaceId: formText(formData, "workspace_id") || undefined,
    permissions: submittedPermissions(formData),
    fieldErrors: result.fieldErrors,
    formError: result.message,
    created: previous.created,
  };
}

type CreateApiKeyFormProps = {
  /** Where this Worklog is reached, for the setup of MCP clients shown with a new key. */
  origin: string;
  /** The user's workspaces, which a new key may be made for. */
  workspaces: WorkspaceChoice[];
  /** The workspace chosen at first: the one the browser works in. */
  defaultWorkspaceId: string;
};

export function CreateApiKeyForm({ origin, workspaces, defaultWorkspaceId }: CreateApiKeyFormProps) {
  const [state, formAction] = useActionState(submit, emptyForm);
  const scopesError = state.fieldErrors.scopes;
  return (
    <div className="space-y-6">
      {state.created && <NewApiKey key={state.created.key} name={state.created.name} apiKey={state.created.key} origin={origin} />}
      <form action={formAction} className="space-y-6">
        <FormError message={state.formError} />
        <TextField
          label="Name"
          name="name"
          required
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. Deploy script"
          hint="Something that tells you later where the key is used."
          defaultValue={state.name}
          error={state.fieldErrors.name}
          className="max-w-md"
        />
        <WorkspaceSelect
          workspaces={workspaces}
          defaultValue={state.workspaceId ?? defaultWorkspaceId}
          hint="The key works in this workspace only, and does no more than your role there allows: with the viewer role it reads but does not write."
        />
        <fieldset aria-describedby={scopesError ? "api-key-scopes-error api-key-scopes-hint" : "api-key-scopes-hint"}>
          <legend className="text-sm font-medium">Scopes</legend>
          <p id="api-key-scopes-hint" className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">
            What the key may do, resource by resource. “All” grants read and write.
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {scopeResources.map((resource) => {
              const { label, description } = resourceDescriptions[resource];
              return (
                <div key={resource} className="rounded-lg border border-zinc-200 p-3 sm:p-4 dark:border-zinc-800">
                  <fieldset>
                    <legend className="font-medium">{label}</legend>
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
                    <div className="mt-3 grid grid-cols-4 gap-1.5">
                      {permissionChoices.map((choice) => (
                        <label
                          key={choice.value}
                          className={[
                            "flex cursor-pointer items-center justify-center gap-1.5 rounded-md border border-zinc-300 px-2 py-1.5 text-sm",
                            "hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800/60",
                            "has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-800",
                            "dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950 dark:has-checked:text-brand-100",
                          ].join(" ")}
                        >
                          <input
                            type="radio"
                            name={`scope-${resource}`}
                            value={choice.value}
                            defaultChecked={state.permissions[resource] === choice.value}
                            aria-label={`${label}: ${choice.label}`}
                            className="accent-brand-600 dark:accent-brand-400"
                          />
                          {choice.label}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                </div>
              );
            })}
          </div>
          <FieldError id="api-key-scopes-error" message={scopesError} />
        </fieldset>
        <SubmitButton pendingLabel="Creating key…">Create key</SubmitButton>
      </form>
    </div>
  );
}
