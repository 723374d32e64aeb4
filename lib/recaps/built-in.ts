import { bragRecap } from "./brag-recap";
import type { RecapGenerator, RecapInput } from "./generator";
import { standupRecap } from "./standup-recap";
import { summaryRecap } from "./summary-recap";
import { teamStandupRecap } from "./team-standup-recap";
import type { RecapTemplate } from "./templates";
import { weeklyRecap } from "./weekly-recap";

const templates: Record<RecapTemplate, (input: RecapInput) => Generator<string>> = {
  summary: summaryRecap,
  standup: standupRecap,
  weekly: weeklyRecap,
  brag: bragRecap,
  team_standup: teamStandupRecap,
};

/** The built-in recap of the input's template, deterministic and offline: the same input always gives the same text. */
export function builtInRecapPieces(input: RecapInput): Generator<string> {
  return templates[input.template](input);
}

export const builtInGenerator: RecapGenerator = async function* (input) {
  yield* builtInRecapPieces(input);
};
