"use client";

import { useEffect, useId, useRef } from "react";
import type { ProjectOption } from "@/components/projects/project-select";
import { entryFormValues, type EntryFormValues } from "@/lib/worklog/entry-form-values";
import type { EntryView } from "@/lib/worklog/views";
import { EntryForm } from "./entry-form";
import { formRefusal, useEntryMutations } from "./use-entry-mutations";

/** What the week view's dialog holds: an entry a block opened, or a new one an empty slot started. */
export type Editing = { kind: "edit"; entry: EntryView } | { kind: "new"; values: EntryFormValues };

type EntryDialogProps = {
  editing: Editing;
  projects: ProjectOption[];
  tags: string[];
  timeZone: string;
  onClosed: () => void;
};

/** The entry a block opened, or the one an empty slot started, in a native modal dialog (focus kept inside, Escape closes); saved as the list saves entries. */
export function EntryDialog({ editing, projects, tags, timeZone, onClosed }: EntryDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { create, update } = useEntryMutations({ projects, timeZone });
  const saving = editing.kind === "edit" ? update : create;
  const refusal = formRefusal(saving.error);
  useEffect(() => {
    if (!dialogRef.current?.open) dialogRef.current?.showModal();
  }, []);
  const close = () => dialogRef.current?.close();

  /** Closes the dialog once saved; a refusal stays in it. The form is never cleared: it goes with the dialog. */
  async function save(values: EntryFormValues) {
    try {
      if (editing.kind === "edit") await update.mutateAsync({ entry: editing.entry, values });
      else await create.mutateAsync(values);
      close();
    } catch {
      // The refusal is `saving.error`, shown in the form.
    }
    return false;
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClosed}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-4 text-zinc-900 backdrop:bg-zinc-950/40 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100"
    >
      <h2 id={titleId} className="mb-3 text-lg font-semibold">
        {editing.kind === "edit" ? "Edit entry" : "New entry"}
      </h2>
      <EntryForm
        autoFocus
        initialValues={editing.kind === "edit" ? entryFormValues(editing.entry, timeZone) : editing.values}
        projects={projects}
        tagSuggestions={tags}
        timeZone={timeZone}
        submitLabel={saving.isPending ? "Saving…" : editing.kind === "edit" ? "Save entry" : "Add entry"}
        pending={saving.isPending}
        fieldErrors={refusal?.fieldErrors}
        formError={refusal?.message}
        onSubmit={save}
        onCancel={close}
      />
    </dialog>
  );
}
