import type { RecapPeriodId } from "@/lib/recaps/periods";

export const periodLabels: Record<RecapPeriodId, string> = {
  today: "Today",
  yesterday: "Yesterday",
  this_week: "This week so far",
  last_week: "Last week",
  last_30_days: "Last 30 days",
};

/** Monday first, as a working week reads; numbered as the API numbers them (0 for Sunday). */
export const weekdayNames: [number, string][] = [
  [1, "Monday"],
  [2, "Tuesday"],
  [3, "Wednesday"],
  [4, "Thursday"],
  [5, "Friday"],
  [6, "Saturday"],
  [0, "Sunday"],
];
