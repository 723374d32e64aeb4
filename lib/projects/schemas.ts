import { z } from "zod";
import { listQuerySchema } from "@/lib/api/cursor-pagination";
import { updatedSinceField } from "@/lib/sync/schemas";
import { requestSchemas } from "@/lib/openapi/components";
import { trackersSchema } from "@/lib/references/schemas";
import { singleLineText, text } from "@/lib/validation";

export const projectNameSchema = singleLineText(1, 100);
export const projectDescriptionSchema = text(0, 2000).nullable();
/** 1–3 ASCII letters, stored upper-case. */
export const projectIdentifierSchema = z
  .string()
  .trim()
  .min(1)
  .max(3)
  .regex(/^[A-Za-z]+$/)
  .transform((value) => value.toUpperCase())
  // What a request may send: whitespace around the letters is trimmed (docs/api.md, "Conventions").
  .meta({
    pattern: "^\\s*[A-Za-z]+\\s*$",
    description: "1–3 letters, stored upper-case, unique in the account. Derived from the name's initials when left out.",
  });

export const projectCreateSchema = z
  .object({
    name: projectNameSchema,
    description: projectDescriptionSchema.optional(),
    identifier: projectIdentifierSchema.optional(),
    trackers: trackersSchema.optional(),
  })
  .register(requestSchemas, { id: "ProjectCreate" });
export type ProjectCreate = z.output<typeof projectCreateSchema>;

export const projectUpdateSchema = z
  .object({
    name: projectNameSchema.optional(),
    description: projectDescriptionSchema.optional(),
    identifier: projectIdentifierSchema.optional(),
    trackers: trackersSchema.optional(),
  })
  .register(requestSchemas, { id: "ProjectUpdate" });
export type ProjectUpdate = z.output<typeof projectUpdateSchema>;

export const projectListQuerySchema = listQuerySchema(updatedSinceField);
