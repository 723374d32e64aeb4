import { formatDuration } from "@/lib/recaps/generator";
import type { RecapMetadata } from "@/lib/recaps/metadata";

/** A completed recap's figures. */
export function RecapMetadataList({ metadata }: { metadata: RecapMetadata }) {
  const items = [
    { label: "Entries", value: String(metadata.entry_count) },
    { label: "Tracked", value: formatDuration(metadata.total_duration_seconds) },
    { label: "Commits", value: String(metadata.commit_count) },
    { label: "Projects", value: metadata.projects.join(", ") || "None" },
    { label: "Tags", value: metadata.tags.join(", ") || "None" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
      {items.map(({ label, value }) => (
        <div key={label} className="rounded-md bg-zinc-50 px-3 py-2 dark:bg-zinc-900">
          <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
          <dd className="mt-0.5 font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
