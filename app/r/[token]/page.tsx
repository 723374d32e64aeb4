import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { RecapDays } from "@/components/recaps/recap-days";
import { RecapMarkdown } from "@/components/recaps/recap-markdown";
import { RecapMetadataList } from "@/components/recaps/recap-metadata";
import type { RecapFilters } from "@/lib/recaps/filters";
import type { RecapMetadata } from "@/lib/recaps/metadata";
import { viewSharedRecap } from "@/lib/recaps/shares";
import { recapTemplateLabel } from "@/lib/recaps/templates";
import { opensPage } from "@/lib/next-pages/page-opening";
import type { PageSearchParams } from "@/lib/next-pages/page-params";

// The title names no one; the link's own headers (next.config.mjs) keep it out of indexes and Referer.
export const metadata: Metadata = {
  title: "Shared recap",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/**
 * A recap opened by its link (docs/api.md, "Share links"), signed in or not: its days, figures
 * and text, with no link to the owner's pages. Every opening counts as a view; a prefetch or a
 * HEAD request does not.
 */
export default async function SharedRecapPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<PageSearchParams> }) {
  const shared = await viewSharedRecap((await params).token, opensPage(await headers(), await searchParams));
  if (!shared) notFound();
  const { recap, timeZone } = shared;
  return (
    <article aria-labelledby="shared-recap-heading" className="max-w-4xl space-y-6">
      <div>
        <h1 id="shared-recap-heading" className="text-2xl font-semibold tracking-tight">
          Recap <RecapDays filters={recap.filters as RecapFilters} timeZone={timeZone} />
        </h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{recapTemplateLabel(recap.template)} · shared read-only</p>
      </div>
      {recap.metadata !== null && <RecapMetadataList metadata={recap.metadata as RecapMetadata} />}
      {recap.content && (
        <div data-testid="recap-content" className="rounded-lg border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800">
          <RecapMarkdown plainLinks>{recap.content}</RecapMarkdown>
        </div>
      )}
    </article>
  );
}
