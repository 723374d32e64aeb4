"use client";

import { revokeKey } from "@/app/settings/api-keys/actions";
import { ConfirmButton } from "@/components/ui/confirm-button";

/** "Revoke", confirmed in a modal dialog before the key stops working. */
export function RevokeApiKeyButton({ id, name }: { id: string; name: string }) {
  return (
    <ConfirmButton
      label="Revoke"
      accessibleLabel={`Revoke ${name}`}
      title="Revoke API key"
      description={
        <>
          Revoke <strong className="font-semibold break-words text-zinc-900 dark:text-zinc-100">{name}</strong>? Applications
          using it will stop working immediately.
        </>
      }
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      action={revokeKey.bind(null, id)}
    />
  );
}
