// Project and repository names are one line of text (docs/api.md, "project" and "repository").

/** One name per kind of character a name refuses, each inside the name (where trimming cannot remove it). */
export const controlCharacterNames = ["\n", "\r", "\t", "\u0001", "\u001b", "\u007f", "\u0085", "\u009f", "\u2028", "\u2029"].map(
  (character) => `Before${character}after`,
);

/** A project name that would write a day of its own into the markdown export, were it printed as it is. */
export const forgedDayName = "Line\n## 1999-01-01 (Friday)\n### 00:00\nFORGED";
