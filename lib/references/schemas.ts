import { z } from "zod";
import { responseSchemas } from "@/lib/openapi/components";

/** An https URL holding `{key}`, a URL still once the key is put in. */
function isUrlTemplate(template: string): boolean {
  if (!template.includes("{key}") || !URL.canParse(template.replaceAll("{key}", "KEY-1"))) return false;
  const url = new URL(template.replaceAll("{key}", "KEY-1"));
  return url.protocol === "https:" && url.hostname !== "";
}

/** The most trackers one project names. */
export const maxTrackers = 20;

/** A tracker's key prefix: 1–10 upper-case letters and digits, starting with a letter (`PAY`, `OPS2`). */
export const trackerPrefixPattern = /^[A-Z][A-Z0-9]{0,9}$/;

export const trackerSchema = z
  .object({
    prefix: z
      .string()
      .regex(trackerPrefixPattern, { error: "1–10 upper-case letters and digits, starting with a letter" })
      .meta({ description: "Keys written `PREFIX-123` (any case in text; stored upper-case). Unique in the workspace." }),
    url_template: z
      .string()
      .max(500)
      .refine(isUrlTemplate, { error: "An https URL holding {key}" })
      .meta({ description: "The issue's page, `{key}` standing for the key: `https://linear.app/acme/issue/{key}`." }),
  })
  .register(responseSchemas, { id: "Tracker" });
export type Tracker = z.output<typeof trackerSchema>;

export const trackersSchema = z
  .array(trackerSchema)
  .max(maxTrackers)
  .meta({ description: `The issue trackers whose keys entries of the project refer to, up to ${maxTrackers}.` });

export const referenceProviders = ["github", "gitlab", "tracker"] as const;
export type ReferenceProvider = (typeof referenceProviders)[number];

export const referenceSchema = z
  .object({
    key: z.string().meta({ description: "`PAY-142` (a tracker's, upper-case), or `owner/repo#311` (GitHub, GitLab)." }),
    url: z.string().meta({ description: "The issue's page." }),
    provider: z.enum(referenceProviders),
  })
  .register(responseSchemas, { id: "Reference" });
export type Reference = z.output<typeof referenceSchema>;

export const referencesSchema = z
  .array(referenceSchema)
  .meta({ description: "The issues the entry's text, its commits' messages and branch names refer to. Read-only." });
