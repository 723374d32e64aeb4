"use client";

import { useEffect, useRef } from "react";
import { focusTargets } from "@/components/keyboard/focus-targets";
import { useTimer } from "@/components/timer/timer-provider";
import { LAUNCH_PARAMETER, type LaunchAction } from "@/lib/worklog/launch-action";

/**
 * Does once what a shortcut of the installed app opened the worklog for, then takes the
 * parameter out of the URL (a reload or a copied link does not do it again): the composer gets
 * the focus, or the timer starts as its Start button starts it, unless one is running already
 * (Start would stop it).
 */
export function useLaunchAction(action: LaunchAction | undefined) {
  const timer = useTimer();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const url = new URL(window.location.href);
    if (url.searchParams.has(LAUNCH_PARAMETER)) {
      url.searchParams.delete(LAUNCH_PARAMETER);
      window.history.replaceState(null, "", `${url.pathname}${url.search}${url.hash}`);
    }
    if (action === "new-entry") document.getElementById(focusTargets.newEntry)?.focus();
    else if (action === "start-timer" && timer && !timer.timer) timer.start();
  }, [action, timer]);
}
