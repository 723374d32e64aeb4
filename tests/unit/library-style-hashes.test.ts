import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { libraryStyleHashes } from "@/lib/csp/library-style-hashes";

const hash = (css: string) => `sha256-${createHash("sha256").update(css).digest("base64")}`;

describe("the hashes of the styles libraries insert", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("match the stylesheet the installed sonner inserts", async () => {
    const inserted: string[] = [];
    // sonner inserts its stylesheet when its module is evaluated: a document that records the text is enough.
    vi.stubGlobal("document", {
      head: { appendChild: () => inserted.push("") },
      createElement: () => ({ appendChild: (node: { text: string }) => inserted.push(node.text) }),
      createTextNode: (text: string) => ({ text }),
    });
    await import("sonner");
    expect(inserted[0]).toBe("");
    expect(inserted[1]!.length).toBeGreaterThan(1000);
    expect([hash(inserted[0]!), hash(inserted[1]!)]).toEqual([libraryStyleHashes.emptyStyleElement, libraryStyleHashes.sonner]);
  });
});
