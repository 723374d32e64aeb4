import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { PlanNotice } from "@/components/recaps/plan-notice";
import { RecapDays, recapDays } from "@/components/recaps/recap-days";
import { RecapLive } from "@/components/recaps/recap-live";
import { RecapShare } from "@/components/recaps/recap-share";
import { TextLink } from "@/components/ui/text-link";
import type { Access } from "@/lib/access/context";
import { requireAccess } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { publicOrigin } from "@/lib/public-origin";
import { toRecapResponse } from "@/lib/recaps/responses";
import type { RecapFilters } from "@/lib/recaps/filters";
import { getRecap } from "@/lib/recaps/recaps";
import { toRecapShareResponse } from "@/lib/recaps/share-responses";
import { findRecapShare } from "@/lib/recaps/shares";
import { recapTemplateLabel } from "@/lib/recaps/templates";
import { resourceTitle } from "@/lib/next-pages/page-params";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return resourceTitle((await params).id, getRecap, (recap, user) => `Recap ${recapDays(recap.filters as RecapFilters, user.timezone)}`, "Recap");
}

async function ownRecap(access: Access, id: string) {
  try {
    return await getRecap(access, id);
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") notFound();
    throw error;
  }
}

export default async function RecapPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireAccess(`/recaps/${id}`);
  const { user } = access;
  if (user.plan !== "pro") return <PlanNotice />;
  const recap = await ownRecap(access, id);
  const share = recap.status === "completed" ? await findRecapShare(access, recap.id) : null;
  const filters = recap.filters as RecapFilters;
  const narrowed = [
    filters.project_ids.length > 0 && `${filters.project_ids.length} ${filters.project_ids.length === 1 ? "project" : "projects"}`,
    filters.tags.length > 0 && `tags ${filters.tags.join(", ")}`,
    filters.exclude_tags.length > 0 && `without ${filters.exclude_tags.join(", ")}`,
  ].filter(Boolean);
  return (
    <div className="max-w-4xl space-y-6">
      <TextLink href="/recaps">← All recaps</TextLink>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          Recap <RecapDays filters={filters} timeZone={user.timezone} />
        </h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {recapTemplateLabel(recap.template)}
          {narrowed.length > 0 && ` · only ${narrowed.join("; ")}`}
        </p>
      </div>
      <RecapLive initial={toRecapResponse(recap)} timeZone={user.timezone} origin={publicOrigin(await headers())} />
      {recap.status === "completed" && <RecapShare recapId={recap.id} initial={share && toRecapShareResponse(share)} timeZone={user.timezone} />}
    </div>
  );
}
