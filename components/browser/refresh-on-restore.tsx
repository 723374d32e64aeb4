"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * A page the browser restores from its back/forward cache (lib/next-pages/page-caching.ts) shows
 * what it showed when it was left, at once; then it is read again from the server, so that it
 * shows what changed meanwhile, and a page of an account signed out since goes to sign-in.
 */
export function RefreshOnRestore() {
  const router = useRouter();
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) router.refresh();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [router]);
  return null;
}
