import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthPanel } from "@/components/auth/auth-panel";
import { GitHubSignInForm } from "@/components/auth/github-sign-in-form";
import { SignInForm } from "@/components/auth/sign-in-form";
import { FormError } from "@/components/ui/form-feedback";
import { TextLink } from "@/components/ui/text-link";
import { safeCallbackUrl, withCallbackUrl } from "@/lib/auth/callback-url";
import { getCurrentUser } from "@/lib/auth/current-user";
import { getConfig } from "@/lib/config";
import { signUpsClosedMessage } from "@/lib/users/sign-ups";
import { invitedEmailFor } from "@/lib/workspaces/invitation-guesses";

export const metadata: Metadata = { title: "Sign in" };

type SignInPageProps = {
  searchParams: Promise<{ callbackUrl?: string | string[]; error?: string | string[]; code?: string | string[] }>;
};

/** next-auth sends failed sign-ins (e.g. through GitHub, or its own endpoint) back here with `?error=<type>&code=<code>`. */
function authErrorMessage(type: string | string[] | undefined, code: string | string[] | undefined): string | undefined {
  if (type === undefined) return undefined;
  if (type === "OAuthAccountNotLinked") return "This email already belongs to an account. Sign in with your password.";
  if (type === "SignUpsClosed") return signUpsClosedMessage;
  return code === "too_many_attempts" ? "Too many failed sign-ins. Try again later." : "Signing in failed. Please try again.";
}

export default async function SignInPage({ searchParams }: SignInPageProps) {
  const { callbackUrl: requestedCallbackUrl, error, code } = await searchParams;
  const callbackUrl = safeCallbackUrl(requestedCallbackUrl);
  if (await getCurrentUser()) redirect(callbackUrl);
  const errorMessage = authErrorMessage(error, code);
  const invitedEmail = await invitedEmailFor(callbackUrl);
  return (
    <AuthPanel
      title="Sign in to Worklog"
      description="Welcome back. Pick up where you left off."
      footer={
        (getConfig().signUpsOpen || invitedEmail) && (
          <>
            New to Worklog? <TextLink href={withCallbackUrl("/signup", callbackUrl)}>Create an account</TextLink>
          </>
        )
      }
    >
      {errorMessage && (
        <div className="mb-5">
          <FormError message={errorMessage} />
        </div>
      )}
      <SignInForm callbackUrl={callbackUrl} email={invitedEmail ?? undefined} />
      {getConfig().github && (
        <>
          <p className="my-5 flex items-center gap-3 text-xs text-zinc-500 uppercase before:h-px before:flex-1 before:bg-zinc-200 after:h-px after:flex-1 after:bg-zinc-200 dark:text-zinc-400 dark:before:bg-zinc-800 dark:after:bg-zinc-800">
            or
          </p>
          <GitHubSignInForm callbackUrl={callbackUrl} />
        </>
      )}
    </AuthPanel>
  );
}
