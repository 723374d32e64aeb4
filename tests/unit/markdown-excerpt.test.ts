import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { describe, expect, it } from "vitest";
import { firstBlock } from "@/lib/formatting/markdown-blocks";
import { markdownExcerpt } from "@/lib/formatting/markdown-excerpt";

/** The excerpt as the browser shows it in one line: its text, whitespace collapsed. */
const excerpt = (markdown: string) => markdownExcerpt(markdown).replace(/\s+/g, " ").trim();

/** What the web app's react-markdown shows of the first block with every element given way to its content, as text. */
function reactMarkdownText(markdown: string): string {
  const html = renderToStaticMarkup(
    createElement(ReactMarkdown, { remarkPlugins: [remarkGfm], allowedElements: [], unwrapDisallowed: true }, firstBlock(markdown)),
  );
  expect(html).not.toMatch(/<[a-z]/i);
  return html.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
}

const samples = [
  "**Fixed** the _login_ ~~bug~~ in `auth.ts`, see [the issue](https://example.com/1)\n\nMore details.",
  "# Shipped\nthe landing page\n\n- and more",
  "> quoted *emphasis*",
  "- [ ] a task\n- [x] done <https://example.com>",
  "2 * 3 * 4 in snake_case_name, a \\*literal\\* star",
  '<img src=x onerror="alert(1)"> & <script>alert(1)</script> <!-- a comment -->',
  "\n\n   \nFirst words\n\nSecond paragraph",
  "```ts\nconst answer = 42;\n\nmore code\n```",
  "| a | b |\n| - | - |\n| 1 | 2 |",
  "![a screenshot](shot.png) and a footnote[^1]\nline  \nbreak",
];

describe("markdownExcerpt", () => {
  it("shows the first block's text without its markup", () => {
    expect(excerpt(samples[0]!)).toBe("Fixed the login bug in auth.ts, see the issue");
    expect(excerpt(samples[1]!)).toBe("Shipped the landing page");
    expect(excerpt(samples[2]!)).toBe("quoted emphasis");
    expect(excerpt(samples[3]!)).toBe("a task done https://example.com");
  });

  it("keeps what only looks like markup as it is", () => {
    expect(excerpt(samples[4]!)).toBe("2 * 3 * 4 in snake_case_name, a *literal* star");
  });

  it("shows raw HTML as the text it is, rendering none of it", () => {
    expect(excerpt('<img src=x onerror="alert(1)"> & <script>alert(1)</script>')).toBe('<img src=x onerror="alert(1)"> & <script>alert(1)</script>');
  });

  it("starts at the first text, past blank lines, and shows code as code's text", () => {
    expect(excerpt(samples[6]!)).toBe("First words");
    expect(excerpt(samples[7]!)).toBe("const answer = 42;");
  });

  it("is the text the web app's markdown component shows with every element unwrapped", () => {
    for (const markdown of samples) expect(markdownExcerpt(markdown), markdown).toBe(reactMarkdownText(markdown));
  });
});
