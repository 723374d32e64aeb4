"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import { projectSlots } from "@/lib/projects/colours";
import { projectColour, type ProjectColour } from "./projects/project-colours";

const SlotsContext = createContext<ReadonlyMap<string, number>>(new Map());

/** Gives the components inside the colours of the account's projects (lib/projects/colours.ts): the worklog's badges, chart and week. */
export function ProjectColoursProvider({ projectIds, children }: { projectIds: string[]; children: ReactNode }) {
  const slots = useMemo(() => projectSlots(projectIds), [projectIds]);
  return <SlotsContext value={slots}>{children}</SlotsContext>;
}

/** A project's colour among the account's projects; outside a provider, the colour its id prefers. */
export function useProjectColour(projectId: string | null | undefined): ProjectColour {
  return projectColour(projectId, useContext(SlotsContext));
}

/** The account's projects' slots, for a component that colours many. */
export function useProjectSlots(): ReadonlyMap<string, number> {
  return useContext(SlotsContext);
}
