import { z } from "zod";
import { responseSchemas } from "@/lib/openapi/components";
import { projectResponseSchema } from "@/lib/projects/responses";
import { recapResponseSchema } from "@/lib/recaps/responses";
import { commitResponseSchema, repositoryResponseSchema } from "@/lib/repositories/responses";
import { userResponseSchema } from "@/lib/users/responses";
import { entryResponseSchema } from "@/lib/worklog/responses";

/**
 * Worklog's own export (docs/api.md, "Export and import"): everything of an account in the API's
 * own shapes. `GET /api/v1/export?format=json` writes it and `POST /api/v1/import` reads it back;
 * the import refers to items by the ids written here and gives them new ones.
 */
export const exportDocumentSchema = z
  .object({
    format: z.literal("worklog-export"),
    version: z.literal(1),
    exported_at: z.iso.datetime(),
    user: userResponseSchema,
    projects: z.array(projectResponseSchema),
    repositories: z.array(repositoryResponseSchema),
    commits: z.array(commitResponseSchema),
    entries: z.array(entryResponseSchema),
    recaps: z.array(recapResponseSchema),
  })
  .register(responseSchemas, { id: "ExportDocument" });
export type ExportDocument = z.infer<typeof exportDocumentSchema>;
