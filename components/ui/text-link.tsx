import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import type { ComponentProps } from "react";

export function TextLink({ className, ...props }: ComponentProps<typeof WorkspaceLink>) {
  return (
    <WorkspaceLink
      className={`rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-100 ${className ?? ""}`}
      {...props}
    />
  );
}
