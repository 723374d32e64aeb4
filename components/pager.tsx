import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { buttonClassName } from "@/components/ui/button";
import type { CursorPageMeta, CursorPageRequest } from "@/lib/api/cursor-pagination";

/**
 * "Newer" and "Older" links over a cursor-paginated list, kept in the page's URL. `has_more`
 * speaks of the direction of travel; the other direction is where the visitor came from.
 */
export function Pager({ path, page, meta, label }: { path: string; page: CursorPageRequest; meta: CursorPageMeta; label: string }) {
  const backwards = page.endingBefore !== undefined;
  const hasNewer = backwards ? meta.has_more : page.startingAfter !== undefined;
  const hasOlder = backwards ? meta.end_cursor !== null : meta.has_more;
  if (!hasNewer && !hasOlder) return null;
  return (
    <nav aria-label={label} className="mt-4 flex justify-between gap-3">
      {hasNewer && meta.start_cursor ? (
        <WorkspaceLink href={`${path}?ending_before=${meta.start_cursor}`} className={buttonClassName("secondary", "sm")}>
          ← Newer
        </WorkspaceLink>
      ) : (
        <span />
      )}
      {hasOlder && meta.end_cursor && (
        <WorkspaceLink href={`${path}?starting_after=${meta.end_cursor}`} className={buttonClassName("secondary", "sm")}>
          Older →
        </WorkspaceLink>
      )}
    </nav>
  );
}
