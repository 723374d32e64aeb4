import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { projectColour } from "@/components/projects/project-colours";
import { preferredSlot, projectHue, projectHues, projectShades, projectSlots } from "@/lib/projects/colours";

// Tailwind's own palette, read from the installed package: the colours the classes draw.
const theme = readFileSync(createRequire(import.meta.url).resolve("tailwindcss/theme.css"), "utf8");

/** A Tailwind colour's relative luminance (WCAG 2), from its OKLCH value through linear sRGB, clipped to the gamut. */
function luminance(hue: string, shade: number | "white"): number {
  if (shade === "white") return 1;
  const match = new RegExp(`--color-${hue}-${shade}: oklch\\(([\\d.]+)% ([\\d.]+) ([\\d.]+|none)\\)`).exec(theme);
  if (!match) throw new Error(`No --color-${hue}-${shade} in Tailwind's theme`);
  const [lightness, chroma, angle] = [Number(match[1]) / 100, Number(match[2]), match[3] === "none" ? 0 : (Number(match[3]) * Math.PI) / 180];
  const [a, b] = [chroma * Math.cos(angle), chroma * Math.sin(angle)];
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (value: number) => Math.min(1, Math.max(0, value));
  const red = clip(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s);
  const green = clip(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s);
  const blue = clip(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s);
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(first: number, second: number): number {
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

const ids = [
  "0192f3a0-0000-7000-8000-000000000001",
  "0192f3a0-0000-7000-8000-000000000002",
  "0192f3a0-0000-7000-8000-000000000003",
  "0192f3a1-1111-7aaa-9bbb-cccccccccccc",
  "0193aaaa-2222-7ddd-8eee-ffffffffffff",
];

describe("a project's colour", () => {
  it("depends on its id alone, whatever the order the projects are given in", () => {
    const slots = projectSlots(ids);
    expect(projectSlots([...ids].reverse())).toEqual(slots);
    for (const id of ids) expect(projectSlots(ids).get(id)).toBe(slots.get(id));
    expect(new Set(ids.map((id) => preferredSlot(id))).size).toBeGreaterThan(1);
  });

  it("differs from every other project's of the account, up to as many projects as there are colours", () => {
    const many = Array.from({ length: projectHues.length }, (_, index) => `0192f3a0-0000-7000-8000-${String(index).padStart(12, "0")}`);
    for (const count of [2, 3, 5, many.length]) {
      const slots = projectSlots(many.slice(0, count));
      expect(new Set(slots.values()).size).toBe(count);
    }
    // Past them, they are shared again, still each among the colours.
    const more = projectSlots([...many, "0192f3a0-0000-7000-8000-999999999999"]);
    expect([...more.values()].every((slot) => slot >= 0 && slot < projectHues.length)).toBe(true);
  });

  it("keeps an older project's colour when a newer one is added, as UUIDv7 ids sort by age", () => {
    const before = projectSlots(ids.slice(0, 3));
    const after = projectSlots(ids);
    for (const id of ids.slice(0, 3)) expect(after.get(id)).toBe(before.get(id));
  });

  it("is the one its id prefers when the project is not among those given", () => {
    const stranger = "0199ffff-0000-7000-8000-000000000000";
    expect(projectHue(stranger, projectSlots(ids))).toBe(projectHues[preferredSlot(stranger)]);
  });

  it("is spelled by its classes in the shades the module names", () => {
    const slots = projectSlots(ids);
    for (const id of ids) {
      const colour = projectColour(id, slots);
      const { light, dark } = projectShades;
      expect(colour.hue).toBe(projectHue(id, slots));
      expect(colour.fill.split(" ")).toEqual([`fill-${colour.hue}-${light.key}`, `dark:fill-${colour.hue}-${dark.key}`]);
      expect(colour.swatch.split(" ")).toEqual([`bg-${colour.hue}-${light.key}`, `dark:bg-${colour.hue}-${dark.key}`]);
      expect(colour.edge.split(" ")).toEqual([`border-${colour.hue}-${light.key}`, `dark:border-${colour.hue}-${dark.key}`]);
      expect(colour.badge).toContain(`bg-${colour.hue}-${light.soft} text-${colour.hue}-${light.softText} hover:bg-${colour.hue}-${light.softHover}`);
      expect(colour.badge).toContain(
        `dark:bg-${colour.hue}-${dark.soft} dark:text-${colour.hue}-${dark.softText} dark:hover:bg-${colour.hue}-${dark.softHover}`,
      );
      expect(colour.block).toBe(
        `bg-${colour.hue}-${light.soft} hover:bg-${colour.hue}-${light.softHover} dark:bg-${colour.hue}-${dark.soft} dark:hover:bg-${colour.hue}-${dark.softHover}`,
      );
    }
    expect(projectColour(null, slots).hue).toBe("zinc");
  });

  it.each(projectHues)("%s reads in light and dark: bars against the page at 3:1, text on its soft shades at 4.5:1", (hue) => {
    const page = { light: luminance("", "white"), dark: luminance("zinc", 950) };
    for (const scheme of ["light", "dark"] as const) {
      const shades = projectShades[scheme];
      expect(contrast(luminance(hue, shades.key), page[scheme]), `${scheme} key`).toBeGreaterThanOrEqual(3);
      // The badge's text, and the week view's text (zinc-900 and -700 in light, zinc-100 and -300 in dark), on the soft shade and its hover.
      const texts =
        scheme === "light"
          ? [luminance(hue, shades.softText), luminance("zinc", 900), luminance("zinc", 700)]
          : [luminance(hue, shades.softText), luminance("zinc", 100), luminance("zinc", 300)];
      for (const background of [shades.soft, shades.softHover])
        for (const text of texts) expect(contrast(text, luminance(hue, background)), `${scheme} text on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
