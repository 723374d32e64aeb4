import type { ReactNode } from "react";
import { SelectField } from "@/components/ui/field";
import type { UserWorkspaceResponse } from "@/lib/workspaces/responses";

export type WorkspaceChoice = Pick<UserWorkspaceResponse, "id" | "name" | "role">;

type WorkspaceSelectProps = {
  workspaces: WorkspaceChoice[];
  defaultValue: string;
  hint: ReactNode;
  error?: string;
  /** The id of the form it is submitted with, when it stands outside it. */
  form?: string;
};

/** Which of the user's workspaces a new credential works in, sent as `workspace_id`; nothing for a user of one workspace. */
export function WorkspaceSelect({ workspaces, defaultValue, hint, error, form }: WorkspaceSelectProps) {
  if (workspaces.length < 2) return null;
  return (
    <SelectField label="Workspace" name="workspace_id" defaultValue={defaultValue} hint={hint} error={error} form={form} className="max-w-md">
      {workspaces.map((workspace) => (
        <option key={workspace.id} value={workspace.id}>
          {workspace.name} ({workspace.role})
        </option>
      ))}
    </SelectField>
  );
}
