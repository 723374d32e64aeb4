import { AppError } from "@/lib/errors";

export const MAX_BODY_BYTES = 1024 * 1024;

export const payloadTooLarge = () => new AppError("payload_too_large", "Request body too large");

export const unsupportedMediaType = () => new AppError("unsupported_media_type", "Content-Type must be application/json");

/** `application/json` or a `+json` type such as `application/merge-patch+json`, parameters allowed. */
const jsonMediaType = /^(application\/json|[\w!#$&^.+-]+\/[\w!#$&^.+-]+\+json)\s*(;|$)/i;

/** Whether the request carries a body: announced by a length above 0, or sent in chunks. */
function hasBody(request: Request): boolean {
  return Number(request.headers.get("content-length")) > 0 || request.headers.has("transfer-encoding");
}

/**
 * A body must be JSON by its type, so that a form on another site (which can send only
 * form, multipart or text/plain bodies without asking) never reaches the API. Checked before
 * anything else, authentication included; a request without a body needs no type.
 */
export function requireJsonContentType(request: Request): void {
  if (hasBody(request) && !jsonMediaType.test(request.headers.get("content-type") ?? "")) throw unsupportedMediaType();
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Bytes as text, refusing invalid UTF-8 rather than replacing it with U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw AppError.invalidRequest("Request body is not valid UTF-8");
  }
}

/** The client closed the connection (or broke HTTP framing) before sending the whole body. */
async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    return await reader.read();
  } catch {
    throw AppError.invalidRequest("Request body was not received completely");
  }
}

/** The body's bytes, refusing more than `maxBytes` (1 MiB) without reading it all. */
export async function readBodyBytes(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > maxBytes) throw payloadTooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await readChunk(reader);
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw payloadTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as text, refusing more than `maxBytes` (1 MiB) without reading it all, and invalid UTF-8. */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  return decodeUtf8(await readBodyBytes(request, maxBytes));
}

export function parseJsonObject(text: string): Record<string, unknown> {
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

/** A JSON object body of at most `maxBytes`; an empty body reads as {}. */
export async function readJsonObject(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBodyText(request, maxBytes));
}

/** The same, from a body already read (to fingerprint its bytes first). */
export function jsonObjectOf(bytes: Uint8Array): Record<string, unknown> {
  return parseJsonObject(decodeUtf8(bytes));
}

/** One name or value of a form body: `+` is a space, `%XX` a byte, and the bytes must be UTF-8. */
function decodeFormComponent(component: string): string {
  const bytes = Buffer.from(component.replaceAll("+", " "));
  const decoded: number[] = [];
  for (let index = 0; index < bytes.length; index++) {
    const escape = bytes.subarray(index + 1, index + 3).toString("latin1");
    if (bytes[index] === 0x25 && /^[0-9a-f]{2}$/i.test(escape)) {
      decoded.push(Number.parseInt(escape, 16));
      index += 2;
    } else {
      decoded.push(bytes[index]!);
    }
  }
  return decodeUtf8(Uint8Array.from(decoded));
}

/**
 * A form body's fields, the last of a repeated name winning. URLSearchParams would turn escapes
 * of invalid UTF-8 into U+FFFD; here they are refused like invalid bytes.
 */
function parseForm(text: string): Record<string, string> {
  const pairs = text
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const separator = pair.indexOf("=");
      const [name, value] = separator === -1 ? [pair, ""] : [pair.slice(0, separator), pair.slice(separator + 1)];
      return [decodeFormComponent(name), decodeFormComponent(value)];
    });
  return Object.fromEntries(pairs);
}

/** A form-encoded body when the request says so (as OAuth clients often send), else a JSON object. */
export async function readFormOrJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await readBodyText(request);
  const contentType = request.headers.get("content-type") ?? "";
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) return parseForm(text);
  return parseJsonObject(text);
}
