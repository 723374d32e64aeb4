import { z } from "zod";
import { responseSchemas } from "@/lib/openapi/components";

/**
 * A completed recap's figures, computed by the generator. Apart from generator.ts, which the
 * browser loads too (its formatting): zod builds its object schemas with `new Function`, which
 * the pages' Content-Security-Policy forbids.
 */
export const recapMetadataSchema = z
  .object({
    entry_count: z.number().int(),
    projects: z.array(z.string()),
    tags: z.array(z.string()),
    total_duration_seconds: z.number().int(),
    commit_count: z.number().int(),
  })
  .register(responseSchemas, { id: "RecapMetadata" });
export type RecapMetadata = z.infer<typeof recapMetadataSchema>;
