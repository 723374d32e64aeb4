import { formatDuration } from "@/lib/formatting/time-words";

/**
 * What the composer reads from the words typed into it: `#tag` anywhere adds the tag, and a
 * trailing `~1h30` (or `~45m`, `~1.5h`, `~1:30`, `~90`) sets the duration. Trailing tokens are metadata and
 * leave the text; a `#tag` inside a sentence stays in it, since it is part of what was written.
 */

const tagPattern = /(^|\s)#([\p{L}][\p{L}\p{N}_.-]*)/gu;
const trailingTokenPattern = /\s+(#[\p{L}][\p{L}\p{N}_.-]*|~\S+)$/u;

const hoursUnit = String.raw`\s*h(?:ours?|rs?)?`;
const minutesUnit = String.raw`\s*m(?:in(?:ute)?s?)?`;

/** The ways people write a duration, each read as minutes. */
const durationForms: [pattern: RegExp, minutes: (match: RegExpExecArray) => number][] = [
  // "1:30"
  [/^(\d{1,3}):([0-5]\d)$/, (match) => Number(match[1]) * 60 + Number(match[2])],
  // "1.5h", "1,5h", "2h", "2 hours"
  [new RegExp(`^(\\d{1,3}(?:[.,]\\d{1,3})?)${hoursUnit}$`, "i"), (match) => Math.round(Number(match[1]!.replace(",", ".")) * 60)],
  // "1h30", "1h30m", "1h 30m", "1 h 30 min"
  [new RegExp(`^(\\d{1,3})${hoursUnit}\\s*(\\d{1,2})(?:${minutesUnit})?$`, "i"), (match) => Number(match[1]) * 60 + Number(match[2])],
  // "45", "45m", "90 min"
  [new RegExp(`^(\\d{1,5})(?:${minutesUnit})?$`, "i"), (match) => Number(match[1])],
];

/**
 * A duration as people type it, in seconds: "1h30", "1h 30m", "1.5h", "1:30", "90m", "45" (minutes
 * alone); undefined when it is none of these, or no time at all.
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  for (const [pattern, minutesOf] of durationForms) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    const minutes = minutesOf(match);
    return minutes > 0 ? minutes * 60 : undefined;
  }
  return undefined;
}

/** Seconds as a duration field shows them, rounded to the minute: "1h 30m", "2h", "45m" (lib/formatting/time-words.ts), which parseDuration reads back. */
export function durationText(seconds: number): string {
  return formatDuration(Math.max(1, Math.round(seconds / 60)) * 60);
}

export type InlineMeta = { content: string; tags: string[]; durationSeconds?: number };

export function readInlineMeta(text: string): InlineMeta {
  const tags = [...text.matchAll(tagPattern)].map((match) => match[2]!.toLowerCase());
  let content = text.trimEnd();
  let durationSeconds: number | undefined;
  for (let token = trailingTokenPattern.exec(content); token; token = trailingTokenPattern.exec(content)) {
    const word = token[1]!;
    if (word.startsWith("~")) {
      const seconds = parseDuration(word.slice(1));
      if (seconds === undefined) break;
      durationSeconds ??= seconds;
    }
    content = content.slice(0, token.index);
  }
  return { content, tags: [...new Set(tags)], durationSeconds };
}

/** A word being typed that the composer completes: `@` and a project, `#` and a tag, `PAY-` and an issue's key (trigger `key`). */
export type Completion = { trigger: "@" | "#" | "key"; query: string; start: number; end: number };

const completionPattern = /(^|\s)([@#])([\p{L}\p{N}_.-]*)$/u;
const keyPattern = /(^|[\s(/])([A-Za-z][A-Za-z0-9]{0,9}-\d*)$/;

/**
 * The `@` or `#` word that ends at the caret, if any: only at a word's start, so e-mail addresses
 * and C# are not one; else a tracker's key being typed (`PAY-`, `pay-14`), the whole word its query.
 */
export function completionAt(text: string, caret: number): Completion | undefined {
  const before = text.slice(0, caret);
  const match = completionPattern.exec(before);
  if (match) return { trigger: match[2] as "@" | "#", query: match[3]!, start: match.index + match[1]!.length, end: caret };
  const key = keyPattern.exec(before);
  if (!key) return undefined;
  return { trigger: "key", query: key[2]!, start: key.index + key[1]!.length, end: caret };
}

/**
 * The text with the completed word replaced, and where the caret goes: after a chosen tag
 * (`#tag `, which the text keeps as its tag) or, for a project, where the `@` word was (it leaves
 * the text: the project is the entry's field), without doubling the spaces around it.
 */
export function applyCompletion(text: string, { start, end }: Completion, replacement: string): { text: string; caret: number } {
  const before = text.slice(0, start);
  let after = text.slice(end);
  if (!replacement && /^[ \t]/.test(after) && (before === "" || /\s$/.test(before))) after = after.slice(1);
  return { text: `${before}${replacement}${after}`, caret: before.length + replacement.length };
}

/** The options whose names begin with what is typed, then those that hold it elsewhere, each group in the given order (the most used first), at most `limit`. */
export function matchingOptions<T>(options: T[], query: string, names: (option: T) => string[], limit = 8): T[] {
  const typed = query.toLowerCase();
  const starts: T[] = [];
  const holds: T[] = [];
  for (const option of options) {
    const lower = names(option).map((name) => name.toLowerCase());
    if (lower.some((name) => name.startsWith(typed))) starts.push(option);
    else if (lower.some((name) => name.includes(typed))) holds.push(option);
  }
  return [...starts, ...holds].slice(0, limit);
}
