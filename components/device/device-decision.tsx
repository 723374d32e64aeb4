"use client";

import { useActionState, useId } from "react";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { WorkspaceSelect, type WorkspaceChoice } from "@/components/workspaces/workspace-select";
import type { ActionResult } from "@/lib/server-actions/action-result";

type DecisionResult = ActionResult<void, "workspace_id">;
type Decide = (previous: DecisionResult | null, formData: FormData) => Promise<DecisionResult>;

type DeviceDecisionProps = {
  /** decideDevice for the grant, bound to each decision. */
  approve: Decide;
  deny: Decide;
  /** The user's workspaces, which the device may be approved for. */
  workspaces: WorkspaceChoice[];
  /** The workspace chosen at first: the one the browser works in. */
  defaultWorkspaceId: string;
};

function refusal(result: DecisionResult | null): string | undefined {
  return result?.ok === false ? (result.fieldErrors.workspace_id ?? result.message) : undefined;
}

/** Approve (with the workspace chosen, for a user of several) or Deny a device's request; a decision, once made, leaves this page for the code's. */
export function DeviceDecision({ approve, deny, workspaces, defaultWorkspaceId }: DeviceDecisionProps) {
  const approveFormId = useId();
  const [approval, approveAction] = useActionState(approve, null);
  const [denial, denyAction] = useActionState(deny, null);
  return (
    <div className="mt-6 space-y-4">
      <FormError message={refusal(approval) ?? refusal(denial)} />
      <WorkspaceSelect
        workspaces={workspaces}
        defaultValue={defaultWorkspaceId}
        form={approveFormId}
        hint="The device works in this workspace only, and does no more than your role there allows."
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <form action={denyAction}>
          <SubmitButton variant="secondary" className="w-full" pendingLabel="Denying…">
            Deny
          </SubmitButton>
        </form>
        <form id={approveFormId} action={approveAction}>
          <SubmitButton className="w-full" pendingLabel="Approving…">
            Approve
          </SubmitButton>
        </form>
      </div>
    </div>
  );
}
