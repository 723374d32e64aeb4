import { AppError } from "@/lib/errors";

// Conditional writes (docs/api.md, "Conditional writes"): a write of one resource with `If-Match`
// happens only while the resource is at a version the header names. A version is the resource's
// `updated_at` as its representation gives it, which the database moves on with every change.

/** The versions `If-Match` accepts: any (`*`), or those named; undefined when the request has no If-Match. */
export type VersionCondition = { any: true } | { any: false; updatedAt: Date[] };

const quotedTimestamp = /^"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)"$/;

/**
 * The request's `If-Match`. Tags are compared strongly (RFC 9110): a weak tag (`W/"…"`) or one
 * that is no quoted `updated_at` names no version, so a header of only such tags matches none.
 */
export function versionConditionOf(request: Request): VersionCondition | undefined {
  const header = request.headers.get("if-match");
  if (header === null) return undefined;
  const tags = header.split(",").map((tag) => tag.trim());
  if (tags.includes("*")) return { any: true };
  const updatedAt = tags.flatMap((tag) => {
    const timestamp = quotedTimestamp.exec(tag)?.[1];
    const date = timestamp === undefined ? undefined : new Date(timestamp);
    return date && !Number.isNaN(date.getTime()) ? [date] : [];
  });
  return { any: false, updatedAt };
}

/** The tag of a version: what `If-Match` sends back. */
export const versionTag = (updatedAt: string) => `"${updatedAt}"`;

export const changedSinceRead = () =>
  new AppError("precondition_failed", "This has changed since it was read: read it again, then send your change with its new updated_at in If-Match.");
