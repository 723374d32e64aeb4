import type { ReactNode } from "react";

type AuthPanelProps = {
  title: string;
  description: ReactNode;
  /** Below the card: the way to the other auth page, if there is one. */
  footer: ReactNode;
  children: ReactNode;
};

export function AuthPanel({ title, description, footer, children }: AuthPanelProps) {
  return (
    <div className="mx-auto w-full max-w-sm">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-2 text-pretty text-zinc-600 dark:text-zinc-400">{description}</p>
      <div className="mt-8 rounded-lg border border-zinc-200 p-5 sm:p-6 dark:border-zinc-800">{children}</div>
      {footer && <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{footer}</p>}
    </div>
  );
}
