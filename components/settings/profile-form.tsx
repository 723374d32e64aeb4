"use client";

import { useRef, useState } from "react";
import { useFormStatus } from "react-dom";
import { useBrowserTimeZone } from "@/components/browser/use-browser-time-zone";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { FormError, FormNotice } from "@/components/ui/form-feedback";
import { useActionForm } from "@/components/ui/form-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { saveProfile } from "@/lib/users/actions";
import type { WeekStart } from "@/lib/time";

type ProfileFormProps = {
  /** The profile as stored. */
  profile: { name: string; email: string; timezone: string; week_start: WeekStart /** "12", "24", or "" for the browser's language. */; hour_cycle: string };
  timeZones: readonly string[];
};

const zoneName = (zone: string) => zone.replaceAll("_", " ");

/** Offers the browser's time zone, saved with the rest of the form in one click. */
function BrowserTimeZoneOffer({ zone, onAdopt }: { zone: string; onAdopt: () => void }) {
  const { pending } = useFormStatus();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm dark:border-brand-800 dark:bg-brand-950">
      <p>
        Your browser is in <strong className="font-semibold">{zoneName(zone)}</strong>.
      </p>
      <Button variant="secondary" size="sm" disabled={pending} aria-busy={pending || undefined} onClick={onAdopt}>
        {pending ? "Saving…" : `Use ${zoneName(zone)}`}
      </Button>
    </div>
  );
}

export function ProfileForm({ profile, timeZones }: ProfileFormProps) {
  const { formAction, values, fieldErrors, formError, succeeded } = useActionForm(saveProfile, profile, (saved) => saved);
  const browserZone = useBrowserTimeZone();
  const timeZoneSelect = useRef<HTMLSelectElement>(null);
  const [adoptedZone, setAdoptedZone] = useState<string>();
  const zones = browserZone && !timeZones.includes(browserZone) ? [...timeZones, browserZone] : timeZones;

  function adoptBrowserZone() {
    const select = timeZoneSelect.current;
    if (!select || !browserZone) return;
    select.value = browserZone;
    setAdoptedZone(browserZone);
    select.form?.requestSubmit();
  }

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
      <div className="space-y-3">
        <SelectField
          ref={timeZoneSelect}
          label="Time zone"
          name="timezone"
          hint="Your days begin and end in this time zone: the worklog’s days, the weekly chart and recaps."
          defaultValue={values.timezone}
          error={fieldErrors.timezone}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zoneName(zone)}
            </option>
          ))}
        </SelectField>
        {browserZone && browserZone !== profile.timezone && <BrowserTimeZoneOffer zone={browserZone} onAdopt={adoptBrowserZone} />}
        <FormNotice
          message={succeeded && adoptedZone && adoptedZone === values.timezone ? `Now using your browser’s time zone, ${zoneName(adoptedZone)}.` : undefined}
        />
      </div>
      <SelectField
        label="Weeks start on"
        name="week_start"
        hint="The first day of the weekly chart, and of “This week” and “Last week” in recaps."
        defaultValue={values.week_start}
        error={fieldErrors.week_start}
      >
        <option value="monday">Monday</option>
        <option value="sunday">Sunday</option>
      </SelectField>
      <SelectField
        label="Clock"
        name="hour_cycle"
        hint="How times are written: the worklog, the week view, recaps and settings."
        defaultValue={values.hour_cycle}
        error={fieldErrors.hour_cycle}
      >
        <option value="">From the browser</option>
        <option value="12">12-hour (1:30 PM)</option>
        <option value="24">24-hour (13:30)</option>
      </SelectField>
      <FormError message={formError} />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pendingLabel="Saving…">Save profile</SubmitButton>
        <FormNotice message={succeeded ? "Profile saved." : undefined} />
      </div>
    </form>
  );
}
