import type { Nodes } from "hast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { firstBlock } from "./markdown-blocks";

/** The pipeline of components/markdown.tsx's react-markdown: GitHub's extensions, raw HTML kept as nodes of its text. */
const toHtmlTree = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true });

/** The text an HTML tree shows with every element given way to its content: its text, and raw HTML as written. */
function shownText(node: Nodes): string {
  if (node.type === "text" || node.type === "raw") return node.value;
  return "children" in node ? node.children.map(shownText).join("") : "";
}

/**
 * The start of an entry as a one-line label shows it: the text of its first block, its markup read
 * by the same parser as the web app's markdown and left out. Made on the server (the running
 * timer's label, a commit's entries), so that no page's first scripts carry the parser for it.
 */
export function markdownExcerpt(markdown: string): string {
  const tree = toHtmlTree.runSync(toHtmlTree.parse(firstBlock(markdown)));
  return shownText(tree);
}
