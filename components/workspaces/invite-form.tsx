"use client";

import { useActionState } from "react";
import { CopyField } from "@/components/settings/copy-field";
import { SelectField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { createInvitationAction } from "@/lib/workspaces/member-actions";

/** "Invite by email": an address and a role; the new invitation's link is shown once, to copy and hand over. */
export function InviteForm({ validDays }: { validDays: number }) {
  const [result, formAction] = useActionState(createInvitationAction, null);
  const refusal = result?.ok === false ? result : undefined;
  const created = result?.ok ? result.data : undefined;
  return (
    <div className="space-y-5">
      {/* A new form after each invitation starts empty again. */}
      <form key={created?.inviteUrl} action={formAction} className="max-w-md space-y-5">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          defaultValue={refusal?.values?.email}
          error={refusal?.fieldErrors.email}
        />
        <SelectField label="Role" name="role" defaultValue={refusal?.values?.role ?? "member"} error={refusal?.fieldErrors.role}>
          <option value="viewer">Viewer: reads</option>
          <option value="member">Member: writes their own entries</option>
          <option value="admin">Admin: also the members and settings</option>
        </SelectField>
        <FormError message={refusal?.message} />
        <SubmitButton pendingLabel="Inviting…">Create invitation</SubmitButton>
      </form>
      {created && (
        <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 sm:p-5 dark:border-emerald-800 dark:bg-emerald-950/60">
          <p role="status" className="mb-3 text-sm font-medium text-pretty text-emerald-900 dark:text-emerald-100">
            {created.emailQueued
              ? `Invitation emailed to ${created.email}. Its link is also here, shown only now: it works for ${validDays} days, once.`
              : `Invitation for ${created.email} created. This server sends no email (README, "Configuration": SMTP_URL), so send them this link: it is shown only now, and works for ${validDays} days, once.`}
          </p>
          <CopyField label="Invitation link" value={created.inviteUrl} testId="new-invitation-link" autoFocus />
        </div>
      )}
    </div>
  );
}
