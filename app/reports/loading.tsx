import { LoadingBlock } from "@/components/loading-block";
import { PageHeader } from "@/components/page-header";

export default function Loading() {
  return (
    <div className="space-y-6">
      <PageHeader title="Reports" />
      <LoadingBlock label="Loading the report…" />
    </div>
  );
}
