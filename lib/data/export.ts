import "server-only";
import type { Access } from "@/lib/access/context";
import type { User } from "@/lib/db/client";
import { calendarDay } from "@/lib/time";
import { csvExport, jsonExport, markdownExport } from "./export-formats";
import type { ExportFormat, ExportQuery } from "./export-query";

const files: Record<ExportFormat, { extension: string; contentType: string }> = {
  json: { extension: "json", contentType: "application/json; charset=utf-8" },
  csv: { extension: "csv", contentType: "text/csv; charset=utf-8; header=present" },
  markdown: { extension: "md", contentType: "text/markdown; charset=utf-8" },
};

/** `worklog-2026-11-23.csv`: today in the account's time zone. */
export const exportFileName = (format: ExportFormat, user: User, now: Date) => `worklog-${calendarDay(now, user.timezone)}.${files[format].extension}`;

/**
 * Pulls the pieces as the client reads them, so that a slow reader holds the database no more
 * than a fast one and the server no more than a batch. An error once the status is sent can
 * only abort the stream: the client sees the body cut off (docs/api.md, "Export and import").
 */
function byteStream(pieces: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await pieces.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        console.error("[export] aborted:", (error as Error).message);
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

/** The download of the account's data in a format, streamed: the API's and the web app's export. */
export function exportResponse(access: Access, { format, ...filters }: ExportQuery, now = new Date()): Response {
  const pieces =
    format === "json" ? jsonExport(access, filters, now) : format === "csv" ? csvExport(access, filters, now) : markdownExport(access, filters, now);
  return new Response(byteStream(pieces), {
    headers: {
      "content-type": files[format].contentType,
      "content-disposition": `attachment; filename="${exportFileName(format, access.user, now)}"`,
      "cache-control": "no-store",
    },
  });
}
