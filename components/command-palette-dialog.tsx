"use client";

import { useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { navigationTargets } from "@/lib/server-actions/navigation-actions";
import { focusTargets } from "./keyboard/focus-targets";
import { useTimer } from "./timer/timer-provider";
import { usePagePath, useWorkspaceHref } from "@/components/workspaces/workspace-link";

const pages = [
  { label: "Worklog", href: "/" },
  { label: "Projects", href: "/projects" },
  { label: "Repositories", href: "/repositories" },
  { label: "Reports", href: "/reports", keywords: ["time", "chart", "hours", "csv"] },
  { label: "Recaps", href: "/recaps" },
  { label: "Settings: profile", href: "/settings/profile", keywords: ["time zone", "week", "account"] },
  { label: "Settings: API keys", href: "/settings/api-keys", keywords: ["token"] },
  { label: "Settings: devices", href: "/settings/devices", keywords: ["cli", "oauth"] },
  { label: "API docs", href: "/docs", keywords: ["reference", "openapi"] },
];

/** Focuses the element once it is on the page: at once, or when the navigation that brings it has rendered. */
function focusWhenShown(id: string) {
  const element = document.getElementById(id);
  if (element) return element.focus();
  const observer = new MutationObserver(() => {
    const shown = document.getElementById(id);
    if (!shown) return;
    observer.disconnect();
    shown.focus();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 10_000);
}

const itemClassName =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900 dark:data-[selected=true]:bg-brand-950 dark:data-[selected=true]:text-brand-100";
const groupClassName =
  "px-1 py-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-zinc-600 dark:[&_[cmdk-group-heading]]:text-zinc-400";

/** The palette itself, loaded the first time it opens: a native modal dialog shown as soon as it mounts. */
export function CommandPaletteDialog({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const router = useRouter();
  const pathname = usePagePath();
  const workspaceHref = useWorkspaceHref();
  const targets = useQuery({ queryKey: ["navigation-targets"], queryFn: async () => navigationTargets(), staleTime: 30_000 });
  const data = targets.data?.ok ? targets.data.data : undefined;
  const timer = useTimer();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>("[cmdk-input]")?.focus();
    }
  }, []);

  const close = () => dialogRef.current?.close();

  const go = (path: string, focusId?: string) => {
    close();
    if (path !== pathname) router.push(workspaceHref(path));
    if (focusId) focusWhenShown(focusId);
  };

  // A native modal dialog: the browser traps focus and closes it on Escape, without injected styles.
  return (
    <dialog
      ref={dialogRef}
      aria-label="Command palette"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="mx-auto mt-[12vh] w-[min(36rem,calc(100vw-2rem))] overflow-hidden rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <Command label="Command palette">
        <Command.Input
          placeholder="Go to a page, project or repository, or run an action…"
          className="w-full border-b border-zinc-200 bg-transparent px-4 py-3 text-base outline-none dark:border-zinc-700"
        />
        <Command.List className="max-h-[60vh] overflow-y-auto p-1">
          <Command.Empty className="px-4 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">Nothing matches.</Command.Empty>
          <Command.Group heading="Actions" className={groupClassName}>
            <Command.Item className={itemClassName} onSelect={() => go("/", focusTargets.newEntry)} keywords={["write", "log", "add"]}>
              New entry
            </Command.Item>
            <Command.Item className={itemClassName} onSelect={() => go("/recaps", focusTargets.newRecap)} keywords={["summary", "generate"]}>
              New recap
            </Command.Item>
            {timer && (
              <Command.Item
                className={itemClassName}
                onSelect={() => {
                  close();
                  if (timer.timer) timer.stop();
                  else timer.start();
                }}
                keywords={["timer", "track", "clock"]}
              >
                {timer.timer ? "Stop timer" : "Start timer"}
              </Command.Item>
            )}
          </Command.Group>
          <Command.Group heading="Pages" className={groupClassName}>
            {pages.map((page) => (
              <Command.Item key={page.href} className={itemClassName} value={page.label} keywords={page.keywords} onSelect={() => go(page.href)}>
                {page.label}
              </Command.Item>
            ))}
          </Command.Group>
          {targets.isFetching && !data && (
            <Command.Loading className="px-4 py-2 text-sm text-zinc-600 dark:text-zinc-400">Loading projects and repositories…</Command.Loading>
          )}
          {data && data.projects.length > 0 && (
            <Command.Group heading="Projects" className={groupClassName}>
              {data.projects.map((project) => (
                <Command.Item
                  key={project.id}
                  className={itemClassName}
                  value={`project ${project.identifier} ${project.name} ${project.id}`}
                  onSelect={() => go(`/projects/${project.id}`)}
                >
                  <span className="font-mono text-xs text-brand-700 dark:text-brand-300">{project.identifier}</span>
                  {project.name}
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {data && data.repositories.length > 0 && (
            <Command.Group heading="Repositories" className={groupClassName}>
              {data.repositories.map((repository) => (
                <Command.Item
                  key={repository.id}
                  className={itemClassName}
                  value={`repository ${repository.name} ${repository.id}`}
                  onSelect={() => go(`/repositories/${repository.id}`)}
                >
                  {repository.name}
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {data && data.workspaces.length > 1 && (
            <Command.Group heading="Workspaces" className={groupClassName}>
              {data.workspaces
                .filter((workspace) => !workspace.current)
                .map((workspace) => (
                  <Command.Item
                    key={workspace.id}
                    className={itemClassName}
                    value={`switch to workspace ${workspace.name} ${workspace.id}`}
                    onSelect={() => {
                      close();
                      window.location.assign(workspace.href);
                    }}
                  >
                    Switch to {workspace.name}
                  </Command.Item>
                ))}
            </Command.Group>
          )}
        </Command.List>
      </Command>
    </dialog>
  );
}
