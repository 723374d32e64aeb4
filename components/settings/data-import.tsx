"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useState } from "react";
import { toast } from "@/components/ui/toast";
import { SelectField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { importProgressAction } from "@/lib/data/actions";
import { IMPORT_MAX_BODY_BYTES } from "@/lib/data/import-limits";
import type { ImportCounts, ImportResource, ImportSummary } from "@/lib/data/import-schemas";
import type { ImportOutcome } from "@/lib/data/upload";
import type { FieldIssue } from "@/lib/errors";

type ImportState = { summary?: ImportSummary; accepted?: ImportResource; problems?: FieldIssue[]; fileError?: string; formError?: string };

/** How often a large import's progress is asked for. */
const PROGRESS_INTERVAL_MS = 1000;

const kinds: { key: keyof ImportCounts; label: string; singular: string }[] = [
  { key: "projects", label: "Projects", singular: "Project" },
  { key: "repositories", label: "Repositories", singular: "Repository" },
  { key: "commits", label: "Commits", singular: "Commit" },
  { key: "entries", label: "Entries", singular: "Entry" },
];

/** Where a problem lies, in words: `/entries/3/content` is "Entry 4, content". */
function placeOf(pointer: string): string {
  const [list, index, ...rest] = pointer
    .split("/")
    .slice(1)
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
  if (list === undefined) return "The document";
  const kind = kinds.find(({ key }) => key === list);
  if (!kind || index === undefined || !/^\d+$/.test(index)) return [list, index, ...rest].filter(Boolean).join(" › ").replaceAll("_", " ");
  const field = rest.map((segment) => (/^\d+$/.test(segment) ? `#${Number(segment) + 1}` : segment.replaceAll("_", " "))).join(" ");
  return `${kind.singular} ${Number(index) + 1}${field ? `, ${field}` : ""}`;
}

function announceImported({ created }: ImportSummary) {
  toast.success(`Imported ${created.entries} ${created.entries === 1 ? "entry" : "entries"}`);
}

/** The problems of a document: those listed, and those the last one counts (`And 348900 more problems`). */
function problemCount(problems: FieldIssue[]): number {
  const more = /^And (\d+) more problems$/.exec(problems.at(-1)?.detail ?? "");
  return more ? problems.length - 1 + Number(more[1]) : problems.length;
}

/**
 * The file goes to app/settings/data/import/route.ts as the body itself: a server action would
 * take at most a page's 1 MiB (lib/next-pages/page-body-guard.ts), read before the session is known.
 */
async function upload(formData: FormData): Promise<ImportState> {
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0 || file.size > IMPORT_MAX_BODY_BYTES) return { fileError: "Choose a JSON file of at most 50 MiB." };
  const format = encodeURIComponent(String(formData.get("format")));
  let response: Response;
  try {
    response = await fetch(`/settings/data/import?format=${format}`, { method: "POST", headers: { "content-type": "application/json" }, body: file });
  } catch {
    return { formError: "The upload did not reach the server. Check your connection and try again." };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (body as { error?: { message?: string } } | undefined)?.error?.message;
    return { formError: message ?? "Importing failed. Try again." };
  }
  const outcome = body as ImportOutcome;
  if ("problems" in outcome) return { problems: outcome.problems };
  if ("accepted" in outcome) return { accepted: outcome.accepted };
  announceImported(outcome.summary);
  return { summary: outcome.summary };
}

export function DataImport() {
  const router = useRouter();
  const [state, formAction] = useActionState(async (_previous: ImportState, formData: FormData) => {
    const next = await upload(formData);
    if (next.summary) router.refresh();
    return next;
  }, {});
  return (
    <div className="space-y-6">
      <form action={formAction} className="space-y-5">
        <FormError message={state.formError} />
        <SelectField label="Format" name="format" defaultValue="worklog-export" className="max-w-md">
          <option value="worklog-export">Worklog export (JSON)</option>
          <option value="jrnl">jrnl (jrnl --export json)</option>
        </SelectField>
        <TextField
          label="File"
          name="file"
          type="file"
          required
          accept="application/json,.json"
          hint="Up to 50 MiB. What your account has already is skipped, so importing a file twice adds nothing."
          error={state.fileError}
          className="max-w-md"
        />
        <SubmitButton pendingLabel="Importing…">Import</SubmitButton>
      </form>

      {state.summary && <ImportSummaryTable summary={state.summary} />}
      {state.accepted && <ImportJobProgress key={state.accepted.id} accepted={state.accepted} />}

      {state.problems && (
        <section
          aria-labelledby="import-problems-heading"
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-4 sm:p-5 dark:border-red-800 dark:bg-red-950"
        >
          <h3 id="import-problems-heading" className="font-medium text-red-800 dark:text-red-200">
            Nothing was imported: the file has {problemCount(state.problems)} {problemCount(state.problems) === 1 ? "problem" : "problems"}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800 dark:text-red-200">
            {state.problems.map((problem) => (
              <li key={`${problem.pointer} ${problem.detail}`}>
                <span className="font-medium">{placeOf(problem.pointer)}</span>: {problem.message ?? problem.detail}{" "}
                <code className="text-xs text-red-700 dark:text-red-300">{problem.pointer}</code>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ImportSummaryTable({ summary }: { summary: ImportSummary }) {
  return (
    <section aria-labelledby="import-summary-heading" className="rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <h3 id="import-summary-heading" className="font-medium">
        Imported
      </h3>
      <table className="mt-3 w-full max-w-md text-sm">
        <thead>
          <tr className="text-left text-zinc-600 dark:text-zinc-400">
            <th scope="col" className="py-1 font-medium">
              Kind
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Created
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Already there
            </th>
          </tr>
        </thead>
        <tbody>
          {kinds.map(({ key, label }) => (
            <tr key={key} className="border-t border-zinc-200 dark:border-zinc-800">
              <th scope="row" className="py-1 text-left font-normal">
                {label}
              </th>
              <td className="py-1 text-right tabular-nums">{summary.created[key]}</td>
              <td className="py-1 text-right tabular-nums">{summary.skipped[key]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A large import, written by a job: its progress until it has ended, then its result or why it failed. */
function ImportJobProgress({ accepted }: { accepted: ImportResource }) {
  const [current, setCurrent] = useState(accepted);
  const [lost, setLost] = useState<string>();
  const ended = current.status === "succeeded" || current.status === "failed";
  useEffect(() => {
    if (ended || lost) return;
    const timer = setTimeout(async () => {
      const result = await importProgressAction(current.id);
      if (!result.ok) return setLost(result.message);
      if (result.data.status === "succeeded" && result.data.result) announceImported(result.data.result);
      setCurrent(result.data);
    }, PROGRESS_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [current, ended, lost]);

  if (current.status === "succeeded" && current.result) return <ImportSummaryTable summary={current.result} />;
  const percent = current.total === 0 ? 0 : Math.floor((current.processed / current.total) * 100);
  return (
    <section aria-labelledby="import-progress-heading" className="rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <h3 id="import-progress-heading" className="font-medium">
        {current.status === "failed" ? "The import failed" : "Importing…"}
      </h3>
      {current.status === "failed" ? (
        <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
          {current.error}
        </p>
      ) : (
        <>
          <progress className="mt-3 w-full max-w-md" max={current.total} value={current.processed} aria-label="Import progress" />
          <p className="mt-1 text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-live="polite">
            {current.processed} of {current.total} items written ({percent}%). You may leave this page: the import goes on.
          </p>
        </>
      )}
      {lost && <FormError message={lost} />}
    </section>
  );
}
