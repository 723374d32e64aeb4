"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import type { EntryPreview, OutboxItem } from "@/lib/offline/outbox-item";
import { jsonBody, sessionFetch } from "@/lib/offline/session-api";
import { useOutbox } from "./outbox-provider";

type Project = { id: string; name: string; identifier: string };

const fieldClassName = "w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950";

/** The workspace's projects, to choose one again when the change named one that is gone. */
function useProjects(workspace: string) {
  return useQuery({
    queryKey: ["outbox-projects", workspace],
    queryFn: async () => {
      const response = await sessionFetch(workspace, "/projects?limit=100");
      if (!response.ok) throw new Error(`The projects could not be read (${response.status}).`);
      return ((await jsonBody(response)) as { projects: Project[] }).projects;
    },
  });
}

/**
 * Fixes a refused create or edit: its text, tags and project, sent again as a new item with a new
 * key in its place (the server would refuse the old key with another body).
 */
export function OutboxItemEditor({ item, onDone }: { item: OutboxItem; onDone: () => void }) {
  const outbox = useOutbox();
  const id = useId();
  const projects = useProjects(outbox?.queue.workspace ?? "");
  if (!outbox || !item.preview) return null;
  const preview = item.preview;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const content = String(form.get("content"));
    const tags = [
      ...new Set(
        String(form.get("tags"))
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((tag) => tag.replace(/^#/, "").toLowerCase()),
      ),
    ];
    const projectId = String(form.get("project_id")) || null;
    const project = projects.data?.find((candidate) => candidate.id === projectId) ?? null;
    const changed: EntryPreview = { ...preview, content, tags, project };
    await outbox!.resend(item, { body: { ...item.request.body, content, tags, project_id: projectId } }, changed);
    toast("Sending the corrected change");
    onDone();
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
      <label htmlFor={`${id}-content`} className="block text-xs font-medium">
        Text
      </label>
      <textarea id={`${id}-content`} name="content" required defaultValue={preview.content} rows={3} className={fieldClassName} />
      <label htmlFor={`${id}-tags`} className="block text-xs font-medium">
        Tags
      </label>
      <input id={`${id}-tags`} name="tags" defaultValue={preview.tags.join(" ")} className={fieldClassName} />
      <label htmlFor={`${id}-project`} className="block text-xs font-medium">
        Project
      </label>
      <select
        id={`${id}-project`}
        name="project_id"
        defaultValue={projects.data?.some((project) => project.id === preview.project?.id) ? preview.project?.id : ""}
        key={projects.data ? "loaded" : "loading"}
        className={fieldClassName}
      >
        <option value="">No project</option>
        {projects.data?.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </select>
      {projects.isError && <p className="text-xs text-red-800 dark:text-red-300">{projects.error.message}</p>}
      <div className="flex gap-2">
        <Button type="submit" size="xs">
          Send again
        </Button>
        <Button variant="secondary" size="xs" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
