import { describe, expect, it } from "vitest";
import { withAbsoluteLinks } from "@/lib/recaps/absolute-links";

const origin = "https://worklog.example.com";
const id = "0196a000-0000-7000-8000-000000000001";

describe("a recap's markdown as it leaves the app", () => {
  it("makes the links to the app's paths absolute on the public origin", () => {
    expect(withAbsoluteLinks(`- Shipped the export ([Nov 20](/?entry=${id}))`, origin)).toBe(`- Shipped the export ([Nov 20](${origin}/?entry=${id}))`);
    expect(withAbsoluteLinks(`[a](/x) and ![b](/y "title") and [c](</z>)`, origin)).toBe(
      `[a](${origin}/x) and ![b](${origin}/y "title") and [c](<${origin}/z>)`,
    );
  });

  it("leaves other links, code and text alone, also a text that repeats the path", () => {
    const untouched = "[commit](https://github.com/ada/site/commit/abc) `[x](/code)` \\[y](/escaped) //host and [proto](//cdn.example.com/a)";
    expect(withAbsoluteLinks(untouched, origin)).toBe(untouched);
    expect(withAbsoluteLinks("[/x](/x)", origin)).toBe(`[/x](${origin}/x)`);
  });
});
