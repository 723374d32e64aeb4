import "server-only";
import { headers } from "next/headers";
import { hourCycleOfAcceptLanguage, type Clock, type HourCycle } from "./time-words";

/**
 * The hour cycle a page writes times in: the account's choice (Settings → Profile), or, when it
 * has none or nobody is signed in, the one the browser's first language uses.
 */
export async function hourCycleFor(user: { hourCycle: number | null } | null | undefined): Promise<HourCycle> {
  if (user?.hourCycle === 12 || user?.hourCycle === 24) return user.hourCycle;
  return hourCycleOfAcceptLanguage((await headers()).get("accept-language"));
}

/** How a page writes an account's moments: in its time zone, on its hour cycle. */
export async function accountClock(user: { timezone: string; hourCycle: number | null }): Promise<Clock> {
  return { timeZone: user.timezone, hourCycle: await hourCycleFor(user) };
}
