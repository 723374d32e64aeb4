import { revokeApiKeyAction } from "@/lib/auth/actions";
import { RevokeButton } from "./revoke-button";
import { CredentialTable, dateTimeFormatter, ScopeList } from "./table-parts";
import type { Clock } from "@/lib/formatting/time-words";

export type ApiKeySummary = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  insertedAt: Date;
  lastUsedAt: Date | null;
  /** The workspace the key works in. */
  workspace: { name: string };
};

/** `showWorkspaces`: the user has several workspaces, so each key says which it works in. */
export function ApiKeyTable({ apiKeys, clock, showWorkspaces }: { apiKeys: ApiKeySummary[]; clock: Clock; showWorkspaces: boolean }) {
  const formatDate = dateTimeFormatter(clock);
  return (
    <CredentialTable
      columns={["Name", ...(showWorkspaces ? ["Workspace"] : []), "Key", "Scopes", "Created", "Last used"]}
      rows={apiKeys.map((apiKey) => ({
        id: apiKey.id,
        name: apiKey.name,
        cells: [
          ...(showWorkspaces ? [apiKey.workspace.name] : []),
          <code key="prefix" className="font-mono">
            {apiKey.prefix}…
          </code>,
          <ScopeList key="scopes" scopes={apiKey.scopes} />,
          formatDate(apiKey.insertedAt),
          apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt) : "Never",
        ],
        action: (
          <RevokeButton
            name={apiKey.name}
            title="Revoke API key"
            confirmLabel="Revoke key"
            doneMessage="API key revoked"
            action={revokeApiKeyAction.bind(null, apiKey.id)}
          />
        ),
      }))}
    />
  );
}
