"use client";

import { authorName, initials, useShowsAuthor } from "./team-context";
import { FilterLink } from "./worklog-filters";

/** Who wrote an entry, in a workspace of more than one member: their initials, their name on hover; a click shows their entries only. */
export function AuthorBadge({ author }: { author: { id: string; name: string | null } }) {
  const { shows, mine } = useShowsAuthor(author.id);
  if (!shows) return null;
  const name = authorName(author);
  return (
    <FilterLink
      filters={{ author_id: mine ? "me" : author.id }}
      title={`Written by ${mine ? `you (${name})` : name}: show only their entries`}
      className={`flex size-6 items-center justify-center rounded-full text-[0.625rem] font-semibold ${
        mine
          ? "bg-brand-100 text-brand-900 hover:bg-brand-200 dark:bg-brand-900 dark:text-brand-100 dark:hover:bg-brand-800"
          : "bg-zinc-200 text-zinc-800 hover:bg-zinc-300 dark:bg-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-600"
      }`}
    >
      <span aria-hidden="true">{initials(name)}</span>
      <span className="sr-only">By {name}</span>
    </FilterLink>
  );
}
