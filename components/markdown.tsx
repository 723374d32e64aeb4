import type { Element, ElementContent, Root, RootContent } from "hast";
import ReactMarkdown, { type Components } from "react-markdown";
import { memo, type ReactNode } from "react";
import remarkGfm from "remark-gfm";
import { firstBlock } from "@/lib/formatting/markdown-blocks";
import { inlineClassName, matchClassName } from "./markdown-classes";
import { highlightParts } from "@/lib/worklog/search-text";

const proseClassName = [
  "space-y-2 text-sm leading-relaxed wrap-anywhere text-zinc-800 dark:text-zinc-200",
  inlineClassName,
  "[&_h3]:text-lg [&_h3]:font-semibold [&_h4]:text-base [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold",
  "[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5",
  // A task list's items carry their own checkbox (remark-gfm's classes): no bullet beside it.
  "[&_.contains-task-list]:list-none [&_.contains-task-list]:pl-0 [&_.task-list-item_input]:mr-2 [&_.task-list-item_input]:align-middle",
  // Inline code's padding and background stay out of code blocks, whose first line would be pushed in.
  "[&_pre]:overflow-x-auto [&_pre]:wrap-normal [&_pre]:rounded-md [&_pre]:outline-offset-2 [&_pre:focus-visible]:outline-2 [&_pre:focus-visible]:outline-brand-500 [&_pre]:bg-zinc-100 [&_pre]:p-3 dark:[&_pre]:bg-zinc-800 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-zinc-300 [&_blockquote]:pl-3 dark:[&_blockquote]:border-zinc-700",
  "[&_table]:block [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:outline-offset-2 [&_table:focus-visible]:outline-2 [&_table:focus-visible]:outline-brand-500",
  "[&_td]:border [&_td]:border-zinc-200 [&_td]:px-2 [&_td]:py-1 dark:[&_td]:border-zinc-700",
  "[&_th]:border [&_th]:border-zinc-200 [&_th]:bg-zinc-50 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_th]:font-semibold dark:[&_th]:border-zinc-700 dark:[&_th]:bg-zinc-800/50",
].join(" ");

/** A markdown heading rendered a level lower. */
function shifted(Tag: "h3" | "h4" | "h5" | "h6") {
  return function Heading({ children }: { children?: ReactNode }) {
    return <Tag>{children}</Tag>;
  };
}

/** A wide table scrolls sideways on a phone: it takes the focus, so that a keyboard can scroll it too. */
function ScrollableTable({ children }: { children?: ReactNode }) {
  return <table tabIndex={0}>{children}</table>;
}

/** A code block keeps its lines and scrolls sideways: it takes the focus, so that a keyboard can scroll it too. */
function ScrollableCode({ children }: { children?: ReactNode }) {
  return (
    <pre tabIndex={0} role="region" aria-label="Code">
      {children}
    </pre>
  );
}

/** An entry sits under the page's h1 and a section's h2, so its own headings start at h3; tables and code blocks can scroll. */
const headings: Components = {
  h1: shifted("h3"),
  h2: shifted("h4"),
  h3: shifted("h5"),
  h4: shifted("h6"),
  h5: shifted("h6"),
  table: ScrollableTable,
  pre: ScrollableCode,
};

export type TextPart = { text: string; match: boolean };

/** A rehype plugin wrapping the parts of the rendered text that `split` says match in a `tagName` element of `className`. */
export function wrapTextParts(split: (text: string) => TextPart[], tagName: string, className: string) {
  const wrapped = (children: ElementContent[]): ElementContent[] =>
    children.flatMap((child) => {
      if (child.type === "element") return [{ ...child, children: wrapped(child.children) }];
      if (child.type !== "text") return [child];
      return split(child.value).map(
        ({ text, match }): ElementContent =>
          match
            ? ({ type: "element", tagName, properties: { className: className.split(" ") }, children: [{ type: "text", value: text }] } satisfies Element)
            : { type: "text", value: text },
      );
    });
  return () => (tree: Root) => {
    tree.children = tree.children.flatMap((child): RootContent[] => (child.type === "doctype" ? [child] : wrapped([child])));
  };
}

/** A rehype plugin wrapping the words of the rendered text that the search `q` found in `<mark>`. */
const markMatches = (q: string) => wrapTextParts((text) => highlightParts(text, q), "mark", matchClassName);

/**
 * Markdown with GitHub's extensions. Raw HTML is shown as the text it is, never rendered (an
 * entry keeps what its author wrote), and unsafe link URLs are dropped (react-markdown's
 * defaults). With `highlight`, the words that search finds are marked. Parsing is the costly part
 * of showing an entry, so a component is drawn again only when its text or search changes, not
 * each time its row is (a row's first render is when it measures whether its line is cut).
 */
export const Markdown = memo(function Markdown({ children, highlight }: { children: string; highlight?: string }) {
  return (
    <div className={proseClassName}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={highlight ? [markMatches(highlight)] : []} components={headings}>
        {children}
      </ReactMarkdown>
    </div>
  );
});

/** What an entry's one-line form keeps of its markup: emphasis, code, links and the search's marks. */
const inlineElements = ["strong", "em", "del", "code", "a", "mark"];

/**
 * The first block of an entry on one line, e.g. a row of the worklog (in a `<p>` of
 * markdownLineClassName, which cuts it with an ellipsis where the line ends): its inline markup
 * (emphasis, code, links) kept and its blocks (headings, lists, code blocks) flattened to their
 * text. With `highlight`, the words that search finds are marked.
 */
export const MarkdownLineText = memo(function MarkdownLineText({ children, highlight }: { children: string; highlight?: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={highlight ? [markMatches(highlight)] : []} allowedElements={inlineElements} unwrapDisallowed>
      {firstBlock(children)}
    </ReactMarkdown>
  );
});
