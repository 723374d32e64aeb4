// A stand-in language model (RECAP_LLM_URL: an OpenAI-compatible chat-completions endpoint,
// streamed, lib/recaps/llm.ts) whose recaps stop mid-stream until the test lets them finish: how
// a test looks at a recap being written for as long as it needs, however slow the machine.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type HeldModel = {
  /** The base URL, for RECAP_LLM_URL. */
  url: string;
  /** The text of the first request to be held, once it has been sent: what is written of the recap until `release`. */
  holding: Promise<string>;
  /** Lets the requests held so far, and all later ones, write the rest of their recaps. */
  release: () => void;
  close: () => Promise<void>;
};

const DRAFT = "Draft:\n";

const token = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

/**
 * The model writes back the draft each request carries (the built-in recap: lib/recaps/llm.ts),
 * a line per token: the lines before the draft's first section (its title and headline) at once,
 * the rest once `release` has been called.
 */
export async function startHeldModel(): Promise<HeldModel> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held: (text: string) => void = () => {};
  const holding = new Promise<string>((resolve) => (held = resolve));
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const prompt = (JSON.parse(body) as { messages: { content: string }[] }).messages.at(-1)!.content;
    const lines = prompt.slice(prompt.indexOf(DRAFT) + DRAFT.length).split(/(?<=\n)/);
    const firstSection = lines.findIndex((line) => line.startsWith("## "));
    response.writeHead(200, { "content-type": "text/event-stream" });
    for (const line of lines.slice(0, firstSection)) response.write(token(line));
    held(lines.slice(0, firstSection).join(""));
    await released;
    // A server killed mid-recap has closed its request.
    if (response.destroyed) return;
    for (const line of lines.slice(firstSection)) response.write(token(line));
    response.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    holding,
    release,
    close: async () => {
      release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
