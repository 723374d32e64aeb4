import type { Metadata } from "next";
import { DeleteAccountForm } from "@/components/settings/delete-account-form";
import { ProfileForm } from "@/components/settings/profile-form";
import { SignOutEverywhereForm } from "@/components/settings/sign-out-everywhere-form";
import { requireUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Profile" };

/** UTC first, then every zone the runtime knows, including the account's own even if it is an alias. */
function timeZoneChoices(current: string): string[] {
  const zones = new Set([...Intl.supportedValuesOf("timeZone"), current]);
  zones.delete("UTC");
  return ["UTC", ...[...zones].sort()];
}

export default async function ProfilePage() {
  const user = await requireUser("/settings/profile");
  return (
    <div className="space-y-12">
      <section aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="text-xl font-semibold tracking-tight">
          Profile
        </h2>
        <p className="mt-1 mb-6 text-sm text-zinc-600 dark:text-zinc-400">
          Your name, the email you sign in with, the time zone your days are counted in, the day your weeks start on, and how times are written.
        </p>
        <ProfileForm
          profile={{ name: user.name ?? "", email: user.email, timezone: user.timezone, week_start: user.weekStart, hour_cycle: String(user.hourCycle ?? "") }}
          timeZones={timeZoneChoices(user.timezone)}
        />
      </section>
      <SignOutEverywhereForm />
      <DeleteAccountForm email={user.email} />
    </div>
  );
}
