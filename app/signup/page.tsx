import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthPanel } from "@/components/auth/auth-panel";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { TextLink } from "@/components/ui/text-link";
import { safeCallbackUrl, withCallbackUrl } from "@/lib/auth/callback-url";
import { getCurrentUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Sign up" };

type SignUpPageProps = { searchParams: Promise<{ callbackUrl?: string | string[] }> };

export default async function SignUpPage({ searchParams }: SignUpPageProps) {
  if (await getCurrentUser()) redirect("/");
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  return (
    <AuthPanel
      title="Create your account"
      description="Start a worklog of your own. It takes a few seconds."
      footer={
        <>
          Already have an account? <TextLink href={withCallbackUrl("/signin", callbackUrl)}>Sign in</TextLink>
        </>
      }
    >
      <SignUpForm callbackUrl={callbackUrl} />
    </AuthPanel>
  );
}
