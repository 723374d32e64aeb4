/**
 * Inline markdown as a recap quotes it: an entry's text on one line, shortened without breaking
 * its markup. Links and code spans are read as CommonMark does (lib/recaps/citations.ts reads
 * the links' targets), closely enough for text that people write.
 */

/** A piece of text that must stay whole: a code span, a link or image, an autolink `<…>`. */
export type InlineSpan = { kind: "code" | "link"; start: number; end: number; text?: string; target?: string };

/** The end of the backtick run starting at `index`. */
function runEnd(text: string, index: number): number {
  let end = index;
  while (text[end] === "`") end++;
  return end;
}

/** The end of the code span opened by the backtick run at `start`, or -1 when none closes it. */
function codeSpanEnd(text: string, start: number): number {
  const length = runEnd(text, start) - start;
  for (let index = start + length; index < text.length; ) {
    if (text[index] !== "`") {
      index++;
      continue;
    }
    const end = runEnd(text, index);
    if (end - index === length) return end;
    index = end;
  }
  return -1;
}

/** The index after the bracket or parenthesis closing the one at `start`, skipping escapes (and code spans in link text); -1 if none. */
function closingEnd(text: string, start: number, open: string, close: string, skipCode: boolean): number {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (character === "\\") index++;
    else if (skipCode && character === "`") {
      const end = codeSpanEnd(text, index);
      index = (end === -1 ? runEnd(text, index) : end) - 1;
    } else if (character === "\n" && !skipCode) return -1;
    else if (character === open) depth++;
    else if (character === close && --depth === 0) return index + 1;
  }
  return -1;
}

/** The link (or image) starting at `start` with `[` or `![`, or null. */
function linkAt(text: string, start: number): InlineSpan | null {
  const bracket = text[start] === "!" ? start + 1 : start;
  const textEnd = closingEnd(text, bracket, "[", "]", true);
  if (textEnd === -1 || text[textEnd] !== "(") return null;
  const end = closingEnd(text, textEnd, "(", ")", false);
  if (end === -1) return null;
  const destination = text.slice(textEnd + 1, end - 1).trim();
  const target = destination.startsWith("<") ? destination.slice(1, destination.indexOf(">")) : destination.split(/\s+/)[0]!;
  return { kind: "link", start, end, text: text.slice(bracket + 1, textEnd - 1), target };
}

/** The spans of `text` that a cut or an edit must keep whole, in order. */
export function inlineSpans(text: string): InlineSpan[] {
  const spans: InlineSpan[] = [];
  for (let index = 0; index < text.length; ) {
    const character = text[index];
    if (character === "\\") {
      index += 2;
      continue;
    }
    if (character === "`") {
      const end = codeSpanEnd(text, index);
      if (end === -1) {
        index = runEnd(text, index);
        continue;
      }
      spans.push({ kind: "code", start: index, end });
      index = end;
      continue;
    }
    if (character === "[" || (character === "!" && text[index + 1] === "[")) {
      const link = linkAt(text, index);
      if (link) {
        spans.push(link);
        index = link.end;
        continue;
      }
    }
    if (character === "<") {
      const autolink = /^<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/.exec(text.slice(index));
      if (autolink) {
        spans.push({ kind: "link", start: index, end: index + autolink[0].length, target: autolink[0].slice(1, -1) });
        index += autolink[0].length;
        continue;
      }
    }
    index++;
  }
  return spans;
}

