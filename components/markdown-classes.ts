// The classes of rendered markdown that the worklog's rows use without the markdown parser's code.

/** How a word found by the search looks, in an entry's text and its tags. */
export const matchClassName = "rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-700/60";

/** How emphasis, links and inline code look, in a whole entry and in its one-line form. */
export const inlineClassName =
  "[&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-300 [&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] dark:[&_code]:bg-zinc-800";

/** The one line of an entry (MarkdownLineText's), cut with an ellipsis where it ends. */
export const markdownLineClassName = `min-w-0 truncate text-sm leading-relaxed text-zinc-800 dark:text-zinc-200 ${inlineClassName}`;
