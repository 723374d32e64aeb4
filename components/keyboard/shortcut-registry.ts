/**
 * Every document-level key of the app goes through this one registry: one `keydown` listener
 * picks the shortcut a key belongs to. The guard is held here once: a plain key (no Ctrl, ⌘ or
 * Alt) acts only when nothing that takes typing has the focus and no dialog is open, unless the
 * shortcut is bound to an element (then it acts on keys pressed inside it) or acts anywhere.
 */

/** A key as the registry reads it: a KeyboardEvent, or its fields. */
export type KeyPress = Pick<KeyboardEvent, "key" | "metaKey" | "ctrlKey" | "altKey" | "shiftKey" | "repeat" | "defaultPrevented"> & {
  target: EventTarget | null;
};

/** Higher goes first: an open menu's or a form's keys over a view's, a view's over the page's. */
export const priority = { page: 0, view: 1, overlay: 2 } as const;

export type Shortcut = {
  /** The keys, as KeyboardEvent.key names them; "Mod+k" is Ctrl or ⌘ with k. */
  keys: string[];
  /** What it does, as the `?` list says it; a shortcut without one is not listed. */
  does?: string;
  /** The keys as the `?` list shows them; `keys` when absent. */
  label?: string[];
  priority?: number;
  /**
   * Where it acts: "idle" (the default) when nothing takes typing and no dialog is open;
   * "anywhere" also while typing and in dialogs; an element's ref: on keys pressed inside it.
   */
  scope?: "idle" | "anywhere" | { readonly current: { contains: (node: Node | null) => boolean } | null };
  /** Whether the key counts with Shift held (default yes: `?` is typed with it). */
  shift?: boolean;
  /** Whether a key held down, repeating, counts (default yes). */
  repeat?: boolean;
  /** Acts on the key; `false` when it had nothing to do, and the key goes on to the next shortcut. */
  run: (event: KeyboardEvent) => boolean | void;
};

/** What the page is doing when the key comes: read from the document by the listener. */
export type KeyContext = { typing: boolean; dialogOpen: boolean };

function keyMatches(spec: string, press: KeyPress): boolean {
  if (press.altKey) return false;
  if (spec.startsWith("Mod+")) return (press.ctrlKey || press.metaKey) && press.key.toLowerCase() === spec.slice(4).toLowerCase();
  return !press.ctrlKey && !press.metaKey && press.key === spec;
}

/** Whether `shortcut` takes the key, the guard applied. */
export function takes(shortcut: Shortcut, press: KeyPress, context: KeyContext): boolean {
  if (!shortcut.keys.some((spec) => keyMatches(spec, press))) return false;
  if (shortcut.shift === false && press.shiftKey) return false;
  if (shortcut.repeat === false && press.repeat) return false;
  const scope = shortcut.scope ?? "idle";
  if (scope === "anywhere") return true;
  if (press.defaultPrevented) return false;
  if (scope === "idle") return !context.typing && !context.dialogOpen;
  return Boolean(scope.current?.contains(press.target as Node | null));
}

/** The shortcuts that take the key, in the order they are offered it: highest priority first, then the most recently registered. */
export function candidates(shortcuts: readonly Shortcut[], press: KeyPress, context: KeyContext): Shortcut[] {
  return shortcuts
    .map((shortcut, index) => ({ shortcut, index }))
    .filter(({ shortcut }) => takes(shortcut, press, context))
    .sort((a, b) => (b.shortcut.priority ?? priority.page) - (a.shortcut.priority ?? priority.page) || b.index - a.index)
    .map(({ shortcut }) => shortcut);
}

export type ListedShortcut = { keys: string[]; does: string };

/** The `?` list: every registered shortcut that says what it does, once, in the order they were registered. */
export function listed(shortcuts: readonly Shortcut[]): ListedShortcut[] {
  const seen = new Map<string, ListedShortcut>();
  for (const { keys, label, does } of shortcuts) {
    const entry = { keys: label ?? keys, does: does ?? "" };
    const id = `${entry.keys.join(" ")}\n${entry.does}`;
    if (does && !seen.has(id)) seen.set(id, entry);
  }
  return [...seen.values()];
}
