import type { Metadata } from "next";
import { cache } from "react";
import { DeviceDecision } from "@/components/device/device-decision";
import { TerminalHandOver } from "@/components/device/terminal-hand-over";
import { TitledPanel } from "@/components/ui/titled-panel";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { getCurrentUser, requireAccess } from "@/lib/auth/current-user";
import { normalizeScopes } from "@/lib/auth/scopes";
import { decideDevice } from "@/lib/oauth/actions";
import { formatUserCode, normalizeUserCode } from "@/lib/oauth/credentials";
import { AppError } from "@/lib/errors";
import { findDecidedGrant, findPendingGrant } from "@/lib/oauth/device-flow";
import { lookUpTypedUserCode } from "@/lib/oauth/user-code-guesses";
import { describeScope } from "@/lib/oauth/scope-words";
import { listUserWorkspaces } from "@/lib/workspaces/user-workspaces";

type DevicePageProps = { searchParams: Promise<{ user_code?: string | string[] }> };
type DecidedGrant = NonNullable<Awaited<ReturnType<typeof findDecidedGrant>>>;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function CodeForm({ userCode, error }: { userCode?: string; error?: string }) {
  return (
    <form method="get" action="/device" className="space-y-4">
      <FormError message={error} />
      <TextField
        label="Code"
        name="user_code"
        defaultValue={userCode}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="XXXX-XXXX"
        hint="The code your terminal shows. Dashes and case do not matter."
      />
      <SubmitButton>Continue</SubmitButton>
    </form>
  );
}

/**
 * What a typed code names for `userId`: a grant awaiting a decision, one they decided, or null.
 * One look-up per request, shared by the title and the page, so that a wrong code counts once.
 */
const lookUpGrant = cache((userId: string, userCode: string) =>
  lookUpTypedUserCode(userId, async () => {
    const pending = await findPendingGrant(userCode);
    if (pending) return { pending };
    const decided = await findDecidedGrant(userId, userCode);
    return decided && { decided };
  }),
);

export async function generateMetadata({ searchParams }: DevicePageProps): Promise<Metadata> {
  const userCode = single((await searchParams).user_code)?.trim();
  const user = await getCurrentUser();
  const found = user && userCode ? await lookUpGrant(user.id, userCode).catch(() => null) : null;
  if (!found?.decided) return { title: "Connect a device" };
  return { title: found.decided.decision === "approved" ? "Device approved" : "Device denied" };
}

/** What becomes of the decision: whether the terminal has it, or how it gets it. */
function Aftermath({ grant, userCode }: { grant: DecidedGrant; userCode: string }) {
  if (grant.callback) return <TerminalHandOver callback={grant.callback} decision={grant.decision} userCode={userCode} />;
  let text;
  if (grant.decision === "denied") text = "Your terminal is refused the next time it checks with Worklog. You can close this tab.";
  else if (grant.collected) text = "Your terminal has collected its access: it is signed in. You can close this tab.";
  else if (grant.expired) text = "The approval ran out before your terminal collected it: start signing in again from your terminal.";
  else text = "Your terminal collects its access the next time it checks with Worklog, within a few seconds. You can close this tab.";
  return <p className="mt-4 font-medium text-pretty">{text}</p>;
}

function DecidedPanel({ grant, userCode }: { grant: DecidedGrant; userCode: string }) {
  const approved = grant.decision === "approved";
  return (
    <TitledPanel title={approved ? "Approved — return to your terminal" : "Denied — return to your terminal"}>
      <p className="text-pretty">
        <strong className="font-semibold">{grant.clientName}</strong>{" "}
        {approved ? "can now use your Worklog account." : "was not given access to your Worklog account."}
      </p>
      <Aftermath grant={grant} userCode={userCode} />
    </TitledPanel>
  );
}

export default async function DevicePage({ searchParams }: DevicePageProps) {
  const userCode = single((await searchParams).user_code)?.trim();
  const access = await requireAccess(userCode ? `/device?user_code=${encodeURIComponent(userCode)}` : "/device");
  const { user } = access;

  if (!userCode) {
    return (
      <TitledPanel title="Connect a device">
        <p className="mb-4 text-sm text-pretty text-zinc-600 dark:text-zinc-400">Enter the code shown by the command-line tool you are signing in to.</p>
        <CodeForm />
      </TitledPanel>
    );
  }

  let found;
  try {
    found = await lookUpGrant(user.id, userCode);
  } catch (error) {
    if (!(error instanceof AppError && error.kind === "rate_limited")) throw error;
    return (
      <TitledPanel title="Connect a device">
        <CodeForm userCode={userCode} error={error.message} />
      </TitledPanel>
    );
  }
  if (!found) {
    return (
      <TitledPanel title="Connect a device">
        <CodeForm userCode={userCode} error="This code is unknown, has expired or was already used. Check it, or start again in your terminal." />
      </TitledPanel>
    );
  }
  if (found.decided) return <DecidedPanel grant={found.decided} userCode={formatUserCode(normalizeUserCode(userCode))} />;

  const grant = found.pending;
  return (
    <TitledPanel title="Connect a device">
      <p className="text-pretty">
        <strong className="font-semibold">{grant.client.name}</strong> wants to use your Worklog account.
      </p>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        Code <code className="font-mono font-semibold text-zinc-900 dark:text-zinc-100">{formatUserCode(grant.userCode)}</code>: make sure it matches the one in
        your terminal.
      </p>
      <h2 className="mt-5 text-sm font-semibold">It will be able to:</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" aria-label="Requested access">
        {normalizeScopes(grant.scopes).map((scope) => (
          <li key={scope}>{describeScope(scope)}</li>
        ))}
      </ul>
      <DeviceDecision
        approve={decideDevice.bind(null, grant.userCode, "approved")}
        deny={decideDevice.bind(null, grant.userCode, "denied")}
        workspaces={await listUserWorkspaces(access)}
        defaultWorkspaceId={access.workspace.id}
      />
    </TitledPanel>
  );
}
