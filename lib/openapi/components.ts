import { z } from "zod";

/**
 * The names of the schemas in the API reference's `components.schemas`, given where each schema
 * is defined: `z.object({…}).register(responseSchemas, { id: "Project" })`. Operations refer to
 * schemas, and schemas to each other, by these names. Request bodies are documented as the
 * routes read them (zod's input), everything else as the routes write it (zod's output).
 */
export const requestSchemas = z.registry<{ id: string }>();
export const responseSchemas = z.registry<{ id: string }>();
