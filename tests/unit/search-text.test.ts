import { describe, expect, it } from "vitest";
import { highlightParts, prefixWord } from "@/lib/worklog/search-text";

const marked = (text: string, q: string) =>
  highlightParts(text, q)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join("");

describe("the word being typed", () => {
  it("is the last word, without its #", () => {
    expect(prefixWord("deplo")).toBe("deplo");
    expect(prefixWord("fixed the deplo")).toBe("deplo");
    expect(prefixWord("#pe")).toBe("pe");
    expect(prefixWord("Café")).toBe("Café");
  });

  it("is none after a space, in or after a phrase, when excluded, or for or", () => {
    for (const q of ["deploy ", '"exact phr', '"exact phrase"', "deploy -excl", "a or", "front-en", ""]) expect(prefixWord(q), q).toBeUndefined();
  });
});

describe("highlighting an entry's text", () => {
  it("marks whole words whatever their case and accents", () => {
    expect(marked("Lunch at the Café, CAFÉ again", "cafe")).toBe("Lunch at the [Café], [CAFÉ] again");
    expect(marked("Lunch at the cafe", "CAFÉ")).toBe("Lunch at the [cafe]");
  });

  it("marks the words the last word starts, and other words with their English endings", () => {
    expect(marked("Deployed the deployment", "deplo")).toBe("[Deployed] the [deployment]");
    expect(marked("Deployed, deploying, deploys; not redeploy", "deploys staging")).toBe("[Deployed], [deploying], [deploys]; not redeploy");
    expect(marked("Deploy to staging", "deploy st")).toBe("[Deploy] to [staging]");
    expect(marked("Deploy to staging", "st deploy")).toBe("[Deploy] to staging");
  });

  it("leaves excluded words, or, and stop words unmarked", () => {
    expect(marked("Deploy the excluded branch or not", "deploy -excluded")).toBe("[Deploy] the excluded branch or not");
    expect(marked("Deploy the excluded branch", 'deploy -"excluded branch"')).toBe("[Deploy] the excluded branch");
    expect(marked("The cafe or the bar", "cafe or bar")).toBe("The [cafe] or the [bar]");
    expect(marked("The cafe", "the")).toBe("The cafe");
  });

  it("marks each word of a phrase, and tags asked for with #", () => {
    expect(marked("Fixed the exact phrase parser", '"exact phrase"')).toBe("Fixed the [exact] [phrase] parser");
    expect(marked("perf", "#perf")).toBe("[perf]");
  });

  it("gives the text back whole when nothing is searched", () => {
    expect(highlightParts("Deploy", "")).toEqual([{ text: "Deploy", match: false }]);
    expect(highlightParts("Deploy", "!!!")).toEqual([{ text: "Deploy", match: false }]);
    expect(highlightParts("", "x")).toEqual([]);
  });
});
