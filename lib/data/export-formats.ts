import "server-only";
import { stringify } from "csv-stringify/sync";
import type { Access } from "@/lib/access/context";
import { toProjectResponse } from "@/lib/projects/responses";
import { toRecapResponse } from "@/lib/recaps/responses";
import type { Reference } from "@/lib/references/schemas";
import { toCommitResponse, toRepositoryResponse } from "@/lib/repositories/responses";
import { toUserResponse } from "@/lib/users/responses";
import { formatDuration, formatWeekday } from "@/lib/formatting/time-words";
import { calendarDay, wallClock } from "@/lib/time";
import type { EntryListFilters } from "@/lib/worklog/schemas";
import type { EntryWithRelations } from "@/lib/worklog/entry-with-relations";
import { unnamedAuthorLabel } from "@/lib/worklog/author-label";
import { toEntryResponse } from "@/lib/worklog/responses";
import { stoppedAt } from "@/lib/worklog/timer";
import { commitBatches, commitShas, entryBatches, projectBatches, recapBatches, repositoryBatches } from "./export-batches";
import { csvCell, markdownInline, markdownQuote } from "./export-escaping";
import type { ExportDocument } from "./export-document";

// Each format is written piece by piece as the batches come from the database, so that an export
// holds one batch at a time whatever the account's size (docs/api.md, "Export and import").

type Pieces = AsyncGenerator<string>;

/** The entries the filters select, a running one as if its timer stopped at the export's time: an export holds no running state. */
async function* exportedEntries(access: Access, filters: EntryListFilters, exportedAt: Date): AsyncGenerator<EntryWithRelations[]> {
  for await (const entries of entryBatches(access, filters)) yield entries.map((entry) => stoppedAt(entry, exportedAt));
}

/** `"name":[…]`, the items as the API shows them, one batch at a time. */
async function* jsonArray<Row>(name: keyof ExportDocument, batches: AsyncIterable<Row[]>, render: (row: Row) => unknown): Pieces {
  yield `,${JSON.stringify(name)}:[`;
  let separator = "";
  for await (const rows of batches) {
    yield separator + rows.map((row) => JSON.stringify(render(row))).join(",");
    separator = ",";
  }
  yield "]";
}

/** The export document of lib/data/export-document.ts: every item of the account, and the entries matching the filters. */
export async function* jsonExport(access: Access, filters: EntryListFilters, exportedAt: Date): Pieces {
  const { user } = access;
  const head: Pick<ExportDocument, "format" | "version" | "exported_at" | "user"> = {
    format: "worklog-export",
    version: 1,
    exported_at: exportedAt.toISOString(),
    user: toUserResponse(user),
  };
  yield JSON.stringify(head).slice(0, -1);
  yield* jsonArray("projects", projectBatches(access), toProjectResponse);
  yield* jsonArray("repositories", repositoryBatches(access), toRepositoryResponse);
  yield* jsonArray("commits", commitBatches(access), toCommitResponse);
  yield* jsonArray("entries", exportedEntries(access, filters, exportedAt), toEntryResponse);
  yield* jsonArray("recaps", recapBatches(access), toRecapResponse);
  yield "}";
}

/** The columns of the CSV export; those after `commit_shas` came later, so that files read by position keep their meaning. */
export const csvColumns = [
  "id",
  "recorded_at",
  "duration_seconds",
  "project_identifier",
  "project_name",
  "tags",
  "content",
  "commit_shas",
  "local_date",
  "local_time",
  "hours",
  "author_id",
  "author_name",
  "references",
] as const;

/** The keys of the issues an entry refers to, which contain no spaces. */
const referenceKeys = (entry: EntryWithRelations) => (entry.issueReferences as Reference[]).map((reference) => reference.key);

/** Seconds as decimal hours, to the hundredth: what a spreadsheet sums. */
const decimalHours = (seconds: number) => Math.round(seconds / 36) / 100;

/** RFC 4180: fields quoted where needed, records ended by CRLF. */
const csvOptions = { record_delimiter: "windows" } as const;

/** One row per entry; tags and commit SHAs, which contain no spaces, are separated by one. No cell starts a formula. */
export async function* csvExport(access: Access, filters: EntryListFilters, exportedAt: Date): Pieces {
  const { user } = access;
  yield stringify([csvColumns], { ...csvOptions, bom: true });
  for await (const entries of exportedEntries(access, filters, exportedAt)) {
    const shas = await commitShas(
      access,
      entries.flatMap((entry) => entry.commits.map((commit) => commit.commitId)),
    );
    const rows = entries.map((entry) =>
      [
        entry.id,
        entry.recordedAt.toISOString(),
        entry.durationSeconds ?? "",
        entry.project?.identifier ?? "",
        entry.project?.name ?? "",
        entry.tags.join(" "),
        entry.content,
        entry.commits.flatMap((commit) => shas.get(commit.commitId) ?? []).join(" "),
        calendarDay(entry.recordedAt, user.timezone),
        wallClock(entry.recordedAt, user.timezone).slice(11),
        entry.durationSeconds === null ? "" : decimalHours(entry.durationSeconds),
        entry.userId,
        entry.user.name ?? "",
        referenceKeys(entry).join(" "),
      ].map(csvCell),
    );
    yield stringify(rows, csvOptions);
  }
}

const weekday = (day: string) => formatWeekday(day, { long: true });

/** An entry's details: its author when someone other than the exporter wrote it, its project, tags and duration. */
function markdownEntry(entry: EntryWithRelations, timeZone: string, exporterId: string): string {
  const details = [
    entry.userId !== exporterId && `Author: ${markdownInline(entry.user.name ?? unnamedAuthorLabel)}`,
    entry.project && `Project: ${markdownInline(entry.project.name)} (${entry.project.identifier})`,
    referenceKeys(entry).length > 0 && `References: ${referenceKeys(entry).map(markdownInline).join(" ")}`,
    entry.tags.length > 0 && `Tags: ${entry.tags.map((tag) => `#${markdownInline(tag)}`).join(" ")}`,
    entry.durationSeconds !== null && `Duration: ${formatDuration(entry.durationSeconds)}`,
  ].filter(Boolean);
  const lines = [`### ${wallClock(entry.recordedAt, timeZone).slice(11)}`, "", markdownQuote(entry.content.trimEnd()), ""];
  if (details.length > 0) lines.push(...details.map((detail) => `- ${detail}`), "");
  return lines.join("\n") + "\n";
}

/**
 * The entries by day of the account's time zone, newest first: `## YYYY-MM-DD (Weekday)`, then
 * each entry under its time, its content quoted: no other line starts with `#`.
 */
export async function* markdownExport(access: Access, filters: EntryListFilters, exportedAt: Date): Pieces {
  const { user } = access;
  yield `# Worklog${user.name ? ` of ${markdownInline(user.name)}` : ""}\n\nExported ${exportedAt.toISOString()}; days and times in ${user.timezone}.\n\n`;
  let currentDay: string | undefined;
  for await (const entries of exportedEntries(access, filters, exportedAt)) {
    let piece = "";
    for (const entry of entries) {
      const day = calendarDay(entry.recordedAt, user.timezone);
      if (day !== currentDay) piece += `## ${day} (${weekday(day)})\n\n`;
      currentDay = day;
      piece += markdownEntry(entry, user.timezone, user.id);
    }
    yield piece;
  }
}
