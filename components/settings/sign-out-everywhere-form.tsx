import { SignOutForm } from "@/components/offline/sign-out-form";
import { SubmitButton } from "@/components/ui/submit-button";
import { signOutEverywhere } from "@/lib/auth/actions";

export function SignOutEverywhereForm() {
  return (
    <section aria-labelledby="sessions-heading">
      <h3 id="sessions-heading" className="text-lg font-semibold">
        Sessions
      </h3>
      <p className="mt-2 mb-4 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
        Signs you out in every browser where you are signed in, this one included. API keys and authorized devices keep working; revoke them on their own pages.
      </p>
      <SignOutForm action={signOutEverywhere}>
        <SubmitButton variant="secondary" pendingLabel="Signing out…">
          Sign out everywhere
        </SubmitButton>
      </SignOutForm>
    </section>
  );
}
