import { dayCount, isValidCalendarDate, type WeekStart } from "@/lib/time";
import { cleanFilters, filtersFromSearch, worklogHref, type EntryFilters } from "@/lib/worklog/filters";
import { hasDaysBefore, MAX_PERIOD_DAYS } from "./period";
import { defaultPreset, presetPeriod, reportPresets, type DayRange, type ReportPreset } from "./presets";
import type { ReportGrouping } from "./schemas";

/** What the reports page's table groups by; its chart always shows time. */
export const breakdowns = ["project", "tag", "reference", "source", "author"] as const;
export type Breakdown = (typeof breakdowns)[number];
export const breakdownLabels: Record<Breakdown, string> = { project: "Project", tag: "Tag", reference: "Reference", source: "Source", author: "Author" };

/** The entries list's filters but the period, which the report's own choice sets. */
export type ReportFilters = Omit<EntryFilters, "from" | "to">;

/** Everything the reports page shows, as its URL keeps it (README, "Reports"). */
export type ReportView = DayRange & { preset: ReportPreset | "custom"; groupBy: Breakdown; filters: ReportFilters };

type Search = { get(name: string): string | null };

const reportFilterNames = ["q", "project_id", "tags", "reference", "source", "author_id"] as const satisfies (keyof ReportFilters)[];

/**
 * A custom period's days, when both are days, in order, and the period one a report takes: no
 * longer than it may be, and with a previous period in the calendar.
 */
function customPeriod(from: string | null, to: string | null): DayRange | undefined {
  if (!from || !to || !isValidCalendarDate(from) || !isValidCalendarDate(to) || from > to) return undefined;
  const days = dayCount(from, to);
  return days <= MAX_PERIOD_DAYS && hasDaysBefore(from, days) ? { from, to } : undefined;
}

/**
 * The page's view from its URL: a preset (`preset`, this week when absent) or a custom period
 * (`from` and `to`), `group_by`, and the worklog's filters. What is not valid is left out, and
 * `ignored` says so.
 */
export function reportViewFromSearch(search: Search, today: string, weekStart: WeekStart): { view: ReportView; ignored: boolean } {
  const filters: ReportFilters = Object.fromEntries(Object.entries(filtersFromSearch(search)).filter(([name]) => name !== "from" && name !== "to"));
  // A filter asked for that the worklog's filters left out (as the entries list would refuse it).
  const droppedFilter = reportFilterNames.some((name) => search.get(name)?.trim() && !(name in filters));
  const presetParam = search.get("preset");
  const groupParam = search.get("group_by");
  const groupBy = breakdowns.find((breakdown) => breakdown === groupParam) ?? "project";
  const preset = reportPresets.find((name) => name === presetParam);
  const custom = preset ? undefined : customPeriod(search.get("from"), search.get("to"));
  const period = custom
    ? { preset: "custom" as const, ...custom }
    : { preset: preset ?? defaultPreset, ...presetPeriod(preset ?? defaultPreset, today, weekStart) };
  const askedCustom = !preset && (search.get("from") || search.get("to") || presetParam === "custom");
  const ignored = Boolean(
    (presetParam && !preset && presetParam !== "custom") || (askedCustom && !custom) || (groupParam && groupParam !== groupBy) || droppedFilter,
  );
  return { view: { ...period, groupBy, filters }, ignored };
}

/** The view's query string: the preset or the custom days, the grouping and the filters, leaving out the defaults. */
function viewSearch(view: ReportView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.preset === "custom") {
    search.set("from", view.from);
    search.set("to", view.to);
  } else if (view.preset !== defaultPreset) {
    search.set("preset", view.preset);
  }
  if (view.groupBy !== "project") search.set("group_by", view.groupBy);
  for (const [name, value] of Object.entries(cleanFilters(view.filters))) search.set(name, value);
  return search;
}

/** The reports page's URL for a view: `/reports` for this week by project, unfiltered. */
export function reportsHref(view: ReportView): string {
  const query = viewSearch(view).toString();
  return query ? `/reports?${query}` : "/reports";
}

/** The view's breakdown table as a CSV file (app/reports/csv/route.ts). */
export function reportCsvHref(view: ReportView): string {
  const query = viewSearch(view).toString();
  return query ? `/reports/csv?${query}` : "/reports/csv";
}

/** The worklog filtered as the view is, to some of its days and, for a row, to its project, tag, source or author. */
export function worklogHrefFor(view: ReportView, days: DayRange, filters: ReportFilters = {}): string {
  return worklogHref({ ...view.filters, ...filters, from: days.from, to: days.to });
}

/** The worklog filter a breakdown row stands for; none for "No project", "No tag" and "No reference", which the worklog cannot select. */
export function rowFilter(groupBy: Breakdown, key: string | null): ReportFilters | undefined {
  if (key === null) return undefined;
  const filters: Record<Breakdown, ReportFilters> = {
    project: { project_id: key },
    tag: { tags: key },
    reference: { reference: key },
    source: { source: key },
    author: { author_id: key },
  };
  return filters[groupBy];
}

/** The report's query (lib/reports/schemas.ts) for the view, grouped as asked. */
export function reportQueryInput(view: ReportView, groupBy: ReportGrouping): Record<string, string> {
  return { ...view.filters, from: view.from, to: view.to, group_by: groupBy };
}