const fence = /^\s{0,3}(`{3,}|~{3,})/;
const heading = /^\s*#{1,6}(?:\s+|$)/;
const listItem = /^\s*(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)/;
const quote = /^\s*>\s?/;
const thematicBreak = /^\s*(?:[-*_=]\s*){3,}$/;

/** A line without its block markers, and whether it was a heading or a list item. */
function lineText(line: string): { text: string; heading: boolean; item: boolean } {
  let text = line.replace(quote, "");
  const isHeading = heading.test(text);
  text = text.replace(heading, "");
  const isItem = listItem.test(text);
  for (let previous = ""; previous !== text; ) [previous, text] = [text, text.replace(quote, "").replace(listItem, "")];
  return { text: text.trim(), heading: isHeading, item: isItem };
}

/**
 * An entry's text as one line: headings, quotes and list markers dropped, fenced code blocks
 * left out (a recap quotes what was done, not the code). Lines are joined as they read: a
 * heading by a colon, list items by semicolons, the lines of a paragraph by spaces.
 */
export function oneLine(content: string): string {
  let result = "";
  let previous: ReturnType<typeof lineText> | null = null;
  let fenceMarker: string | null = null;
  for (const line of content.split(/\r?\n/)) {
    const opening = fence.exec(line);
    if (fenceMarker !== null) {
      if (opening && opening[1]!.startsWith(fenceMarker)) fenceMarker = null;
      continue;
    }
    if (opening) {
      fenceMarker = opening[1]!;
      continue;
    }
    if (thematicBreak.test(line)) continue;
    const current = lineText(line);
    if (!current.text) continue;
    if (previous)
      result += previous.heading && !/[.:!?]$/.test(previous.text) ? ": " : (current.item || previous.item) && !/[.;:!?]$/.test(previous.text) ? "; " : " ";
    result += current.text;
    previous = current;
  }
  return result;
}

/** Whether the emphasis delimiter at `index` (of `length`) can open, or close, by CommonMark's flanking rules, roughly. */
function flanking(text: string, index: number, length: number): { opens: boolean; closes: boolean } {
  const before = text[index - 1] ?? " ";
  const after = text[index + length] ?? " ";
  const space = /\s/;
  const punctuation = /[\p{P}\p{S}]/u;
  const opens = !space.test(after) && (space.test(before) || punctuation.test(before) || !punctuation.test(after));
  const closes = !space.test(before) && (space.test(after) || punctuation.test(after) || !punctuation.test(before));
  if (text[index] === "_") return { opens: opens && !/[\p{L}\p{N}]/u.test(before), closes: closes && !/[\p{L}\p{N}]/u.test(after) };
  return { opens, closes };
}

/** The closing delimiters of the emphasis `text` leaves open (outside its spans), innermost first. */
function unclosedEmphasis(text: string, spans: InlineSpan[]): string {
  const open: string[] = [];
  let spanIndex = 0;
  for (let index = 0; index < text.length; ) {
    const span = spans[spanIndex];
    if (span && index >= span.start) {
      index = span.end;
      spanIndex++;
      continue;
    }
    const character = text[index]!;
    if (character === "\\") {
      index += 2;
      continue;
    }
    if (character !== "*" && character !== "_" && character !== "~") {
      index++;
      continue;
    }
    let end = index;
    while (text[end] === character) end++;
    const delimiter = character.repeat(character === "~" ? 2 : Math.min(end - index, 2));
    if (character !== "~" || end - index === 2) {
      const { opens, closes } = flanking(text, index, end - index);
      if (closes && open.at(-1) === delimiter) open.pop();
      else if (opens) open.push(delimiter);
    }
    index = end;
  }
  return open.reverse().join("");
}

const ELLIPSIS = "…";
/** Characters with a meaning in markdown: a word holding one is never cut inside. */
const markup = /[\\`*_~[\]()<>!]/;

/**
 * `text` (one line) in `max` characters or fewer, cut at a word boundary outside any link or code
 * span and ended with "…"; emphasis left open by the cut is closed (its delimiters come on top).
 * A first word longer than `max` is kept whole when it holds markup, else cut inside.
 */
export function shorten(text: string, max: number): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  const spans = inlineSpans(text);
  const limit = characters.slice(0, max - 1).join("").length;
  const start = text.search(/\S/);
  const cutsAt = (index: number) => /\s/.test(text[index]!) && !spans.some((span) => index > span.start && index < span.end);
  let cut = -1;
  for (let index = start; index <= limit; index++) if (cutsAt(index)) cut = index;
  let kept: string;
  if (cut > 0) kept = text.slice(0, cut);
  else {
    let wordEnd = start;
    while (wordEnd < text.length && !cutsAt(wordEnd)) wordEnd++;
    const firstWord = text.slice(0, wordEnd);
    kept = spans.some((span) => span.start < wordEnd) || markup.test(firstWord) ? firstWord : characters.slice(0, max - 1).join("");
  }
  kept = kept.replace(/[\s\\]+$/, "");
  if (kept.length === text.trimEnd().length) return kept;
  return (
    kept +
    unclosedEmphasis(
      kept,
      spans.filter((span) => span.end <= kept.length),
    ) +
    ELLIPSIS
  );
}

/** The text by which repeated entries are recognised: case, markup, spacing and final punctuation aside. */
export function sameTextKey(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[*_~`]/g, "")
    .replace(/\s+/g, " ")
    .replace(/[\s.!;:,]+$/, "")
    .trim();
}
