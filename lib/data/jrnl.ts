import { instantOf, isInTimestampRange } from "@/lib/time";
import { entryCreateSchema } from "@/lib/worklog/schemas";
import type { ImportedEntry, JrnlEntry } from "./import-schemas";
import { takeTurns, type ImportProblems } from "./import-problems";

/** jrnl marks tags with a symbol (`@` by default, `#` in some configurations); ours have none. */
const withoutTagSymbol = (tag: string) => tag.replace(/^[@#]/, "");

/** The title, then the body on the next line: jrnl splits an entry's text after its first sentence or line. */
function contentOf({ title, body }: JrnlEntry): string {
  return body === "" ? title : `${title}\n${body}`;
}

/**
 * Where a problem of the entry made from a jrnl entry lies in the jrnl document: the content is
 * its title and body, the tags are its own, in the same order.
 */
function jrnlPointer(index: number, entry: JrnlEntry, pointer: string): string {
  const at = `/entries/${index}`;
  if (pointer.startsWith("/content")) return `${at}/${entry.body === "" ? "title" : "body"}`;
  if (pointer.startsWith("/tags")) return `${at}${pointer}`;
  return at;
}

/**
 * The entries of a jrnl export (undefined where one was refused already), held to the rules of
 * an entry's create: dates and times are read in `timeZone`, and must make a time a timestamp
 * may be. Problems are added to `problems` at their place in the jrnl document.
 */
export async function jrnlEntries(jrnlEntries: (JrnlEntry | undefined)[], timeZone: string, problems: ImportProblems): Promise<ImportedEntry[]> {
  const entries: ImportedEntry[] = [];
  for (const [index, entry] of jrnlEntries.entries()) {
    await takeTurns(index);
    if (!entry) continue;
    const input = {
      content: contentOf(entry),
      tags: [...(entry.tags ?? []).map(withoutTagSymbol), ...(entry.starred ? ["starred"] : [])],
    };
    const parsed = entryCreateSchema.safeParse(input);
    if (!parsed.success) {
      problems.addRefusal(parsed.error, input, `/entries/${index}`, (pointer) => jrnlPointer(index, entry, pointer));
      continue;
    }
    const recordedAt = instantOf(`${entry.date}T${entry.time}`, timeZone);
    if (!isInTimestampRange(recordedAt)) {
      problems.add({ pointer: `/entries/${index}/date`, detail: "Invalid value" });
      continue;
    }
    entries.push({ ...parsed.data, id: `jrnl-${index}`, recorded_at: recordedAt, commit_ids: [] });
  }
  return entries;
}
