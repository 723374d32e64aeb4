import type { ReactNode } from "react";
import { RevokeApiKeyButton } from "./revoke-api-key-button";

export type ApiKeySummary = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  insertedAt: Date;
  lastUsedAt: Date | null;
};

/** A cell that, on phones where the table becomes a stack of cards, shows its column name beside the value. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="py-3 pr-4 align-top max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:pr-0">
      <span aria-hidden="true" className="w-24 shrink-0 text-zinc-500 sm:hidden dark:text-zinc-400">
        {label}
      </span>
      <div className="min-w-0">{children}</div>
    </td>
  );
}

export function ApiKeyTable({ apiKeys, timeZone }: { apiKeys: ApiKeySummary[]; timeZone: string }) {
  const dayFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone });
  const timeFormat = new Intl.DateTimeFormat("en", { timeStyle: "short", timeZone });
  const fullFormat = new Intl.DateTimeFormat("en", { dateStyle: "full", timeStyle: "long", timeZone });
  const formatDate = (date: Date) => (
    <time dateTime={date.toISOString()} title={fullFormat.format(date)}>
      <span className="whitespace-nowrap">{dayFormat.format(date)}</span>{" "}
      <span className="whitespace-nowrap">{timeFormat.format(date)}</span>
    </time>
  );
  return (
    <table className="w-full text-left text-sm">
      <thead className="border-b border-zinc-200 text-zinc-600 max-sm:sr-only dark:border-zinc-800 dark:text-zinc-400">
        <tr>
          <th scope="col" className="py-2 pr-4 font-medium whitespace-nowrap">
            Name
          </th>
          <th scope="col" className="py-2 pr-4 font-medium whitespace-nowrap">
            Key
          </th>
          <th scope="col" className="py-2 pr-4 font-medium whitespace-nowrap">
            Scopes
          </th>
          <th scope="col" className="py-2 pr-4 font-medium whitespace-nowrap">
            Created
          </th>
          <th scope="col" className="py-2 pr-4 font-medium whitespace-nowrap">
            Last used
          </th>
          <th scope="col" className="py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
        {apiKeys.map((apiKey) => (
          <tr
            key={apiKey.id}
            className="border-b border-zinc-200 max-sm:block max-sm:rounded-lg max-sm:border max-sm:p-4 dark:border-zinc-800"
          >
            <th scope="row" className="py-3 pr-4 align-top font-medium break-words max-sm:block max-sm:pt-0 max-sm:pb-2 max-sm:text-base">
              {apiKey.name}
            </th>
            <Cell label="Key">
              <code className="font-mono">{apiKey.prefix}…</code>
            </Cell>
            <Cell label="Scopes">
              <ul className="flex flex-wrap gap-1">
                {apiKey.scopes.map((scope) => (
                  <li
                    key={scope}
                    className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
                  >
                    {scope}
                  </li>
                ))}
              </ul>
            </Cell>
            <Cell label="Created">{formatDate(apiKey.insertedAt)}</Cell>
            <Cell label="Last used">{apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt) : "Never"}</Cell>
            <td className="py-3 text-right align-top max-sm:block max-sm:pt-3 max-sm:pb-0 max-sm:text-left">
              <RevokeApiKeyButton id={apiKey.id} name={apiKey.name} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
