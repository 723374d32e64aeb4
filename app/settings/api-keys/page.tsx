import type { Metadata } from "next";
import { headers } from "next/headers";
import { ApiKeyTable } from "@/components/settings/api-key-table";
import { CreateApiKeyForm } from "@/components/settings/create-api-key-form";
import { listApiKeys } from "@/lib/auth/api-key-store";
import { requireAccess } from "@/lib/auth/current-user";
import { publicOrigin } from "@/lib/public-origin";
import { accountClock } from "@/lib/formatting/account-clock";
import { listUserWorkspaces } from "@/lib/workspaces/user-workspaces";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const access = await requireAccess("/settings/api-keys");
  const { user } = access;
  const [apiKeys, workspaces] = await Promise.all([listApiKeys(user.id), listUserWorkspaces(access)]);
  const origin = publicOrigin(await headers());
  return (
    <div className="space-y-12">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">API keys</h2>
        <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
          Keys let scripts, tools and AI agents call the Worklog REST API and MCP server as you. Each key can do only what its scopes allow, and its value is
          shown once, when you create it.
        </p>
      </div>
      <section aria-labelledby="create-api-key-heading">
        <h3 id="create-api-key-heading" className="mb-4 text-lg font-semibold tracking-tight">
          Create a key
        </h3>
        <CreateApiKeyForm origin={origin} workspaces={workspaces} defaultWorkspaceId={access.workspace.id} />
      </section>
      <section aria-labelledby="api-key-list-heading">
        <h3 id="api-key-list-heading" className="text-lg font-semibold tracking-tight">
          Your keys
        </h3>
        <div className="mt-4">
          {apiKeys.length > 0 ? (
            <ApiKeyTable apiKeys={apiKeys} clock={await accountClock(user)} showWorkspaces={workspaces.length > 1} />
          ) : (
            <div className="rounded-lg border border-dashed border-zinc-300 p-5 sm:p-6 dark:border-zinc-700">
              <p className="font-medium">No API keys yet</p>
              <p className="mt-2 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
                A key is for scripts and tools that call the REST API on your behalf, with only the scopes you choose. Create one above, then try it:
              </p>
              <pre className="mt-4 overflow-x-auto rounded-md bg-zinc-900 p-3 text-sm text-zinc-100 dark:bg-black">
                <code>curl -u wl_your_key: {origin}/api/v1/user</code>
              </pre>
              <p className="mt-3 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
                The key is the user name and the password stays empty (mind the colon). This call needs the User: Read scope.
              </p>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
