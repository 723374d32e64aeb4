import { inlineSpans } from "./inline-markdown";

/**
 * A recap's markdown as it leaves the web app (copied, downloaded): every link to a path of the
 * app (`](/?entry=…)`, lib/recaps/citations.ts) made absolute on `origin` (lib/public-origin.ts),
 * so that it still leads somewhere from a chat or a document. Other links, and code, as they are.
 */
export function withAbsoluteLinks(markdown: string, origin: string): string {
  let result = "";
  let from = 0;
  for (const span of inlineSpans(markdown)) {
    const target = span.target;
    if (span.kind !== "link" || span.text === undefined || !target?.startsWith("/") || target.startsWith("//")) continue;
    // linkAt (inline-markdown.ts): `[` or `![`, the text, `](`, then the destination.
    const opening = span.start + (markdown[span.start] === "!" ? 1 : 0) + span.text.length + 3;
    const at = markdown.indexOf(target, opening);
    result += markdown.slice(from, at) + origin;
    from = at;
  }
  return result + markdown.slice(from);
}
