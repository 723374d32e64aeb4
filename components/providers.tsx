"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { HourCycle } from "@/lib/formatting/time-words";
import { HourCycleProvider } from "./formatting/clock-context";
import { Toasts } from "./ui/toast";
import { TimerProvider, type TimerProviderProps } from "./timer/timer-provider";
import { OutboxProvider, type OutboxSettings } from "./offline/outbox-provider";

/**
 * A query cache whose data stays until it is invalidated: pages bring their data fresh from the
 * server. Reads wait while the browser is offline; writes always run, so that one made offline
 * reaches the outbox instead of waiting (README "Offline and installing").
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { networkMode: "always" } } });
}

/**
 * What every page's client components share: a query cache (the command palette's and the
 * timer's), the toasts that confirm actions, the hour cycle times are written in, and for a
 * signed-in account that writes its timer and its outbox (the changes made offline).
 */
export function Providers({
  timer,
  outbox,
  hourCycle,
  children,
}: {
  timer?: TimerProviderProps;
  outbox?: OutboxSettings;
  hourCycle: HourCycle;
  children: ReactNode;
}) {
  const [queryClient] = useState(newQueryClient);
  const withTimer = timer ? <TimerProvider {...timer}>{children}</TimerProvider> : children;
  return (
    <QueryClientProvider client={queryClient}>
      <HourCycleProvider hourCycle={hourCycle}>{outbox ? <OutboxProvider settings={outbox}>{withTimer}</OutboxProvider> : withTimer}</HourCycleProvider>
      <Toasts />
    </QueryClientProvider>
  );
}
