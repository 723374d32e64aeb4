import { z } from "zod";
import { requestSchemas } from "@/lib/openapi/components";
import { rangeBoundSchema } from "@/lib/time-schemas";
import { idSchema } from "@/lib/validation";
import { entryTagSchema } from "@/lib/worklog/schemas";
import { recapTemplateIds } from "./templates";

/** A list given as an array, or as one string split on commas and whitespace (the CLI's form). */
function listOf<Element extends z.ZodType<string>>(element: Element) {
  return z
    .preprocess((value) => (typeof value === "string" ? value.split(/[\s,]+/).filter(Boolean) : value), z.array(element).max(100))
    .transform((values) => [...new Set(values)].sort())
    .meta({ type: ["array", "string"], description: "An array, or one string of values separated by commas or whitespace." });
}

/** A recap's template; the message is the query string's 400 (a body's 422 says `Invalid enum value`). */
export const recapTemplateSchema = z.enum(recapTemplateIds, { error: `must be one of ${recapTemplateIds.join(", ")}` }).meta({
  description: "The shape of the recap's text: `summary` (the default), `standup`, `weekly`, `brag` or `team_standup` (a section per member of the workspace).",
});

/** The filters and template of a recap, from a JSON body or a query string alike. */
export const recapFiltersSchema = z
  .object({
    from: rangeBoundSchema.optional(),
    to: rangeBoundSchema.optional(),
    project_ids: listOf(idSchema).optional(),
    tags: listOf(entryTagSchema).optional(),
    exclude_tags: listOf(entryTagSchema).optional(),
    template: recapTemplateSchema.optional(),
  })
  .register(requestSchemas, { id: "RecapRequest" });
export type RecapFiltersInput = z.output<typeof recapFiltersSchema>;

export const recapStreamQuerySchema = z.object({
  recap_id: z.string().meta({ description: "The recap to follow; without it, the stream carries every recap of the account." }).optional(),
});
