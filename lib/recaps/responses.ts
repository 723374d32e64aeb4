import { z } from "zod";
import type { Recap } from "@/lib/db/client";
import { responseSchemas } from "@/lib/openapi/components";
import { publicOrigin } from "@/lib/public-origin";
import { recapFiltersResponseSchema, type RecapFilters } from "./filters";
import { recapMetadataSchema, type RecapMetadata } from "./metadata";
import { recapTemplateSchema } from "./schemas";
import type { RecapTemplate } from "./templates";

/** An entry or commit that a recap's content cites (lib/recaps/citations.ts). */
export const recapSourceSchema = z.object({ type: z.enum(["entry", "commit"]), id: z.uuid() }).register(responseSchemas, { id: "RecapSource" });
export type RecapSource = z.infer<typeof recapSourceSchema>;

export const recapResponseSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    status: z.enum(["processing", "completed", "failed"]),
    content: z.string().nullable(),
    metadata: recapMetadataSchema.nullable(),
    sources: z
      .array(recapSourceSchema)
      .nullable()
      .meta({ description: "What the content cites, in order of first citation; null until the recap is completed." }),
    template: recapTemplateSchema,
    filters: recapFiltersResponseSchema,
    error: z.string().nullable(),
    inserted_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
  })
  .register(responseSchemas, { id: "Recap" });

export const createdRecapResponseSchema = recapResponseSchema
  .extend({ recap_id: z.uuid(), poll_url: z.string(), sse_url: z.url() })
  .register(responseSchemas, { id: "CreatedRecap" });

export type RecapResponse = z.infer<typeof recapResponseSchema>;

/** The `data:` of a stream's event: a piece of content while the recap is written... */
export const recapDeltaEventSchema = z
  .object({
    recap_id: z.uuid(),
    status: z.literal("processing"),
    delta: z.string(),
    partial_content: z.string().meta({ description: "All the text written so far, this event's `delta` included." }),
  })
  .register(responseSchemas, { id: "RecapDeltaEvent" });

/** ...and, last, the whole recap (`completed` with its content, or `failed` with its error). */
export const recapFinishedEventSchema = recapResponseSchema.extend({ recap_id: z.uuid() }).register(responseSchemas, { id: "RecapFinishedEvent" });

export const recapEventSchema = z.union([recapDeltaEventSchema, recapFinishedEventSchema]).register(responseSchemas, { id: "RecapEvent" });
export type RecapEvent = z.infer<typeof recapEventSchema>;

export const recapUrl = (id: string) => `/api/v1/worklog/recaps/${id}`;

export function toRecapResponse(recap: Recap): RecapResponse {
  return {
    id: recap.id,
    url: recapUrl(recap.id),
    status: recap.status,
    content: recap.content,
    metadata: recap.metadata as RecapMetadata | null,
    sources: recap.sources as RecapSource[] | null,
    template: recap.template as RecapTemplate,
    filters: recap.filters as RecapFilters,
    error: recap.error,
    inserted_at: recap.insertedAt.toISOString(),
    updated_at: recap.updatedAt.toISOString(),
    completed_at: recap.completedAt?.toISOString() ?? null,
  };
}

/** The create response: the recap plus the links the CLI follows. */
export function toCreatedRecapResponse(recap: Recap, request: Request): z.infer<typeof createdRecapResponseSchema> {
  return {
    ...toRecapResponse(recap),
    recap_id: recap.id,
    poll_url: recapUrl(recap.id),
    sse_url: `${publicOrigin(request.headers)}/api/v1/worklog/recaps/sse?recap_id=${recap.id}`,
  };
}
