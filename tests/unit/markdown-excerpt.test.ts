import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownExcerpt } from "@/components/markdown";

/** The excerpt as the browser shows it in one line: its text, whitespace collapsed. */
function excerpt(markdown: string): string {
  const html = renderToStaticMarkup(createElement(MarkdownExcerpt, null, markdown));
  expect(html).not.toMatch(/<[a-z]/i);
  const text = html.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
  return text.replace(/\s+/g, " ").trim();
}

describe("MarkdownExcerpt", () => {
  it("shows the first block's text without its markup", () => {
    expect(excerpt("**Fixed** the _login_ ~~bug~~ in `auth.ts`, see [the issue](https://example.com/1)\n\nMore details.")).toBe(
      "Fixed the login bug in auth.ts, see the issue",
    );
    expect(excerpt("# Shipped\nthe landing page\n\n- and more")).toBe("Shipped the landing page");
    expect(excerpt("> quoted *emphasis*")).toBe("quoted emphasis");
    expect(excerpt("- [ ] a task\n- [x] done <https://example.com>")).toBe("a task done https://example.com");
  });

  it("keeps what only looks like markup as it is", () => {
    expect(excerpt("2 * 3 * 4 in snake_case_name, a \\*literal\\* star")).toBe("2 * 3 * 4 in snake_case_name, a *literal* star");
  });

  it("shows raw HTML as the text it is, rendering none of it", () => {
    expect(excerpt('<img src=x onerror="alert(1)"> & <script>alert(1)</script>')).toBe('<img src=x onerror="alert(1)"> & <script>alert(1)</script>');
  });

  it("starts at the first text, past blank lines, and shows code as code's text", () => {
    expect(excerpt("\n\n   \nFirst words\n\nSecond paragraph")).toBe("First words");
    expect(excerpt("```ts\nconst answer = 42;\n\nmore code\n```")).toBe("const answer = 42;");
  });
});
