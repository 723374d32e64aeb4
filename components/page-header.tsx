import type { ReactNode } from "react";

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Leaves the description out on a phone, where the page's content needs the first screen. */
  descriptionFromSm?: boolean;
  children?: ReactNode;
};

export function PageHeader({ title, description, descriptionFromSm, children }: PageHeaderProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-3xl font-semibold tracking-tight break-words">{title}</h1>
        {description && <div className={`mt-2 text-pretty text-zinc-600 dark:text-zinc-400 ${descriptionFromSm ? "max-sm:hidden" : ""}`}>{description}</div>}
      </div>
      {children}
    </div>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
