"use client";

import { createContext, useContext, type ReactNode } from "react";
import { unnamedAuthorLabel } from "@/lib/worklog/author-label";

/** The signed-in user and the workspace's members, for the worklog to show and filter entries by author. */
export type Team = { me: string; members: { id: string; name: string }[] };

const TeamContext = createContext<Team | undefined>(undefined);

export function TeamProvider({ team, children }: { team: Team | undefined; children: ReactNode }) {
  return <TeamContext.Provider value={team}>{children}</TeamContext.Provider>;
}

/** The workspace's team when it has more than one member; nothing for a workspace of one (whose entries are all its own). */
export function useTeam(): Team | undefined {
  const team = useContext(TeamContext);
  return team && team.members.length > 1 ? team : undefined;
}

/** Whether the worklog names an entry's author: in a team, and for an entry of someone else (a former member's) anywhere. */
export function useShowsAuthor(authorId: string): { shows: boolean; mine: boolean } {
  const team = useContext(TeamContext);
  const mine = authorId === team?.me;
  return { shows: team !== undefined && (team.members.length > 1 || !mine), mine };
}

/** An author's name as the worklog writes it. */
export function authorName(author: { name: string | null }): string {
  return author.name ?? unnamedAuthorLabel;
}

/** Up to two initials of a name: "Grace Hopper" → "GH", "ada" → "A". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words.slice(0, 1);
  return letters.map((word) => Array.from(word)[0]!.toUpperCase()).join("") || "?";
}

/** The time of these entries by author, the most first: a day's total per person. */
export function timeByAuthor(entries: { author: { id: string; name: string | null }; duration_seconds: number | null }[]): { name: string; seconds: number }[] {
  const byId = new Map<string, { name: string; seconds: number }>();
  for (const { author, duration_seconds } of entries) {
    const sum = byId.get(author.id) ?? { name: authorName(author), seconds: 0 };
    sum.seconds += duration_seconds ?? 0;
    byId.set(author.id, sum);
  }
  return [...byId.values()].sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
}
