import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";

const unescape = (html: string) =>
  html.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/** Markdown as the web app renders recaps (react-markdown with GFM): what a reader sees as links and code. */
export function renderedMarkdown(markdown: string): { html: string; text: string; links: { href: string; text: string }[]; codes: string[] } {
  const html = renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkGfm] }, markdown));
  const links = [...html.matchAll(/<a href="([^"]*)">([\s\S]*?)<\/a>/g)].map(([, href, text]) => ({ href: unescape(href!), text: unescape(text!) }));
  const codes = [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map(([, code]) => unescape(code!));
  const text = unescape(html.replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
  return { html, text, links, codes };
}
