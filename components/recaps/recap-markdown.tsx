import type { Root } from "mdast";
import type { ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { wrapTextParts } from "@/components/markdown";

const markdownClassName = [
  "space-y-3 text-pretty break-words",
  "[&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight",
  "[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:tracking-tight",
  "[&_h4]:mt-4 [&_h4]:font-semibold",
  "[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5",
  "[&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-300",
  "[&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm dark:[&_code]:bg-zinc-800",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-zinc-100 [&_pre]:p-3 dark:[&_pre]:bg-zinc-900",
].join(" ");

/**
 * The page's h1 names the recap: the title the recap's markdown starts with (e.g. "# Recap
 * 2026-11-16 – 2026-11-22", lib/recaps/summary-recap.ts) would say it again, so it is left out
 * here (the copied and downloaded markdown keep it).
 */
function withoutTitle() {
  return (tree: Root) => {
    const [first] = tree.children;
    if (first?.type === "heading" && first.depth === 1) tree.children.shift();
  };
}

/** The page has its own h1: the recap's other headings sit one level below it. */
const headingsBelowPage = { h1: "h2", h2: "h3", h3: "h4", h4: "h5", h5: "h6" } as const;

/**
 * For a shared recap (app/r/[token]/page.tsx): its citations, links to the owner's entries and
 * commits, and any other link or image, as their text only.
 */
const withoutLinks: Components = {
  ...headingsBelowPage,
  a: ({ children }: { children?: ReactNode }) => <span>{children}</span>,
  img: ({ alt }: { alt?: string }) => alt || null,
};

/** Splits a text around its ISO dates (YYYY-MM-DD), the parts that match. */
function isoDateParts(text: string) {
  return text.split(/(\d{4}-\d{2}-\d{2})/).flatMap((part, index) => (part ? [{ text: part, match: index % 2 === 1 }] : []));
}

/** A narrow screen never breaks a date across lines. */
const unbrokenDates = wrapTextParts(isoDateParts, "span", "whitespace-nowrap");

/** Markdown as HTML elements; raw HTML in it is not rendered (react-markdown's default). `plainLinks`: no link or image, only their text. */
export function RecapMarkdown({ children, plainLinks = false }: { children: string; plainLinks?: boolean }) {
  return (
    <div className={markdownClassName}>
      <Markdown remarkPlugins={[remarkGfm, withoutTitle]} rehypePlugins={[unbrokenDates]} components={plainLinks ? withoutLinks : headingsBelowPage}>
        {children}
      </Markdown>
    </div>
  );
}
