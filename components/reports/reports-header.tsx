import { PageHeader } from "@/components/page-header";

/** The reports page's heading, the same while the page loads (app/reports/loading.tsx) as once it has. */
export function ReportsHeader() {
  return (
    <PageHeader
      title="Reports"
      description="Where your time went: your entries’ time by day, project, tag, source or author, against the period before."
      descriptionFromSm
    />
  );
}
