// Reading the entries' search text (docs/api.md, "Search"): which word is being typed, and which
// words of an entry the web app highlights. The database does the matching itself (entry-sql.ts);
// the highlight approximates its stemming with a few English endings.

/** The last word of `q` when it may still be being typed: not in or after a quoted phrase, not excluded with `-`, not `or`; `#` before it is allowed. */
export function prefixWord(q: string): string | undefined {
  if ((q.match(/"/g) ?? []).length % 2 === 1) return undefined;
  const last = q.split(/\s+/).at(-1) ?? "";
  const word = /^#?([\p{L}\p{N}]+)$/u.exec(last)?.[1];
  if (!word || word.toLowerCase() === "or") return undefined;
  return word;
}

/** Case and accents dropped, as the search configuration's `unaccent` does. */
export function foldWord(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

// The commonest of the English stop words, which the search ignores.
const stopWords = new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "by",
  "for",
  "from",
  "in",
  "is",
  "it",
  "of",
  "on",
  "or",
  "that",
  "the",
  "this",
  "to",
  "was",
  "with",
]);

const ending = /(?:ing|ed|es|s)$/;
const stem = (word: string) => (word.length - 4 >= 3 ? word.replace(ending, "") : word.replace(/s$/, ""));

type Terms = { words: string[]; prefix?: string };

/** The words of `q` an entry's text is highlighted for: excluded words and phrases, `or` and stop words left out. */
export function searchTerms(q: string): Terms {
  const words: string[] = [];
  const withoutExcluded = q.replace(/(^|\s)-("[^"]*("|$)|\S+)/g, " ");
  for (const [word] of withoutExcluded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const folded = foldWord(word);
    if (!stopWords.has(folded)) words.push(folded);
  }
  const typed = prefixWord(q);
  return { words, prefix: typed === undefined || stopWords.has(foldWord(typed)) ? undefined : foldWord(typed) };
}

function matches(word: string, { words, prefix }: Terms): boolean {
  const folded = foldWord(word);
  if (prefix !== undefined && folded.startsWith(prefix)) return true;
  return words.some((term) => folded === term || stem(folded) === stem(term));
}

export type HighlightPart = { text: string; match: boolean };

/** `text` cut into the words that match `q` and what lies between them, in order. */
export function highlightParts(text: string, q: string): HighlightPart[] {
  const terms = searchTerms(q);
  if (terms.words.length === 0 && terms.prefix === undefined) return text ? [{ text, match: false }] : [];
  const parts: HighlightPart[] = [];
  let plainFrom = 0;
  for (const found of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!matches(found[0], terms)) continue;
    if (found.index > plainFrom) parts.push({ text: text.slice(plainFrom, found.index), match: false });
    parts.push({ text: found[0], match: true });
    plainFrom = found.index + found[0].length;
  }
  if (plainFrom < text.length) parts.push({ text: text.slice(plainFrom), match: false });
  return parts;
}
