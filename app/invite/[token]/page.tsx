import type { Metadata } from "next";
import { headers } from "next/headers";
import { buttonClassName } from "@/components/ui/button";
import { TitledPanel } from "@/components/ui/titled-panel";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextLink } from "@/components/ui/text-link";
import { InvitationAccept } from "@/components/workspaces/invitation-accept";
import { withCallbackUrl } from "@/lib/auth/callback-url";
import { getCurrentUser } from "@/lib/auth/current-user";
import type { WorkspaceRole } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { acceptInvitationAction, switchAccountForInvitation } from "@/lib/workspaces/actions";
import {
  expiredInvitationMessage,
  invalidInvitationMessage,
  invitationPath,
  usedInvitationMessage,
  viewInvitation,
  type InvitationView,
} from "@/lib/workspaces/invitation-acceptance";
import { lookUpInvitationLink } from "@/lib/workspaces/invitation-guesses";
import { workspaceBase } from "@/lib/workspaces/workspace-path";

// The title names no one; the link's own headers (next.config.mjs) keep it out of indexes and Referer.
export const metadata: Metadata = { title: "Invitation", robots: { index: false, follow: false }, referrer: "no-referrer" };

type InvitationPageProps = { params: Promise<{ token: string }> };

const roleWords: Record<WorkspaceRole, string> = {
  owner: "the owner",
  admin: "an admin: you will manage its members, invitations and settings too",
  member: "a member: you will write entries and work on its projects",
  viewer: "a viewer: you will read what the workspace shows you",
};

function SignInOrUp({ token, signedIn }: { token: string; signedIn: boolean }) {
  const path = invitationPath(token);
  if (signedIn) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row">
        <form action={switchAccountForInvitation.bind(null, token, "signin")} className="flex-1">
          <SubmitButton className="w-full">Sign out, then sign in</SubmitButton>
        </form>
        <form action={switchAccountForInvitation.bind(null, token, "signup")} className="flex-1">
          <SubmitButton variant="secondary" className="w-full">
            Sign out, then sign up
          </SubmitButton>
        </form>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <a href={withCallbackUrl("/signin", path)} className={`${buttonClassName()} flex-1`}>
        Sign in
      </a>
      <a href={withCallbackUrl("/signup", path)} className={`${buttonClassName("secondary")} flex-1`}>
        Create an account
      </a>
    </div>
  );
}

/** What a link that no longer works says: never the workspace's name or the inviter. */
const closedLinks = {
  invalid: ["Invitation not found", invalidInvitationMessage],
  expired: ["Invitation expired", expiredInvitationMessage],
  used: ["Invitation used", usedInvitationMessage],
} as const;

function InvitationPanel({ token, view, signedInAs }: { token: string; view: InvitationView; signedInAs: string | null }) {
  switch (view.status) {
    case "invalid":
    case "expired":
    case "used": {
      const [title, message] = closedLinks[view.status];
      return (
        <TitledPanel spaced title={title}>
          <p>{message}</p>
        </TitledPanel>
      );
    }
    case "signed_out":
    case "other_account":
      return (
        <TitledPanel spaced title="You are invited to a workspace">
          <p>
            This invitation was sent to <strong className="font-semibold">{view.email}</strong>.{" "}
            {signedInAs ? (
              <>
                You are signed in as <strong className="font-semibold">{signedInAs}</strong>: sign out, then sign in or sign up with the invited address to see
                it and join.
              </>
            ) : (
              "Sign in or create an account with that address to see it and join."
            )}
          </p>
          <SignInOrUp token={token} signedIn={signedInAs !== null} />
        </TitledPanel>
      );
    case "member":
      return (
        <TitledPanel spaced title={`You are a member of ${view.workspaceName}`}>
          <p>
            You are in <strong className="font-semibold">{view.workspaceName}</strong> as {view.role}.
          </p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            The header&rsquo;s workspace menu switches between your workspaces; API keys for {view.workspaceName} are made under its Settings → API keys.
          </p>
          <p>
            <TextLink href={workspaceBase(view.workspaceSlug)}>Open {view.workspaceName}</TextLink>
          </p>
        </TitledPanel>
      );
    case "pending":
      return (
        <TitledPanel spaced title={`Join ${view.workspaceName}`}>
          <p>
            <strong className="font-semibold">{view.inviterName ?? "An admin"}</strong> invited you ({view.email}) to the workspace{" "}
            <strong className="font-semibold">{view.workspaceName}</strong> as {roleWords[view.role]}.
          </p>
          <InvitationAccept accept={acceptInvitationAction.bind(null, token)} />
        </TitledPanel>
      );
  }
}

/**
 * An invitation's link (docs/api.md, "Workspaces"): its workspace, inviter and role, and Accept,
 * for a session of the invited address; the way to one for anyone else; what became of a link
 * that no longer works. Unknown links are counted per client address (README, "Security").
 */
export default async function InvitationPage({ params }: InvitationPageProps) {
  const { token } = await params;
  const user = await getCurrentUser();
  let view: InvitationView;
  try {
    view = (await lookUpInvitationLink(await headers(), () => viewInvitation(token, user))) ?? { status: "invalid" };
  } catch (error) {
    if (!(error instanceof AppError && error.kind === "rate_limited")) throw error;
    return (
      <TitledPanel spaced title="Invitation">
        <FormError message={error.message} />
      </TitledPanel>
    );
  }
  return <InvitationPanel token={token} view={view} signedInAs={user?.email ?? null} />;
}
