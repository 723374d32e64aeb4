import { errorResponse } from "@/lib/api/error-response";
import { currentAccess } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { reportCsv, reportCsvFileName } from "@/lib/reports/csv";
import { buildReport } from "@/lib/reports/report";
import { toReportResponse } from "@/lib/reports/responses";
import { reportQuerySchema } from "@/lib/reports/schemas";
import { reportQueryInput, reportViewFromSearch } from "@/lib/reports/view";
import { calendarDay } from "@/lib/time";

/** The reports page's "Download CSV": its breakdown table for the same URL, on the browser's session. */
export async function GET(request: Request) {
  try {
    const access = await currentAccess();
    if (!access) throw new AppError("authentication", "Sign in to download a report.");
    const { user } = access;
    const { view } = reportViewFromSearch(new URL(request.url).searchParams, calendarDay(new Date(), user.timezone), user.weekStart);
    const report = toReportResponse(await buildReport(access, reportQuerySchema.parse(reportQueryInput(view, view.groupBy))));
    return new Response(reportCsv(report), {
      headers: {
        "content-type": "text/csv; charset=utf-8; header=present",
        "content-disposition": `attachment; filename="${reportCsvFileName(report)}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return errorResponse(error, crypto.randomUUID());
  }
}
