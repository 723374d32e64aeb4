import { projectHue, type ProjectHue } from "@/lib/projects/colours";

/**
 * A project's colour as Tailwind classes, in the shades of lib/projects/colours.ts
 * (`projectShades`): `key` colours (a bar's `fill`, a `swatch`, an `edge`) and `soft` ones behind
 * text (a `badge` with its text, a calendar `block`). Written out whole, as Tailwind finds only
 * the class names a file spells.
 */
export type ProjectColour = { hue: ProjectHue | "zinc"; fill: string; swatch: string; edge: string; badge: string; block: string };

const colours: Record<ProjectHue, ProjectColour> = {
  indigo: {
    hue: "indigo",
    fill: "fill-indigo-600 dark:fill-indigo-400",
    swatch: "bg-indigo-600 dark:bg-indigo-400",
    edge: "border-indigo-600 dark:border-indigo-400",
    badge: "bg-indigo-100 text-indigo-800 hover:bg-indigo-200 dark:bg-indigo-950 dark:text-indigo-200 dark:hover:bg-indigo-900",
    block: "bg-indigo-100 hover:bg-indigo-200 dark:bg-indigo-950 dark:hover:bg-indigo-900",
  },
  emerald: {
    hue: "emerald",
    fill: "fill-emerald-600 dark:fill-emerald-400",
    swatch: "bg-emerald-600 dark:bg-emerald-400",
    edge: "border-emerald-600 dark:border-emerald-400",
    badge: "bg-emerald-100 text-emerald-800 hover:bg-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:hover:bg-emerald-900",
    block: "bg-emerald-100 hover:bg-emerald-200 dark:bg-emerald-950 dark:hover:bg-emerald-900",
  },
  amber: {
    hue: "amber",
    fill: "fill-amber-600 dark:fill-amber-400",
    swatch: "bg-amber-600 dark:bg-amber-400",
    edge: "border-amber-600 dark:border-amber-400",
    badge: "bg-amber-100 text-amber-800 hover:bg-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:hover:bg-amber-900",
    block: "bg-amber-100 hover:bg-amber-200 dark:bg-amber-950 dark:hover:bg-amber-900",
  },
  sky: {
    hue: "sky",
    fill: "fill-sky-600 dark:fill-sky-400",
    swatch: "bg-sky-600 dark:bg-sky-400",
    edge: "border-sky-600 dark:border-sky-400",
    badge: "bg-sky-100 text-sky-800 hover:bg-sky-200 dark:bg-sky-950 dark:text-sky-200 dark:hover:bg-sky-900",
    block: "bg-sky-100 hover:bg-sky-200 dark:bg-sky-950 dark:hover:bg-sky-900",
  },
  rose: {
    hue: "rose",
    fill: "fill-rose-600 dark:fill-rose-400",
    swatch: "bg-rose-600 dark:bg-rose-400",
    edge: "border-rose-600 dark:border-rose-400",
    badge: "bg-rose-100 text-rose-800 hover:bg-rose-200 dark:bg-rose-950 dark:text-rose-200 dark:hover:bg-rose-900",
    block: "bg-rose-100 hover:bg-rose-200 dark:bg-rose-950 dark:hover:bg-rose-900",
  },
  lime: {
    hue: "lime",
    fill: "fill-lime-600 dark:fill-lime-400",
    swatch: "bg-lime-600 dark:bg-lime-400",
    edge: "border-lime-600 dark:border-lime-400",
    badge: "bg-lime-100 text-lime-800 hover:bg-lime-200 dark:bg-lime-950 dark:text-lime-200 dark:hover:bg-lime-900",
    block: "bg-lime-100 hover:bg-lime-200 dark:bg-lime-950 dark:hover:bg-lime-900",
  },
  orange: {
    hue: "orange",
    fill: "fill-orange-600 dark:fill-orange-400",
    swatch: "bg-orange-600 dark:bg-orange-400",
    edge: "border-orange-600 dark:border-orange-400",
    badge: "bg-orange-100 text-orange-800 hover:bg-orange-200 dark:bg-orange-950 dark:text-orange-200 dark:hover:bg-orange-900",
    block: "bg-orange-100 hover:bg-orange-200 dark:bg-orange-950 dark:hover:bg-orange-900",
  },
  fuchsia: {
    hue: "fuchsia",
    fill: "fill-fuchsia-600 dark:fill-fuchsia-400",
    swatch: "bg-fuchsia-600 dark:bg-fuchsia-400",
    edge: "border-fuchsia-600 dark:border-fuchsia-400",
    badge: "bg-fuchsia-100 text-fuchsia-800 hover:bg-fuchsia-200 dark:bg-fuchsia-950 dark:text-fuchsia-200 dark:hover:bg-fuchsia-900",
    block: "bg-fuchsia-100 hover:bg-fuchsia-200 dark:bg-fuchsia-950 dark:hover:bg-fuchsia-900",
  },
};

/** Entries without a project are grey. */
export const noProjectColour: ProjectColour = {
  hue: "zinc",
  fill: "fill-zinc-500 dark:fill-zinc-400",
  swatch: "bg-zinc-500 dark:bg-zinc-400",
  edge: "border-zinc-500 dark:border-zinc-400",
  badge: "bg-zinc-100 text-zinc-800 hover:bg-zinc-200 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800",
  block: "bg-zinc-100 hover:bg-zinc-200 dark:bg-zinc-900 dark:hover:bg-zinc-800",
};

/** A project's colour among the account's projects (`slots`, from `projectSlots`); no project's is grey. */
export function projectColour(projectId: string | null | undefined, slots: ReadonlyMap<string, number>): ProjectColour {
  return projectId ? colours[projectHue(projectId, slots)] : noProjectColour;
}
