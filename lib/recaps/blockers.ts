import type { RecapEntry } from "./generator";
import { oneLine } from "./inline-markdown";

const BLOCKER_TAGS = new Set(["blocked", "blocker"]);

/**
 * An entry that says what holds the work up (docs/api.md, "Recaps"): tagged `blocked` or
 * `blocker`, a line of its text starting "Blocked:" or "Blocker:", or "blocked by" in its text.
 */
export const isBlocker = (entry: RecapEntry) =>
  entry.tags.some((tag) => BLOCKER_TAGS.has(tag)) || /^\s*blocke[dr]:/im.test(entry.content) || /\bblocked by\b/i.test(oneLine(entry.content));
