import { z } from "zod";
import { requestSchemas } from "@/lib/openapi/components";
import { rangeBoundSchema } from "@/lib/time";
import { idSchema } from "@/lib/validation";
import { entryTagSchema } from "@/lib/worklog/schemas";

/** A list given as an array, or as one string split on commas and whitespace (the CLI's form). */
function listOf<Element extends z.ZodType<string>>(element: Element) {
  return z
    .preprocess((value) => (typeof value === "string" ? value.split(/[\s,]+/).filter(Boolean) : value), z.array(element).max(100))
    .transform((values) => [...new Set(values)].sort())
    .meta({ description: "An array, or one string of values separated by commas or whitespace." });
}

/** The filters of a recap, from a JSON body or a query string alike. */
export const recapFiltersSchema = z
  .object({
    from: rangeBoundSchema.optional(),
    to: rangeBoundSchema.optional(),
    project_ids: listOf(idSchema).optional(),
    tags: listOf(entryTagSchema).optional(),
    exclude_tags: listOf(entryTagSchema).optional(),
  })
  .register(requestSchemas, { id: "RecapRequest" });
export type RecapFiltersInput = z.output<typeof recapFiltersSchema>;

export const recapStreamQuerySchema = z.object({
  recap_id: z.string().meta({ description: "The recap to follow; without it, the stream carries every recap of the account." }).optional(),
});
