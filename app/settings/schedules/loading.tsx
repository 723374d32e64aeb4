import { LoadingBlock } from "@/components/loading-block";

export default function Loading() {
  return <LoadingBlock label="Loading your schedules…" />;
}
