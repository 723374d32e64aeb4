/** The shapes a recap can take (docs/api.md "Recaps"): the API's `template`, the web app's choice and part of the cache key. */
export const recapTemplates = [
  { id: "summary", label: "Summary", description: "Headline numbers, highlights per project, tags and a day-by-day outline." },
  { id: "standup", label: "Standup", description: "Yesterday, today and blockers, in your entries' own words." },
  { id: "weekly", label: "Weekly", description: "Per project: tracked time, commits and highlights." },
  { id: "brag", label: "Brag", description: "Outcomes worth telling in a review, newest first, with their links." },
  { id: "team_standup", label: "Team standup", description: "Each member's yesterday, today and blockers, and who wrote nothing." },
] as const;

export type RecapTemplate = (typeof recapTemplates)[number]["id"];

export const recapTemplateIds = recapTemplates.map((template) => template.id) as [RecapTemplate, ...RecapTemplate[]];

export const DEFAULT_RECAP_TEMPLATE: RecapTemplate = "summary";

/** A stored recap's template by its name; one the app no longer knows reads as the default's. */
export function recapTemplateLabel(id: string): string {
  return (recapTemplates.find((template) => template.id === id) ?? recapTemplates[0]).label;
}
