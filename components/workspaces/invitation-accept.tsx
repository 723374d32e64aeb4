"use client";

import { useActionState } from "react";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import type { ActionResult } from "@/lib/server-actions/action-result";

type Accept = (previous: ActionResult<void> | null) => Promise<ActionResult<void>>;

/** The invitation page's Accept: acceptInvitationAction bound to the link's token; a success shows the page again. */
export function InvitationAccept({ accept }: { accept: Accept }) {
  const [result, acceptAction] = useActionState(accept, null);
  return (
    <form action={acceptAction} className="mt-6 space-y-4">
      <FormError message={result?.ok === false ? result.message : undefined} />
      <SubmitButton className="w-full" pendingLabel="Joining…">
        Accept and join
      </SubmitButton>
    </form>
  );
}
