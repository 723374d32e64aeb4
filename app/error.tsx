"use client";

import { Button } from "@/components/ui/button";

/** A page that failed to load: say so and offer to try again. */
export default function PageError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="mt-4 text-zinc-600 dark:text-zinc-400">This page could not be loaded. It may work if you try again.</p>
      <Button className="mt-8" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
