import { describe, expect, it } from "vitest";
import { storableText } from "@/lib/db/storable-text";

describe("storableText", () => {
  it("leaves out NUL, which PostgreSQL refuses in text and jsonb", () => {
    expect(storableText("broken\u0000down\u0000")).toBe("brokendown");
  });

  it("replaces lone UTF-16 surrogates, which jsonb refuses, and keeps the pairs", () => {
    expect(storableText("a\ud800b\udc00c")).toBe("a\ufffdb\ufffdc");
    expect(storableText("ship it 🚀")).toBe("ship it 🚀");
    expect(JSON.stringify(storableText("\udbff"))).toBe('"\ufffd"');
  });

  it("keeps everything else as it is", () => {
    const text = "Answered 500: <html>\n\t«déjà vu» \u0001\u007f</html>";
    expect(storableText(text)).toBe(text);
  });
});
