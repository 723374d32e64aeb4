"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Clock, HourCycle } from "@/lib/formatting/time-words";

const HourCycleContext = createContext<HourCycle>(12);

/** Gives the components inside the hour cycle the page writes times in (lib/formatting/account-clock.ts). */
export function HourCycleProvider({ hourCycle, children }: { hourCycle: HourCycle; children: ReactNode }) {
  return <HourCycleContext value={hourCycle}>{children}</HourCycleContext>;
}

export function useHourCycle(): HourCycle {
  return useContext(HourCycleContext);
}

/** How to write a moment in `timeZone`, on the page's hour cycle. */
export function useClock(timeZone: string): Clock {
  const hourCycle = useHourCycle();
  return useMemo(() => ({ timeZone, hourCycle }), [timeZone, hourCycle]);
}
