"use client";

import { FormError, FormNotice } from "./form-feedback";
import { SubmitButton } from "./submit-button";

/** The end of a server-action form: its error, the submit button and the success notice beside it. */
export function FormActions({
  formError,
  notice,
  submitLabel,
  pendingLabel,
}: {
  formError?: string;
  notice?: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <>
      <FormError message={formError} />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
        <FormNotice message={notice} />
      </div>
    </>
  );
}
