"use client";

import { useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/server-actions/action-result";

type WebhookActionButtonProps = {
  label: string;
  accessibleLabel?: string;
  pendingLabel: string;
  /** Said in a toast once it is done. */
  doneMessage: string;
  /** A server action bound to what it acts on. */
  action: () => Promise<ActionResult<void>>;
};

/** A button that runs a server action at once and says how it went in a toast. */
export function WebhookActionButton({ label, accessibleLabel, pendingLabel, doneMessage, action }: WebhookActionButtonProps) {
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={accessibleLabel}
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          const result = await action();
          if (result.ok) toast.success(doneMessage);
          else toast.error(result.message);
        })
      }
    >
      {pending ? pendingLabel : label}
    </Button>
  );
}
