import { AppError } from "@/lib/errors";
import { API_KEY_PREFIX } from "./api-keys";

/** The credential a request presents in its Authorization header (docs/api.md, "Authentication"). */
export type PresentedCredential = { kind: "api_key"; key: string } | { kind: "oauth_token"; token: string };

export const authenticationMessages = {
  missingKey: "Missing API key. Please provide a valid API key as a Basic token.",
  unsupportedScheme: "Unsupported authentication scheme. Only Basic is supported.",
  badFormat: "Invalid authorization header format.",
  invalidKey: "Invalid API key. Ensure your API key is properly encoded and valid.",
  missingToken: "Missing OAuth token.",
  invalidToken: "Invalid or expired OAuth token.",
} as const;

export function authenticationError(message: string): AppError {
  return new AppError("authentication", message, { headers: { "www-authenticate": 'Basic realm="api"' } });
}

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

function decodeBasic(encoded: string): string {
  if (!base64.test(encoded) || encoded.length % 4 === 1) throw authenticationError(authenticationMessages.badFormat);
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  if (decoded.length === 0) throw authenticationError(authenticationMessages.badFormat);
  return decoded;
}

export function parseAuthorizationHeader(header: string | null): PresentedCredential {
  if (header === null || header.trim() === "") throw authenticationError(authenticationMessages.missingKey);
  const [scheme = "", ...rest] = header.trim().split(/\s+/);
  const value = rest.join(" ");
  switch (scheme.toLowerCase()) {
    case "basic": {
      if (!value || rest.length > 1) throw authenticationError(authenticationMessages.badFormat);
      // The key is the username; the password is ignored.
      const [key = ""] = decodeBasic(value).split(":");
      return { kind: "api_key", key };
    }
    case "bearer":
      if (!value) throw authenticationError(authenticationMessages.missingToken);
      // An API key may come as Bearer too (MCP clients send only that): its prefix tells it from an OAuth token's `wlo_`.
      return value.startsWith(API_KEY_PREFIX) ? { kind: "api_key", key: value } : { kind: "oauth_token", token: value };
    default:
      throw authenticationError(authenticationMessages.unsupportedScheme);
  }
}
