import { calendarDay } from "@/lib/time";
import { builtInRecapPieces } from "./built-in";
import { checkedCitations, citableSources, entryHref } from "./citations";
import { formatDuration } from "@/lib/formatting/time-words";
import { headline, periodOf, type RecapGenerator, type RecapInput } from "./generator";
import { teamStandup, wroteNothing } from "./team-standup-recap";
import type { RecapTemplate } from "./templates";

export type LlmSettings = { url: string; apiKey?: string; model: string };

const baseInstructions =
  "You write short, friendly work recaps in markdown for the person who did the work. " +
  "Use only the facts given; keep the headline numbers. Say each thing once: merge repeated entries into one statement. " +
  "Cite every statement with markdown links to its sources, as the draft does: an entry as [its date](/?entry=<entry id>), " +
  "a commit that has a url as [its short sha](<its url>); a commit without a url is cited through its entry. " +
  "Cite only the sources listed, with their exact ids and urls.";

/** What each template asks of the model (lib/recaps/templates.ts names them). */
const templateInstructions: Record<RecapTemplate, string> = {
  summary: "Template summary: the headline, then a section per project with its highlights, the tags, and a day-by-day outline.",
  standup:
    "Template standup: three sections, ## Yesterday, ## Today and ## Blockers, in the entries' own words. Today is the last day of the period, " +
    'yesterday the latest earlier day with entries; blockers are the entries tagged blocked or blocker or saying "blocked by".',
  weekly: "Template weekly: a section per project with its tracked time, its commits and its highlights, the work that took longest first.",
  brag:
    "Template brag: the outcomes worth telling in a performance review (entries with links, merged pull requests, tags such as shipped or release), " +
    "newest first, each with its links; no routine work.",
  team_standup:
    "Template team_standup: a ## section per member, in the order given, each with **Yesterday**, **Today** and **Blockers** in the member's entries' own words, " +
    "each statement citing only that member's entries; a member who wrote nothing gets one line saying so. " +
    "End with one line naming the members who wrote nothing since the last working day, as the draft does.",
};

/** A team standup's member sections as facts: each member's entry ids per part, one JSON object a line. */
function memberSections(input: RecapInput): string {
  const { since, today, sections } = teamStandup(input);
  const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);
  const lines = sections.map((section) =>
    JSON.stringify({
      member: section.name,
      yesterday: ids(section.yesterday),
      today: ids(section.today),
      blockers: ids(section.blockers),
      wrote_nothing: wroteNothing(section),
    }),
  );
  return `Members (yesterday is ${since} up to ${today}, today is ${today}), one JSON object a line:\n${lines.join("\n")}`;
}

/** The facts of the prompt: the period, the figures, every source with its id, and the built-in recap as a draft. */
function facts(input: RecapInput): string {
  const entries = input.entries.map((entry) => ({
    type: "entry",
    id: entry.id,
    cite: entryHref(entry.id),
    date: calendarDay(entry.recordedAt, input.timeZone),
    author: entry.author.name,
    project: entry.project?.name ?? null,
    tags: entry.tags,
    tracked: entry.durationSeconds ? formatDuration(entry.durationSeconds) : null,
    text: entry.content,
  }));
  const commits = input.entries.flatMap((entry) =>
    entry.commits.map((commit) => ({ type: "commit", id: commit.id, sha: commit.sha, message: commit.message, url: commit.url, entry_id: entry.id })),
  );
  return [
    `Period: ${periodOf(input)} (${input.timeZone})`,
    `Figures: ${headline(input)}`,
    `Sources, one JSON object a line:\n${[...entries, ...commits].map((source) => JSON.stringify(source)).join("\n")}`,
    ...(input.template === "team_standup" ? [memberSections(input)] : []),
    `Draft:\n${[...builtInRecapPieces(input)].join("")}`,
  ].join("\n\n");
}

/** The `data:` payloads of a server-sent event stream, as they arrive. */
async function* eventData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = "";
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffer += decoder.decode(read.value, { stream: true });
    const lines = buffer.split(/\r?\n/);
    buffer = lines.pop()!;
    for (const line of lines) if (line.startsWith("data:")) yield line.slice(5).trim();
  }
}

/**
 * An OpenAI-compatible chat-completions endpoint (RECAP_LLM_URL, the base URL up to `/v1`),
 * streamed: every content token becomes a delta, once any link in it is complete. A citation
 * of an entry that is not among the sources loses its link (its text stays).
 */
export function llmGenerator(settings: LlmSettings): RecapGenerator {
  return async function* (input, signal) {
    const response = await fetch(`${settings.url.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      signal,
      headers: { "content-type": "application/json", ...(settings.apiKey && { authorization: `Bearer ${settings.apiKey}` }) },
      body: JSON.stringify({
        model: settings.model,
        stream: true,
        messages: [
          { role: "system", content: `${baseInstructions}\n\n${templateInstructions[input.template]}` },
          { role: "user", content: facts(input) },
        ],
      }),
    });
    if (!response.ok || !response.body) throw new Error(`The language model answered ${response.status} ${response.statusText}`.trim());
    yield* checkedCitations(contentTokens(response.body), citableSources(input.entries));
  };
}

async function* contentTokens(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  for await (const data of eventData(body)) {
    if (data === "[DONE]") return;
    const parsed = JSON.parse(data) as { choices?: { delta?: { content?: string | null } }[] };
    const delta = parsed.choices?.[0]?.delta?.content;
    if (delta) yield delta;
  }
  throw new Error("The language model's stream ended before [DONE]");
}
