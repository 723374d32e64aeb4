import type { ComponentProps } from "react";

/**
 * A link to another site, opened in a new tab: it says so to screen readers, shows an arrow,
 * and gives the other site neither this page's window nor its address. It is positioned, so that
 * its screen-reader text stays inside it: placed against the page, the text of a link cut short
 * by its box would stand past the window's edge and widen a phone's page.
 */
export function ExternalLink({ children, className, ...props }: Omit<ComponentProps<"a">, "target" | "rel">) {
  return (
    <a target="_blank" rel="noopener noreferrer" className={`relative rounded-sm underline-offset-4 hover:underline ${className ?? ""}`} {...props}>
      {children}
      <span aria-hidden="true"> ↗</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
