import type { ProjectOption } from "@/components/projects/project-select";
import type { EntryPreview } from "@/lib/offline/outbox-item";
import { entryChanges, entryInput, type EntryFormValues } from "@/lib/worklog/entry-form-values";
import type { EntryView } from "@/lib/worklog/views";

const storedTags = (tags: string[]) => [...new Set(tags.map((tag) => tag.toLowerCase()))];

const projectOf = (projects: ProjectOption[], id: string | null | undefined) => {
  const project = projects.find((candidate) => candidate.id === id);
  return project ? { id: project.id, name: project.name, identifier: project.identifier } : null;
};

/** The entry an edit will make, shown in the list while the edit is on its way (or waits in the outbox). */
export function optimisticEntry(entry: EntryView, values: EntryFormValues, timeZone: string, projects: ProjectOption[]): EntryView {
  const input = entryChanges(entry, values, timeZone);
  const project = projectOf(projects, input.project_id);
  return {
    ...entry,
    content: input.content,
    recorded_at: input.recorded_at ?? entry.recorded_at,
    duration_seconds: input.duration_seconds ?? null,
    // A duration stops a running entry's timer (docs/api.md, "Timer").
    running: entry.running && input.duration_seconds === undefined,
    tags: storedTags(input.tags),
    project_id: project?.id ?? null,
    project,
  };
}

/** What the outbox's item keeps of an entry, to show it while it waits. */
export function previewOf({ content, recorded_at, duration_seconds, tags, project, running }: EntryView): EntryPreview {
  return { content, recorded_at, duration_seconds, tags, project, running };
}

/** A new entry as the composer's values make it, recorded `now` unless they say when. */
export function newEntryPreview(values: EntryFormValues, timeZone: string, projects: ProjectOption[], now = new Date()): EntryPreview {
  const input = entryInput(values, timeZone);
  return {
    content: input.content,
    recorded_at: input.recorded_at ?? now.toISOString(),
    duration_seconds: input.duration_seconds,
    tags: storedTags(input.tags),
    project: projectOf(projects, input.project_id),
    running: false,
  };
}
