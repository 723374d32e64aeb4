import type { z } from "zod";
import { exampleCreatedAt, exampleUpdatedAt, pageMetaExample } from "@/lib/openapi/examples";
import type { projectResponseSchema } from "./responses";

const id = "01936f20-1b2c-7d3e-8f4a-5b6c7d8e9f01";

export const projectExample = {
  id,
  url: `/api/v1/projects/${id}`,
  name: "Website Project",
  description: "The public site",
  identifier: "WP",
  trackers: [{ prefix: "PAY", url_template: "https://linear.app/acme/issue/{key}" }],
  inserted_at: exampleCreatedAt,
  updated_at: exampleUpdatedAt,
} satisfies z.infer<typeof projectResponseSchema>;

export const projectListExample = { projects: [projectExample], meta: pageMetaExample(id) };
