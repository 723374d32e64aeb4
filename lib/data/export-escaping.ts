// How the CSV and markdown exports write text that came from users, agents or imported files, so
// that it reads back as that text and nothing else (docs/api.md, "Export").

/**
 * A cell a spreadsheet would read as a formula (OWASP's CSV injection rule): it starts with one
 * of these, possibly after single quotes. Counting the quotes makes the prefix reversible: a
 * reader removes the first `'` of any cell that matches.
 */
const formulaStart = /^'*[=+\-@\t\r]/;

/** A CSV cell: text that could start a formula gets a leading `'`; numbers stay numbers. */
export function csvCell(value: string | number): string | number {
  return typeof value === "string" && formulaStart.test(value) ? `'${value}` : value;
}

/** Control characters, line breaks among them, and the Unicode line and paragraph separators: what may end a line for some reader. */
const lineBreaking = /[\p{Cc}\u2028\u2029]+/gu;

/** What would start markdown's inline syntax (emphasis, code, links, HTML, entities) or close an ATX heading. */
const inlineSyntax = /[\\`*_~[\]<#&]/g;

/**
 * A name or tag inside a line of the markdown export: on one line, whatever the stored text (a
 * row written before names refused control characters), and shown as the text it is.
 */
export function markdownInline(text: string): string {
  return text.replace(lineBreaking, " ").trim().replace(inlineSyntax, "\\$&");
}

/** Every line break some reader honours: CommonMark's (CR, LF, CRLF), JavaScript's and Python's `splitlines`. */
const anyLineBreak = /\r\n|[\n\v\f\r\x1c-\x1e\x85\u2028\u2029]/;

/**
 * An entry's markdown content as a block quote, line by line: it renders as the markdown it is,
 * while nothing in it (a heading, a fence left open) can end the quote and pass for the
 * export's own days and times.
 */
export function markdownQuote(content: string): string {
  return content
    .split(anyLineBreak)
    .map((line) => (line === "" ? ">" : `> ${line}`))
    .join("\n");
}
