import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { requireUser } from "@/lib/auth/current-user";
import { normalizeScopes } from "@/lib/auth/scopes";
import { decideDevice } from "@/lib/oauth/actions";
import { formatUserCode } from "@/lib/oauth/credentials";
import { AppError } from "@/lib/errors";
import { findPendingGrant } from "@/lib/oauth/device-flow";
import { lookUpTypedUserCode } from "@/lib/oauth/user-code-guesses";
import { describeScope } from "@/lib/oauth/scope-words";

export const metadata: Metadata = { title: "Connect a device" };

type DevicePageProps = { searchParams: Promise<{ user_code?: string | string[]; decision?: string | string[] }> };

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <div className="mt-6 rounded-lg border border-zinc-200 p-5 sm:p-6 dark:border-zinc-800">{children}</div>
    </div>
  );
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

export default async function DevicePage({ searchParams }: DevicePageProps) {
  const params = await searchParams;
  const userCode = single(params.user_code)?.trim();
  const decision = single(params.decision);
  const user = await requireUser(userCode ? `/device?user_code=${encodeURIComponent(userCode)}` : "/device");

  if (decision === "approved" || decision === "denied") {
    return (
      <Panel title={decision === "approved" ? "Device connected" : "Access denied"}>
        <p role="status" className="text-pretty">
          {decision === "approved"
            ? "You can return to your terminal: it is signed in to Worklog now."
            : "The device was not given access. You can return to your terminal."}
        </p>
      </Panel>
    );
  }

  if (!userCode) {
    return (
      <Panel title="Connect a device">
        <p className="mb-4 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
          Enter the code shown by the command-line tool you are signing in to.
        </p>
        <CodeForm />
      </Panel>
    );
  }

  let grant;
  try {
    grant = await lookUpTypedUserCode(user.id, () => findPendingGrant(userCode));
  } catch (error) {
    if (!(error instanceof AppError && error.kind === "rate_limited")) throw error;
    return (
      <Panel title="Connect a device">
        <CodeForm userCode={userCode} error={error.message} />
      </Panel>
    );
  }
  if (!grant) {
    return (
      <Panel title="Connect a device">
        <CodeForm userCode={userCode} error="This code is unknown, has expired or was already used. Check it, or start again in your terminal." />
      </Panel>
    );
  }

  return (
    <Panel title="Connect a device">
      <p className="text-pretty">
        <strong className="font-semibold">{grant.client.name}</strong> wants to use your Worklog account.
      </p>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        Code <code className="font-mono font-semibold text-zinc-900 dark:text-zinc-100">{formatUserCode(grant.userCode)}</code>: make sure it
        matches the one in your terminal.
      </p>
      <h2 className="mt-5 text-sm font-semibold">It will be able to:</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" aria-label="Requested access">
        {normalizeScopes(grant.scopes).map((scope) => (
          <li key={scope}>{describeScope(scope)}</li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <form action={decideDevice.bind(null, grant.userCode, "denied")}>
          <SubmitButton variant="secondary" className="w-full" pendingLabel="Denying…">
            Deny
          </SubmitButton>
        </form>
        <form action={decideDevice.bind(null, grant.userCode, "approved")}>
          <SubmitButton className="w-full" pendingLabel="Approving…">
            Approve
          </SubmitButton>
        </form>
      </div>
    </Panel>
  );
}
