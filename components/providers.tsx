"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { HourCycle } from "@/lib/formatting/time-words";
import { HourCycleProvider } from "./formatting/clock-context";
import { Toasts } from "./ui/toast";
import { TimerProvider, type TimerProviderProps } from "./timer/timer-provider";

/** A query cache whose data stays until it is invalidated: pages bring their data fresh from the server. */
export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
}

/**
 * What every page's client components share: a query cache (the command palette's and the
 * timer's), the toasts that confirm actions, the hour cycle times are written in, and for a
 * signed-in account its timer.
 */
export function Providers({ timer, hourCycle, children }: { timer?: TimerProviderProps; hourCycle: HourCycle; children: ReactNode }) {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <HourCycleProvider hourCycle={hourCycle}>{timer ? <TimerProvider {...timer}>{children}</TimerProvider> : children}</HourCycleProvider>
      <Toasts />
    </QueryClientProvider>
  );
}
