import type { OpenApiDocument } from "./types";
import { fieldRows, requestBodyMedia, type DocumentedOperation } from "./reading";

/** What the reference's search finds an endpoint by: its method, path, summary and tags, and the names of its parameters and request fields. */
export function endpointSearchText(document: OpenApiDocument, { method, path, operation }: DocumentedOperation): string {
  const body = requestBodyMedia(operation);
  return [
    method,
    path,
    operation.summary,
    ...operation.tags,
    ...(operation.parameters ?? []).map((parameter) => parameter.name),
    ...(body ? fieldRows(document, body.schema).map((row) => row.name) : []),
  ]
    .join(" ")
    .toLowerCase();
}

/** Whether a search text holds every word of a query, in any order and case. */
export function matchesSearch(searchText: string, query: string): boolean {
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((word) => searchText.includes(word));
}
