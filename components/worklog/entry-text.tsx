"use client";

import { createContext, lazy, Suspense, useContext, type ComponentType, type ReactNode } from "react";
import { firstBlock } from "@/lib/formatting/markdown-blocks";

// The markdown parser is loaded when a text the server did not render is first shown (another
// page of entries, an edited entry, a row shown whole, the composer's preview): the worklog's first
// screen is rendered on the server and needs none of it.
// Offline, its code may not be there to fetch: the text is then shown as written, without failing the page.
type MarkdownText = ComponentType<{ children: string; highlight?: string }>;
type MarkdownModule = { Markdown: MarkdownText; MarkdownLineText: MarkdownText };
const asWritten: MarkdownModule = {
  Markdown: ({ children }) => <div className="whitespace-pre-wrap">{children}</div>,
  MarkdownLineText: ({ children }) => firstBlock(children),
};
const markdown = (): Promise<MarkdownModule> => import("@/components/markdown").catch(() => asWritten);
const Markdown = lazy(() => markdown().then((module) => ({ default: module.Markdown })));
const MarkdownLineText = lazy(() => markdown().then((module) => ({ default: module.MarkdownLineText })));

/** An entry's text as the server rendered it, for the search it was rendered with: its line, and all of it for the linked entry. */
export type RenderedText = { content: string; line: ReactNode; whole?: ReactNode };
export type RenderedTexts = { highlight: string; byEntry: Record<string, RenderedText> };

const RenderedTextsContext = createContext<RenderedTexts | undefined>(undefined);

export const RenderedTextsProvider = RenderedTextsContext.Provider;

/** Markdown rendered in the browser; its first block's text while the parser loads. */
export function ClientMarkdown({ children, highlight }: { children: string; highlight?: string }) {
  return (
    <Suspense fallback={firstBlock(children)}>
      <Markdown highlight={highlight}>{children}</Markdown>
    </Suspense>
  );
}

/**
 * An entry's text in the worklog, whole or its one line (the inside of a `<p>` of
 * markdownLineClassName): the server's rendering while the entry and the search are those it
 * rendered, else the browser's.
 */
export function EntryText({ content, entryId, highlight, whole }: { content: string; entryId: string; highlight?: string; whole: boolean }) {
  const rendered = useContext(RenderedTextsContext);
  const server = rendered && rendered.highlight === (highlight ?? "") ? rendered.byEntry[entryId] : undefined;
  const serverText = server?.content === content ? (whole ? server.whole : server.line) : undefined;
  if (serverText) return serverText;
  if (whole) return <ClientMarkdown highlight={highlight}>{content}</ClientMarkdown>;
  return (
    <Suspense fallback={firstBlock(content)}>
      <MarkdownLineText highlight={highlight}>{content}</MarkdownLineText>
    </Suspense>
  );
}
