import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthPanel } from "@/components/auth/auth-panel";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { FormError } from "@/components/ui/form-feedback";
import { TextLink } from "@/components/ui/text-link";
import { safeCallbackUrl, withCallbackUrl } from "@/lib/auth/callback-url";
import { getCurrentUser } from "@/lib/auth/current-user";
import { getConfig } from "@/lib/config";
import { signUpsClosedMessage } from "@/lib/users/sign-ups";
import { invitedEmailFor } from "@/lib/workspaces/invitation-guesses";

export const metadata: Metadata = { title: "Sign up" };

type SignUpPageProps = { searchParams: Promise<{ callbackUrl?: string | string[] }> };

export default async function SignUpPage({ searchParams }: SignUpPageProps) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  if (await getCurrentUser()) redirect(callbackUrl);
  const invitedEmail = await invitedEmailFor(callbackUrl);
  if (!getConfig().signUpsOpen && !invitedEmail) {
    return (
      <AuthPanel
        title="Sign-ups are closed"
        description="Accounts on this server are made by its administrator."
        footer={
          <>
            Have an account? <TextLink href={withCallbackUrl("/signin", callbackUrl)}>Sign in</TextLink>
          </>
        }
      >
        <FormError message={signUpsClosedMessage} />
      </AuthPanel>
    );
  }
  return (
    <AuthPanel
      title="Create your account"
      description={invitedEmail ? `Make the account of ${invitedEmail} to accept its invitation.` : "Start a worklog of your own. It takes a few seconds."}
      footer={
        <>
          Already have an account? <TextLink href={withCallbackUrl("/signin", callbackUrl)}>Sign in</TextLink>
        </>
      }
    >
      <SignUpForm callbackUrl={callbackUrl} email={invitedEmail ?? undefined} />
    </AuthPanel>
  );
}
