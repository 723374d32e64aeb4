import { LoadingBlock } from "@/components/loading-block";
import { ReportsHeader } from "@/components/reports/reports-header";

/** The page's heading, then a stand-in a window high: the footer starts below the fold and stays there when the report arrives. */
export default function Loading() {
  return (
    <div className="space-y-6">
      <ReportsHeader />
      <div className="min-h-dvh">
        <LoadingBlock label="Loading the report…" />
      </div>
    </div>
  );
}
