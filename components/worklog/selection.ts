"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/** The entries selected to act on together, and the one last chosen, where a shift-click's range starts. */
type Selection = { ids: ReadonlySet<string>; anchor?: string };

/** The selection after choosing `entryId`: toggled alone, or with `range` every entry of `order` from the anchor to it added. */
function choose({ ids, anchor }: Selection, entryId: string, range: boolean, order: string[]): Selection {
  const from = anchor === undefined ? -1 : order.indexOf(anchor);
  const to = order.indexOf(entryId);
  if (range && from !== -1 && to !== -1) {
    const span = order.slice(Math.min(from, to), Math.max(from, to) + 1);
    return { ids: new Set([...ids, ...span]), anchor };
  }
  const next = new Set(ids);
  if (!next.delete(entryId)) next.add(entryId);
  return { ids: next, anchor: entryId };
}

/**
 * The entries selected in the list, `order` being the entries shown, in their order: `selected`
 * lists the chosen ones still shown, in that order; `select` toggles one, or with `range` adds every
 * entry from the last one chosen; `clear` empties it.
 */
export function useSelection(order: string[]) {
  const [selection, setSelection] = useState<Selection>({ ids: new Set() });
  const listOrder = useRef<string[]>([]);
  useEffect(() => {
    listOrder.current = order;
  });
  const select = useCallback((entryId: string, range = false) => setSelection((current) => choose(current, entryId, range, listOrder.current)), []);
  const clear = useCallback(() => setSelection({ ids: new Set() }), []);
  return { isSelected: (entryId: string) => selection.ids.has(entryId), selected: order.filter((id) => selection.ids.has(id)), select, clear };
}
