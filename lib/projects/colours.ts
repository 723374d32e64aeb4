/**
 * One colour per project, the same on every page and in every session: a project's colour is
 * one of `projectHues` (Tailwind's palettes, whose classes components/projects/project-colours.ts holds),
 * decided by its id alone: nothing is stored. Among an account's projects, each takes the hue its
 * id hashes to or, when an older project has it, the next free one, so that up to
 * `projectHues.length` projects never share a colour; ids are UUIDv7, so sorting them puts the
 * oldest first, and a new project never changes an older one's colour.
 */
// Eight hues far apart (not violet beside indigo and fuchsia, nor teal beside sky and emerald), each next one
// unlike the one before it, as a project that finds its slot taken takes the next.
export const projectHues = ["indigo", "amber", "emerald", "rose", "sky", "fuchsia", "lime", "orange"] as const;

export type ProjectHue = (typeof projectHues)[number];

/**
 * The shades a project's colour is drawn in (the unit tests hold them to WCAG's contrasts): `key`
 * for bars, swatches and a block's edge against the page (3:1), `soft` behind text (4.5:1 for
 * `softText`, and for the calendar's own zinc text), light and dark.
 */
export const projectShades = {
  light: { key: 600, soft: 100, softHover: 200, softText: 800 },
  dark: { key: 400, soft: 950, softHover: 900, softText: 200 },
} as const;

/** FNV-1a, 32 bits: a hash that spreads short strings well and reads the same in every runtime. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The slot of `projectHues` a project's id hashes to: its colour when no older project has it. */
export function preferredSlot(projectId: string): number {
  return hash(projectId) % projectHues.length;
}

/**
 * Each project's slot among an account's projects, given in any order: the oldest first takes the
 * slot it prefers, or the next free one; once every slot is taken they are shared again.
 */
export function projectSlots(projectIds: Iterable<string>): Map<string, number> {
  const slots = new Map<string, number>();
  let taken = new Set<number>();
  for (const id of [...new Set(projectIds)].sort()) {
    if (taken.size === projectHues.length) taken = new Set();
    let slot = preferredSlot(id);
    while (taken.has(slot)) slot = (slot + 1) % projectHues.length;
    taken.add(slot);
    slots.set(id, slot);
  }
  return slots;
}

/** A project's hue: its slot among `slots` (the account's projects), or the one its id prefers when it is not among them. */
export function projectHue(projectId: string, slots: ReadonlyMap<string, number>): ProjectHue {
  return projectHues[slots.get(projectId) ?? preferredSlot(projectId)]!;
}
