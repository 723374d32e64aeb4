import type { Metadata } from "next";
import { Suspense } from "react";
import { ReportControls } from "@/components/reports/report-controls";
import { ReportFilters } from "@/components/reports/report-filters";
import { ReportsHeader } from "@/components/reports/reports-header";
import { ReportResults } from "@/components/reports/report-results";
import { ReportSkeleton } from "@/components/reports/report-skeleton";
import { FormError } from "@/components/ui/form-feedback";
import type { Access } from "@/lib/access/context";
import { requireAccess } from "@/lib/auth/current-user";
import { listProjects } from "@/lib/projects/projects";
import { chartBucket } from "@/lib/reports/presets";
import { buildReport } from "@/lib/reports/report";
import { toReportResponse } from "@/lib/reports/responses";
import { reportQuerySchema, type ReportGrouping } from "@/lib/reports/schemas";
import { reportQueryInput, reportsHref, reportViewFromSearch, type ReportView } from "@/lib/reports/view";
import { calendarDay } from "@/lib/time";
import { searchParam, type PageSearchParams } from "@/lib/next-pages/page-params";

export const metadata: Metadata = { title: "Reports" };

/** The report itself: the period by time for the chart and by the chosen grouping for the table, from the API's own function. */
async function Report({ access, view, projectIds, today }: { access: Access; view: ReportView; projectIds: string[]; today: string }) {
  const bucket = chartBucket(view);
  const now = new Date();
  const report = (groupBy: ReportGrouping) => buildReport(access, reportQuerySchema.parse(reportQueryInput(view, groupBy)), now).then(toReportResponse);
  const [byTime, breakdown] = await Promise.all([report(bucket), report(view.groupBy)]);
  return <ReportResults byTime={byTime} breakdown={breakdown} bucket={bucket} view={view} projectIds={projectIds} today={today} />;
}

export default async function ReportsPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const access = await requireAccess("/reports");
  const { user } = access;
  const search = await searchParams;
  const today = calendarDay(new Date(), user.timezone);
  const { view, ignored } = reportViewFromSearch({ get: (name) => searchParam(search, name) ?? null }, today, user.weekStart);
  const { rows: projects } = await listProjects(access, { limit: 100 });
  const href = reportsHref(view);
  return (
    <div className="space-y-6">
      <ReportsHeader />
      <ReportControls view={view} />
      <ReportFilters key={`filters ${href}`} view={view} projects={projects.map(({ id, name, identifier }) => ({ id, name, identifier }))} />
      {ignored && (
        <FormError message="Some choices in this link are not valid (a period is a preset or two days in order, at most ten years apart; the grouping project, tag, source or author), so they are left out." />
      )}
      {/* A new view shows the form's new values, and the loading state in place of the old report. */}
      <Suspense key={`report ${href}`} fallback={<ReportSkeleton />}>
        <Report access={access} view={view} projectIds={projects.map((project) => project.id)} today={today} />
      </Suspense>
    </div>
  );
}
