/** The first block of markdown: up to the first blank line. */
export const firstBlock = (markdown: string) => markdown.trim().split(/\n[ \t]*\n/, 1)[0]!;

/** Whether the markdown holds more than its first block, which a one-line form leaves out. */
export const hasMoreThanFirstBlock = (markdown: string) => firstBlock(markdown) !== markdown.trim();
