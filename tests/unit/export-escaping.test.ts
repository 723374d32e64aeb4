import { describe, expect, it } from "vitest";
import { csvCell, markdownInline, markdownQuote } from "@/lib/data/export-escaping";
import { importedProjectSchema, importedRepositorySchema } from "@/lib/data/import-schemas";
import { projectCreateSchema } from "@/lib/projects/schemas";
import { repositoryCreateSchema } from "@/lib/repositories/schemas";
import { renderedMarkdown } from "../support/rendered-markdown";

describe("csvCell", () => {
  it.each(["=1+1", '=HYPERLINK("http://evil.test","x")', "+1", "-1", "@SUM(A1)", "\tTab", "\rReturn", "'=quoted", "''@twice"])(
    "prefixes %j with a single quote",
    (value) => {
      expect(csvCell(value)).toBe(`'${value}`);
    },
  );

  it.each(["", "plain", " =spaced", "a=b", "'quoted", "1-2", "\nnew line first", "ＡＢＣ", "🧪"])("keeps %j as it is", (value) => {
    expect(csvCell(value)).toBe(value);
  });

  it("keeps numbers as numbers", () => {
    expect(csvCell(5400)).toBe(5400);
    expect(csvCell(-1)).toBe(-1);
  });

  it("can be undone by removing the first quote of a cell that starts with quotes and a formula character", () => {
    const unprefixed = (cell: string) => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
    for (const value of ["=1", "'=1", "''=1", "'", "'plain", "plain", "-"]) expect(unprefixed(csvCell(value) as string)).toBe(value);
  });
});

describe("markdownInline", () => {
  it("keeps a name on one line, whatever breaks it", () => {
    expect(markdownInline("Line\n## 1999-01-01 (Friday)\n### 00:00\nFORGED")).toBe("Line \\#\\# 1999-01-01 (Friday) \\#\\#\\# 00:00 FORGED");
    for (const separator of ["\r\n", "\r", "\t", "\u000b", "\u0085", "\u2028", "\u2029", "\u0000", "\u007f", "\u001b[31m"]) {
      expect(markdownInline(`a${separator}b`), JSON.stringify(separator)).toMatch(/^a \S*b$/);
    }
    expect(markdownInline("\n  Padded\n")).toBe("Padded");
  });

  it("shows markdown's inline syntax as the characters they are", () => {
    const name = "*bold* _it_ `code` [link](http://evil.test) <b>html</b> &amp; ~~gone~~ back\\slash #";
    const escaped = markdownInline(name);
    expect(escaped).toBe("\\*bold\\* \\_it\\_ \\`code\\` \\[link\\](http://evil.test) \\<b>html\\</b> \\&amp; \\~\\~gone\\~\\~ back\\\\slash \\#");
    expect(renderedMarkdown(`- Project: ${escaped}`).text).toBe(`Project: ${name}`);
  });

  it("leaves ordinary names alone", () => {
    expect(markdownInline('Website, "new" (WEB) 🧪 — ünïcödé 1.0-beta!')).toBe('Website, "new" (WEB) 🧪 — ünïcödé 1.0-beta!');
  });
});

describe("markdownQuote", () => {
  it("quotes every line, whatever ends it, and keeps blank lines inside the quote", () => {
    expect(markdownQuote("one\ntwo\r\nthree\rfour\u2028five\u0085six\n\nseven")).toBe("> one\n> two\n> three\n> four\n> five\n> six\n>\n> seven");
  });

  it("keeps the content's own headings, lists and code inside the quote", () => {
    const content = "## 1999-01-01 (Friday)\n### 00:00\nFORGED\n===\n- item\n```\nunclosed fence";
    const quoted = markdownQuote(content);
    expect(quoted).not.toMatch(/^[^>]/m);
    const { html } = renderedMarkdown(`${quoted}\n\n## After`);
    expect(html).toMatch(/^<blockquote>[\s\S]*<\/blockquote>\n<h2>After<\/h2>$/);
    expect(html).toContain("<h2>1999-01-01 (Friday)</h2>");
    expect(html).toContain("<code>unclosed fence\n</code>");
  });
});

describe("names of projects and repositories", () => {
  const refusals = (name: string) => [projectCreateSchema.safeParse({ name }).success, repositoryCreateSchema.safeParse({ name }).success];

  it("refuse control characters and line separators inside them", () => {
    for (const character of ["\n", "\r", "\t", "\u0001", "\u001f", "\u007f", "\u0080", "\u0085", "\u009f", "\u2028", "\u2029"]) {
      expect(refusals(`a${character}b`), JSON.stringify(character)).toEqual([false, false]);
    }
  });

  it("are refused in an import too, which reads them by the same rule", () => {
    const id = "01950000-0000-7000-8000-000000000000";
    expect(importedProjectSchema.safeParse({ id, name: "Line\n## 1999-01-01 (Friday)", identifier: "LF" }).error?.issues.map((issue) => issue.path)).toEqual([
      ["name"],
    ]);
    expect(importedRepositorySchema.safeParse({ id, name: "a\tb" }).error?.issues.map((issue) => issue.path)).toEqual([["name"]]);
  });

  it("take anything else, formulas included, trimmed", () => {
    for (const name of ['=HYPERLINK("http://evil.test","x")', "@home", "-1", "Ünïcödé 😀", "a\u00a0b", "a\u200bb"])
      expect(refusals(name)).toEqual([true, true]);
    expect(projectCreateSchema.parse({ name: "\n\tPadded \r\n" }).name).toBe("Padded");
  });
});
