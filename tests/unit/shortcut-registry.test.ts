import { describe, expect, it } from "vitest";
import { candidates, listed, priority, takes, type KeyContext, type KeyPress, type Shortcut } from "@/components/keyboard/shortcut-registry";

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  repeat: false,
  defaultPrevented: false,
  target: null,
  ...more,
});
const idle: KeyContext = { typing: false, dialogOpen: false };
const run = () => undefined;
const shortcut = (keys: string[], more: Partial<Shortcut> = {}): Shortcut => ({ keys, run, ...more });

describe("the guard, held once", () => {
  const plain = shortcut(["c"]);
  it.each<[string, KeyPress, KeyContext, boolean]>([
    ["a plain key on the page", press("c"), idle, true],
    ["another key", press("d"), idle, false],
    ["while typing in a field", press("c"), { typing: true, dialogOpen: false }, false],
    ["with a dialog open", press("c"), { typing: false, dialogOpen: true }, false],
    ["with Ctrl", press("c", { ctrlKey: true }), idle, false],
    ["with ⌘", press("c", { metaKey: true }), idle, false],
    ["with Alt", press("c", { altKey: true }), idle, false],
    ["a key something else already handled", press("c", { defaultPrevented: true }), idle, false],
  ])("%s", (_, key, context, expected) => expect(takes(plain, key, context)).toBe(expected));

  it("lets Shift through unless the shortcut refuses it: ? is typed with Shift, ← with Shift is not the week's", () => {
    expect(takes(shortcut(["?"]), press("?", { shiftKey: true }), idle)).toBe(true);
    expect(takes(shortcut(["ArrowLeft"], { shift: false }), press("ArrowLeft", { shiftKey: true }), idle)).toBe(false);
    expect(takes(shortcut(["ArrowLeft"], { shift: false }), press("ArrowLeft"), idle)).toBe(true);
  });

  it("leaves out a held key's repeats when asked", () => {
    expect(takes(shortcut(["t"], { repeat: false }), press("t", { repeat: true }), idle)).toBe(false);
    expect(takes(shortcut(["j"]), press("j", { repeat: true }), idle)).toBe(true);
  });

  it("reads Mod+ as Ctrl or ⌘, in either case, and only with one of them", () => {
    const palette = shortcut(["Mod+k"], { scope: "anywhere" });
    expect(takes(palette, press("k", { ctrlKey: true }), { typing: true, dialogOpen: true })).toBe(true);
    expect(takes(palette, press("K", { metaKey: true, shiftKey: true }), idle)).toBe(true);
    expect(takes(palette, press("k"), idle)).toBe(false);
    expect(takes(palette, press("k", { ctrlKey: true, altKey: true }), idle)).toBe(false);
  });

  it("binds a shortcut to an element: it acts on keys pressed inside it, typing or in a dialog", () => {
    const inside = {} as EventTarget;
    const form = { current: { contains: (node: Node | null) => node === inside } };
    const save = shortcut(["Mod+Enter"], { scope: form });
    expect(takes(save, press("Enter", { ctrlKey: true, target: inside }), { typing: true, dialogOpen: true })).toBe(true);
    expect(takes(save, press("Enter", { ctrlKey: true, target: {} as EventTarget }), idle)).toBe(false);
    expect(takes(save, press("Enter", { ctrlKey: true, target: inside, defaultPrevented: true }), idle)).toBe(false);
    expect(takes(shortcut(["Escape"], { scope: { current: null } }), press("Escape"), idle)).toBe(false);
  });
});

describe("priorities", () => {
  it("offers a key to the highest priority first, then to the most recently registered", () => {
    const list = shortcut(["Escape"], { does: "list" });
    const menu = shortcut(["Escape"], { does: "menu", priority: priority.overlay, scope: "anywhere" });
    const view = shortcut(["Escape"], { does: "view", priority: priority.view });
    const later = shortcut(["Escape"], { does: "later" });
    expect(candidates([list, menu, view, later, shortcut(["x"])], press("Escape"), idle).map(({ does }) => does)).toEqual(["menu", "view", "later", "list"]);
  });

  it("offers nothing the guard keeps out", () => {
    expect(candidates([shortcut(["j"]), shortcut(["j"], { priority: priority.view })], press("j"), { typing: true, dialogOpen: false })).toEqual([]);
  });
});

describe("the ? list, made of the registered shortcuts", () => {
  it("lists those that say what they do, with their labels, once each, in the order registered", () => {
    const shortcuts = [
      shortcut(["c"], { does: "Write a new entry" }),
      shortcut(["ArrowLeft"]),
      shortcut(["Mod+Enter"], { label: ["Ctrl+Enter", "⌘+Enter"], does: "Save the entry" }),
      shortcut(["j", "k"], { does: "Go to the next or the previous entry" }),
      shortcut(["Mod+Enter"], { label: ["Ctrl+Enter", "⌘+Enter"], does: "Save the entry" }),
    ];
    expect(listed(shortcuts)).toEqual([
      { keys: ["c"], does: "Write a new entry" },
      { keys: ["Ctrl+Enter", "⌘+Enter"], does: "Save the entry" },
      { keys: ["j", "k"], does: "Go to the next or the previous entry" },
    ]);
  });
});
