import { z } from "zod";
import { idSchema } from "@/lib/validation";
import { generateRecapNow } from "@/lib/recaps/generation";
import { recapOperations } from "@/lib/recaps/operations";
import { createRecap, getRecap } from "@/lib/recaps/recaps";
import { recapResponseSchema, toRecapResponse } from "@/lib/recaps/responses";
import { recapFiltersSchema } from "@/lib/recaps/schemas";
import { defineTool } from "./tool";

const getRecapInputSchema = z.object({ recap_id: idSchema.meta({ description: "The recap's id, from generate_recap." }) });

export const generateRecapTool = defineTool({
  name: "generate_recap",
  title: "Generate a recap",
  description:
    "Write a recap of the entries matching the filters (`from`, `to` as dates or timestamps, `project_ids`, `tags`, `exclude_tags`; without `from`, today, or for a standup the last three days) in a `template`: `summary` (default), `standup` (yesterday, today, blockers: use it for a daily standup), `weekly` (per project, with time and commits), `brag` (outcomes for a review) or `team_standup` (each member's yesterday, today and blockers, and who wrote nothing; without `from`, from the last working day). Waits until it is complete, reporting progress as it is written. Returns the recap with its markdown `content`, whose every line links to the entries and commits it comes from (`sources`). The same filters and template with no entry changed give the earlier recap at once.",
  operation: recapOperations.create,
  arguments: "body",
  input: recapFiltersSchema,
  output: recapResponseSchema,
  async run({ access, input, origin, progress, signal }) {
    const created = await createRecap(access, input);
    if (!created.cached) {
      let written = 0;
      await generateRecapNow(created.recap.id, (piece) => progress((written += piece.length), piece), signal);
    }
    const recap = toRecapResponse(await getRecap(access, created.recap.id));
    const link = `${origin}/recaps/${recap.id}`;
    if (recap.status === "failed") return { structured: recap, summary: `${recap.error} ${link}`, failed: true };
    return { structured: recap, summary: `${recap.content}\n\nRecap ${recap.id}: ${link}` };
  },
});

export const getRecapTool = defineTool({
  name: "get_recap",
  title: "Get a recap",
  description: "Read a recap by its id: its `status` (`processing`, `completed` or `failed`), and its markdown `content` once completed.",
  operation: recapOperations.get,
  arguments: "body",
  input: getRecapInputSchema,
  output: recapResponseSchema,
  async run({ access, input, origin }) {
    const recap = toRecapResponse(await getRecap(access, input.recap_id));
    const link = `${origin}/recaps/${recap.id}`;
    return {
      structured: recap,
      summary:
        recap.status === "completed"
          ? `${recap.content}\n\nRecap ${recap.id}: ${link}`
          : `Recap ${recap.id} is ${recap.status}${recap.error ? `: ${recap.error}` : ""}. ${link}`,
    };
  },
});
