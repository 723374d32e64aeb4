"use client";

import { SelectField, TextField } from "@/components/ui/field";
import { FormError, FormNotice } from "@/components/ui/form-feedback";
import { useActionForm } from "@/components/ui/form-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { saveProfile } from "@/lib/users/actions";

type ProfileFormProps = {
  profile: { name: string; email: string; timezone: string };
  timeZones: readonly string[];
};

export function ProfileForm({ profile, timeZones }: ProfileFormProps) {
  const { formAction, values, fieldErrors, formError, succeeded } = useActionForm(saveProfile, profile, (saved) => saved);
  return (
    <form action={formAction} className="max-w-md space-y-5">
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        maxLength={100}
        hint="Shown in the header. Leave it empty to show your email instead."
        defaultValue={values.name}
        error={fieldErrors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        hint="You sign in with it."
        defaultValue={values.email}
        error={fieldErrors.email}
      />
      <SelectField
        label="Time zone"
        name="timezone"
        hint="Recaps count “today” in this time zone."
        defaultValue={values.timezone}
        error={fieldErrors.timezone}
      >
        {timeZones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </SelectField>
      <FormError message={formError} />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pendingLabel="Saving…">Save profile</SubmitButton>
        <FormNotice message={succeeded ? "Profile saved." : undefined} />
      </div>
    </form>
  );
}
