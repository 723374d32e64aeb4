"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** Its children, except on a shared recap's page (/r/…), whose signed-out visitor sees the brand only. */
export function OutsideSharedPages({ children }: { children: ReactNode }) {
  return usePathname().startsWith("/r/") ? null : children;
}
