"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { toast } from "@/components/ui/toast";
import { countOf } from "@/components/formatting/format";
import type { ProjectOption } from "@/components/projects/project-select";
import { Button } from "@/components/ui/button";
import { controlClassName } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { bulkEditAction, bulkUndoAction } from "@/lib/worklog/actions";
import type { EntryBulkAction } from "@/lib/worklog/schemas";
import { refreshAfterChange } from "./entry-query-cache";
import { focusEntryWhenShown, leaveToast } from "./entry-focus";
import { accepted, refusalMessage } from "./refusal";

type BulkBarProps = {
  /** The selected entries, in the list's order. */
  ids: string[];
  projects: ProjectOption[];
  /** The selection is over: cleared, or its entries deleted. */
  onClear: () => void;
};

const done: Record<EntryBulkAction["type"], string> = { add_tag: "Tag added", remove_tag: "Tag removed", move_to_project: "Moved", delete: "Deleted" };

const fieldClassName = controlClassName.replace("block w-full", "block w-32").replace("px-3 py-2", "px-2 py-1");

/**
 * What to do with the selected entries: add a tag, move them to a project, delete them. Each is
 * one request (the server action of `POST /api/v1/worklog/entries/bulk`), and its toast's Undo puts every entry back in one more.
 */
export function BulkBar({ ids, projects, onClear }: BulkBarProps) {
  const queryClient = useQueryClient();
  const tagId = useId();
  const projectId = useId();
  const [tag, setTag] = useState("");
  const [project, setProject] = useState("");
  const undo = useMutation({
    mutationFn: (before: Parameters<typeof bulkUndoAction>[0]) => accepted(bulkUndoAction(before)),
    onSuccess: async (entries) => {
      toast.success(`${countOf(entries.length, "entry", "entries")} as before`);
      await refreshAfterChange(queryClient);
      // The toast's Undo is gone with the toast: the focus goes to the first entry put back.
      focusEntryWhenShown(entries[0]?.id);
    },
    onError: (error) => toast.error(refusalMessage(error)),
  });
  const act = useMutation({
    mutationFn: (action: EntryBulkAction) => accepted(bulkEditAction(ids, action)),
    onSuccess: async ({ before }, action) => {
      toast(`${done[action.type]}: ${countOf(before.length, "entry", "entries")}`, {
        action: {
          label: "Undo",
          onClick: () => {
            leaveToast();
            undo.mutate(before);
          },
        },
      });
      if (action.type === "delete") onClear();
      if (action.type === "add_tag") setTag("");
      await refreshAfterChange(queryClient);
    },
  });

  function addTag(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = tag.trim().replace(/^#/, "");
    if (name) act.mutate({ type: "add_tag", tag: name });
  }

  function move(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    act.mutate({ type: "move_to_project", project_id: project || null });
  }

  return (
    <section
      aria-label="Selected entries"
      aria-busy={act.isPending || undefined}
      className="fixed inset-x-2 bottom-3 z-20 mx-auto max-w-3xl rounded-lg border border-zinc-200 bg-white p-2 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p role="status" className="font-medium">
          {countOf(ids.length, "entry", "entries")} selected
        </p>
        <form onSubmit={addTag} className="flex items-center gap-1">
          <label htmlFor={tagId} className="sr-only">
            Tag
          </label>
          <input id={tagId} value={tag} onChange={(event) => setTag(event.target.value)} placeholder="tag" autoComplete="off" className={fieldClassName} />
          <Button type="submit" variant="secondary" size="xs" disabled={act.isPending}>
            Add tag
          </Button>
        </form>
        <form onSubmit={move} className="flex items-center gap-1">
          <label htmlFor={projectId} className="sr-only">
            Project
          </label>
          <select id={projectId} value={project} onChange={(event) => setProject(event.target.value)} className={fieldClassName}>
            <option value="">No project</option>
            {projects.map((option) => (
              <option key={option.id} value={option.id}>
                {option.identifier} · {option.name}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" size="xs" disabled={act.isPending}>
            Move to project
          </Button>
        </form>
        <Button variant="secondary" size="xs" disabled={act.isPending} onClick={() => act.mutate({ type: "delete" })}>
          Delete
        </Button>
        <Button variant="ghost" size="xs" className="ml-auto" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      {act.error && <FormError message={refusalMessage(act.error)} />}
    </section>
  );
}
