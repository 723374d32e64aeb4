import type { ReactNode } from "react";
import { formatDate as formatDate_, formatFullDateTime, formatTime, type Clock } from "@/lib/formatting/time-words";
import { calendarDay } from "@/lib/time";

/** A cell that, on phones where the table becomes a stack of cards, shows its column name beside the value. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="py-3 pr-3 align-top max-sm:flex lg:pr-4 max-sm:gap-3 max-sm:py-1 max-sm:pr-0">
      <span aria-hidden="true" className="w-24 shrink-0 text-zinc-500 sm:hidden dark:text-zinc-400">
        {label}
      </span>
      <div className="min-w-0">{children}</div>
    </td>
  );
}

/** A date and time on the account's clock, "28 Nov 2026, 6:08 PM", with the full form on hover. */
export function dateTimeFormatter(clock: Clock) {
  return function formatDate(date: Date) {
    return (
      <time dateTime={date.toISOString()} title={formatFullDateTime(date, clock)}>
        <span className="whitespace-nowrap">{formatDate_(calendarDay(date, clock.timeZone))},</span>{" "}
        <span className="whitespace-nowrap">{formatTime(date, clock)}</span>
      </time>
    );
  };
}

export function ScopeList({ scopes }: { scopes: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {scopes.map((scope) => (
        <li key={scope} className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {scope}
        </li>
      ))}
    </ul>
  );
}

export type CredentialRow = {
  id: string;
  /** The row's heading, e.g. the key's name. */
  name: string;
  /** One cell per column after the first. */
  cells: ReactNode[];
  action: ReactNode;
};

/**
 * The list of a settings page's credentials (API keys, devices): a table on wide screens, a
 * stack of cards on phones.
 */
export function CredentialTable({ columns, rows }: { columns: [string, ...string[]]; rows: CredentialRow[] }) {
  const [, ...cellColumns] = columns;
  return (
    <table className="w-full text-left text-sm">
      <thead className="border-b border-zinc-200 text-zinc-600 max-sm:sr-only dark:border-zinc-800 dark:text-zinc-400">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="py-2 pr-3 font-medium whitespace-nowrap lg:pr-4">
              {column}
            </th>
          ))}
          <th scope="col" className="py-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
        {rows.map((row) => (
          <tr key={row.id} className="border-b border-zinc-200 max-sm:block max-sm:rounded-lg max-sm:border max-sm:p-4 dark:border-zinc-800">
            <th scope="row" className="py-3 pr-3 align-top font-medium break-words lg:pr-4 max-sm:block max-sm:pt-0 max-sm:pb-2 max-sm:text-base">
              {row.name}
            </th>
            {row.cells.map((cell, index) => (
              <Cell key={cellColumns[index]} label={cellColumns[index]!}>
                {cell}
              </Cell>
            ))}
            <td className="py-3 text-right align-top max-sm:block max-sm:pt-3 max-sm:pb-0 max-sm:text-left">{row.action}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
