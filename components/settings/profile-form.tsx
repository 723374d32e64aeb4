"use client";

import { useActionState } from "react";
import { saveProfile, type ProfileState } from "@/app/settings/profile/actions";
import { SelectField, TextField } from "@/components/ui/field";
import { FormError, FormNotice } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";

type ProfileFormProps = {
  profile: { name: string; email: string; timezone: string };
  timeZones: readonly string[];
};

export function ProfileForm({ profile, timeZones }: ProfileFormProps) {
  const [state, formAction] = useActionState(saveProfile, { values: profile, fieldErrors: {} } satisfies ProfileState);
  return (
    <form action={formAction} className="max-w-md space-y-5">
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        maxLength={100}
        hint="Shown in the header. Leave it empty to show your email instead."
        defaultValue={state.values.name}
        error={state.fieldErrors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        hint="You sign in with it."
        defaultValue={state.values.email}
        error={state.fieldErrors.email}
      />
      <SelectField
        label="Time zone"
        name="timezone"
        hint="Recaps count “today” in this time zone."
        defaultValue={state.values.timezone}
        error={state.fieldErrors.timezone}
      >
        {timeZones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </SelectField>
      <FormError message={state.formError} />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pendingLabel="Saving…">Save profile</SubmitButton>
        <FormNotice message={state.notice} />
      </div>
    </form>
  );
}
