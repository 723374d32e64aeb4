import { AppError } from "@/lib/errors";

export const MAX_BODY_BYTES = 1024 * 1024;

export const payloadTooLarge = () => new AppError("payload_too_large", "Request body too large");

/** The client closed the connection (or broke HTTP framing) before sending the whole body. */
async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    return await reader.read();
  } catch {
    throw AppError.invalidRequest("Request body was not received completely");
  }
}

/** The body as text, refusing more than 1 MiB without reading it all. */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > MAX_BODY_BYTES) throw payloadTooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await readChunk(reader);
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw payloadTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw AppError.invalidRequest("Request body is not valid JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw AppError.invalidRequest("Request body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

/** A JSON object body; an empty body reads as {}. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBodyText(request));
}

/** A form-encoded body when the request says so (as OAuth clients often send), else a JSON object. */
export async function readFormOrJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await readBodyText(request);
  const contentType = request.headers.get("content-type") ?? "";
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) return Object.fromEntries(new URLSearchParams(text));
  return parseJsonObject(text);
}
