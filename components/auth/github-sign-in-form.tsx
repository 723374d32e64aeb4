"use client";

import { FormError } from "@/components/ui/form-feedback";
import { useActionForm } from "@/components/ui/form-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { signInWithGitHub } from "@/lib/auth/actions";

export function GitHubSignInForm({ callbackUrl }: { callbackUrl: string }) {
  const { formAction, formError } = useActionForm(signInWithGitHub, {});
  return (
    <form action={formAction} className="space-y-5">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormError message={formError} />
      <SubmitButton variant="secondary" className="w-full" pendingLabel="Redirecting to GitHub…">
        Sign in with GitHub
      </SubmitButton>
    </form>
  );
}
