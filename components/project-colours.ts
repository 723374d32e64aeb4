/** A project's colour in the charts: a fill for SVG bars and a background for the legend's swatch. */
export type ProjectColour = { fill: string; swatch: string };

/** One colour per project, in the order a chart lists them; after eight they come round again. */
const palette: ProjectColour[] = [
  { fill: "fill-brand-500", swatch: "bg-brand-500" },
  { fill: "fill-emerald-500", swatch: "bg-emerald-500" },
  { fill: "fill-amber-500", swatch: "bg-amber-500" },
  { fill: "fill-sky-500", swatch: "bg-sky-500" },
  { fill: "fill-rose-500", swatch: "bg-rose-500" },
  { fill: "fill-violet-500", swatch: "bg-violet-500" },
  { fill: "fill-lime-500", swatch: "bg-lime-500" },
  { fill: "fill-orange-500", swatch: "bg-orange-500" },
];

/** Entries without a project are grey. */
export const noProjectColour: ProjectColour = { fill: "fill-zinc-400", swatch: "bg-zinc-400" };

/** The colour of the project at `index` in a chart's list of projects. */
export function projectColour(index: number): ProjectColour {
  return palette[index % palette.length]!;
}
