"use client";

import { useRouter } from "next/navigation";
import { useActionState } from "react";
import { toast } from "sonner";
import { SelectField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { IMPORT_MAX_BODY_BYTES } from "@/lib/data/import-limits";
import type { ImportCounts, ImportSummary } from "@/lib/data/import-schemas";
import type { ImportOutcome } from "@/lib/data/upload";
import type { FieldIssue } from "@/lib/errors";

type ImportState = { summary?: ImportSummary; problems?: FieldIssue[]; fileError?: string; formError?: string };

const kinds: { key: keyof ImportCounts; label: string; singular: string }[] = [
  { key: "projects", label: "Projects", singular: "Project" },
  { key: "repositories", label: "Repositories", singular: "Repository" },
  { key: "commits", label: "Commits", singular: "Commit" },
  { key: "entries", label: "Entries", singular: "Entry" },
];

/** Where a problem lies, in words: `/entries/3/content` is "Entry 4, content". */
function placeOf(pointer: string): string {
  const [list, index, ...rest] = pointer.split("/").slice(1).map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
  if (list === undefined) return "The document";
  const kind = kinds.find(({ key }) => key === list);
  if (!kind || index === undefined || !/^\d+$/.test(index)) return [list, index, ...rest].filter(Boolean).join(" › ").replaceAll("_", " ");
  const field = rest.map((segment) => (/^\d+$/.test(segment) ? `#${Number(segment) + 1}` : segment.replaceAll("_", " "))).join(" ");
  return `${kind.singular} ${Number(index) + 1}${field ? `, ${field}` : ""}`;
}

/**
 * The file goes to app/settings/data/import/route.ts as the body itself: a server action would
 * take at most a page's 1 MiB (lib/web/page-body-guard.ts), read before the session is known.
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
  const { created } = outcome.summary;
  toast.success(`Imported ${created.entries} ${created.entries === 1 ? "entry" : "entries"}`);
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

      {state.summary && (
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
                  <td className="py-1 text-right tabular-nums">{state.summary!.created[key]}</td>
                  <td className="py-1 text-right tabular-nums">{state.summary!.skipped[key]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {state.problems && (
        <section aria-labelledby="import-problems-heading" role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 sm:p-5 dark:border-red-800 dark:bg-red-950">
          <h3 id="import-problems-heading" className="font-medium text-red-800 dark:text-red-200">
            Nothing was imported: the file has {state.problems.length} {state.problems.length === 1 ? "problem" : "problems"}
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
