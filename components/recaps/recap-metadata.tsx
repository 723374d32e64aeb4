import { formatDuration } from "@/lib/formatting/time-words";
import type { RecapMetadata } from "@/lib/recaps/metadata";

/** A completed recap's headline numbers, big, with the projects and tags they cover beneath. */
export function RecapMetadataList({ metadata }: { metadata: RecapMetadata }) {
  const figures = [
    { label: "Entries", value: String(metadata.entry_count) },
    { label: "Tracked", value: formatDuration(metadata.total_duration_seconds) },
    { label: "Projects", value: String(metadata.projects.length) },
    { label: "Commits", value: String(metadata.commit_count) },
  ];
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(({ label, value }) => (
          <div key={label} className="flex flex-col rounded-lg bg-zinc-50 px-4 py-3 dark:bg-zinc-900">
            <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="order-first text-3xl font-semibold tracking-tight tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {(metadata.projects.length > 0 || metadata.tags.length > 0) && (
        <p className="text-sm break-words text-zinc-600 dark:text-zinc-400">
          {metadata.projects.length > 0 && <>Projects: {metadata.projects.join(", ")}. </>}
          {metadata.tags.length > 0 && <>Tags: {metadata.tags.map((tag) => `#${tag}`).join(" ")}.</>}
        </p>
      )}
    </div>
  );
}
