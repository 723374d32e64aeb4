"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { saveFile } from "@/components/browser/save-file";
import { countOf } from "@/components/formatting/format";

type Format = "json" | "csv" | "markdown";

const downloads: { format: Format; label: string; what: string }[] = [
  { format: "json", label: "JSON", what: "Everything: profile, projects, repositories, commits, entries and recaps, in the API's shapes." },
  { format: "csv", label: "CSV", what: "One row per entry, for spreadsheets." },
  { format: "markdown", label: "Markdown", what: "Entries by day, newest first, to read or keep." },
];

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const fileNameOf = (response: Response, format: Format) =>
  /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `worklog.${format === "markdown" ? "md" : format}`;

async function errorMessage(response: Response): Promise<string> {
  try {
    return (await response.json()).error.message;
  } catch {
    return `The export failed (${response.status}).`;
  }
}

/**
 * The account's exports (app/settings/data/export/route.ts, the API's export on the session),
 * read as they stream so that a large account's download shows how far it got.
 */
export function DataExport({ entryCount }: { entryCount: number }) {
  const [running, setRunning] = useState<{ format: Format; bytes: number }>();

  async function download(format: Format) {
    setRunning({ format, bytes: 0 });
    try {
      const response = await fetch(`/settings/data/export?format=${format}`);
      if (!response.ok || !response.body) throw new Error(await errorMessage(response));
      const reader = response.body.getReader();
      const parts: BlobPart[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.byteLength;
        setRunning({ format, bytes });
      }
      const fileName = fileNameOf(response, format);
      saveFile(parts, response.headers.get("content-type") ?? "application/octet-stream", fileName);
      toast.success(`Exported ${fileName} (${formatBytes(bytes)})`);
    } catch (error) {
      toast.error(error instanceof TypeError ? "The download was interrupted. Please try again." : (error as Error).message);
    } finally {
      setRunning(undefined);
    }
  }

  return (
    <section aria-labelledby="export-heading">
      <h3 id="export-heading" className="text-lg font-semibold">
        Export
      </h3>
      <p className="mt-2 mb-4 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
        Your account has {countOf(entryCount, "entry", "entries")}. Each file is built as it downloads; the API serves the same files at{" "}
        <code>GET /api/v1/export</code>.
      </p>
      <ul className="space-y-3">
        {downloads.map(({ format, label, what }) => (
          <li key={format} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
            <Button variant="secondary" className="sm:w-36" disabled={running !== undefined} onClick={() => download(format)}>
              {running?.format === format ? "Exporting…" : `Export ${label}`}
            </Button>
            <span className="text-sm text-zinc-600 dark:text-zinc-400">{what}</span>
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite" className="mt-4 min-h-5 text-sm text-zinc-600 dark:text-zinc-400">
        {running && (
          <>
            <progress aria-label={`Exporting ${running.format}`} className="mr-2 h-2 w-32 align-middle" />
            {formatBytes(running.bytes)} received
          </>
        )}
      </p>
    </section>
  );
}
