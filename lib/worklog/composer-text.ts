/**
 * What the composer reads from the words typed into it: `#tag` anywhere adds the tag, and a
 * trailing `~1h30` (or `~45m`, `~2h`, `~90`) sets the duration. Trailing tokens are metadata and
 * leave the text; a `#tag` inside a sentence stays in it, since it is part of what was written.
 */

const durationPattern = /^(?:(\d{1,3})h(?:(\d{1,2})m?)?|(\d{1,5})m?)$/i;
const tagPattern = /(^|\s)#([\p{L}][\p{L}\p{N}_.-]*)/gu;
const trailingTokenPattern = /\s+(#[\p{L}][\p{L}\p{N}_.-]*|~\S+)$/u;

/** "1h30", "1h", "45m", "45" (minutes) as seconds; undefined when it is none of these. */
export function parseDuration(text: string): number | undefined {
  const match = durationPattern.exec(text.trim());
  if (!match) return undefined;
  const [, hours, minutesAfterHours, minutesAlone] = match;
  const minutes = hours === undefined ? Number(minutesAlone) : Number(hours) * 60 + Number(minutesAfterHours ?? 0);
  return minutes > 0 ? minutes * 60 : undefined;
}

/** Seconds as the composer writes them back: "1h30", "2h", "45". */
export function durationText(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return String(minutes);
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)}h${rest ? String(rest).padStart(2, "0") : ""}`;
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
