import type { RecapGenerator } from "./generator";
import { builtInRecapPieces } from "./generator";

export type LlmSettings = { url: string; apiKey?: string; model: string };

const instructions =
  "You write short, friendly work recaps in markdown for the person who did the work. " +
  "Use only the facts given; keep the headline numbers; group by project; end with a day-by-day outline.";

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
 * streamed: every content token becomes a delta. The facts it is given are the built-in recap.
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
          { role: "system", content: instructions },
          { role: "user", content: [...builtInRecapPieces(input)].join("") },
        ],
      }),
    });
    if (!response.ok || !response.body) throw new Error(`The language model answered ${response.status} ${response.statusText}`.trim());
    for await (const data of eventData(response.body)) {
      if (data === "[DONE]") return;
      const parsed = JSON.parse(data) as { choices?: { delta?: { content?: string | null } }[] };
      const delta = parsed.choices?.[0]?.delta?.content;
      if (delta) yield delta;
    }
    throw new Error("The language model's stream ended before [DONE]");
  };
}
