"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";

/** What every page's client components share: one query cache, and the toasts that confirm actions. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="bottom-center" theme="system" richColors={false} closeButton toastOptions={{ duration: 6000 }} />
    </QueryClientProvider>
  );
}
