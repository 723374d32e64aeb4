import type { FieldIssue } from "@/lib/errors";
import { instantOf } from "@/lib/time";
import { fieldIssues } from "@/lib/validation";
import { entryCreateSchema } from "@/lib/worklog/schemas";
import type { ImportedEntry, JrnlEntry } from "./import-schemas";

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
 * an entry's create: dates and times are read in `timeZone`. Problems are reported at their
 * place in the jrnl document.
 */
export function jrnlEntries(jrnlEntries: (JrnlEntry | undefined)[], timeZone: string): { entries: ImportedEntry[]; issues: FieldIssue[] } {
  const entries: ImportedEntry[] = [];
  const issues: FieldIssue[] = [];
  jrnlEntries.forEach((entry, index) => {
    if (!entry) return;
    const input = {
      content: contentOf(entry),
      tags: [...(entry.tags ?? []).map(withoutTagSymbol), ...(entry.starred ? ["starred"] : [])],
    };
    const parsed = entryCreateSchema.safeParse(input);
    if (!parsed.success) {
      issues.push(...fieldIssues(parsed.error, input).map((issue) => ({ ...issue, pointer: jrnlPointer(index, entry, issue.pointer) })));
      return;
    }
    entries.push({ ...parsed.data, id: `jrnl-${index}`, recorded_at: instantOf(`${entry.date}T${entry.time}`, timeZone), commit_ids: [] });
  });
  return { entries, issues };
}
