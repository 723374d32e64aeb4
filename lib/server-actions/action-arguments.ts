/**
 * A bound on the array slots of a server action's arguments as React decodes them. React's
 * decoder (react-server-dom, `bumpArrayCount`) counts each array's length plus one, counting an
 * outlined row again each time it is referenced (a referenced string by its length), and throws
 * past 1 000 000 slots: inside Next.js's action handler, where that is a 500. The bound here is
 * never below React's count, so arguments within MAX_ACTION_ARRAY_SLOTS never reach that throw.
 */
export const MAX_ACTION_ARRAY_SLOTS = 100_000;

/** The rows of an action's arguments: JSON texts by their decimal id. */
export type ActionRows = Map<number, string>;

/** `$1`, `$a:b:c`, `$Q1`, `$@1`…: a reference to the row of that hexadecimal id (other `$` strings are values). */
const referencePattern = /^\$[A-Za-z@]?([0-9a-f]+)(?::|$)/;

export class MalformedActionArguments extends Error {}

/** The slots of the arguments' root row (id 0), or Infinity past `limit` or for rows that reference themselves. */
export function actionArraySlots(rows: ActionRows, limit = MAX_ACTION_ARRAY_SLOTS): number {
  const totals = new Map<number, number>();
  const visiting = new Set<number>();

  const rowTotal = (id: number): number => {
    const known = totals.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return Infinity;
    visiting.add(id);
    let value: unknown;
    try {
      value = JSON.parse(rows.get(id)!);
    } catch {
      throw new MalformedActionArguments(`Row ${id} of the arguments is not JSON`);
    }
    const total = (typeof value === "string" ? value.length : 0) + slotsOf(value);
    visiting.delete(id);
    totals.set(id, total);
    return total;
  };

  const slotsOf = (value: unknown): number => {
    let slots = 0;
    if (typeof value === "string") {
      const reference = referencePattern.exec(value);
      const id = reference && Number.parseInt(reference[1]!, 16);
      if (id !== null && rows.has(id)) slots = rowTotal(id);
    } else if (Array.isArray(value)) {
      slots = value.length + 1;
      for (const item of value) if (slots <= limit) slots += slotsOf(item);
    } else if (value !== null && typeof value === "object") {
      for (const item of Object.values(value)) if (slots <= limit) slots += slotsOf(item);
    }
    return slots > limit ? Infinity : slots;
  };

  if (!rows.has(0)) return 0;
  return rowTotal(0);
}
