import type { FieldLabel } from "@/lib/server-actions/field-messages";

export type EntryField = "content" | "recorded_at" | "duration_seconds" | "tags" | "project_id";

/** The entry form's fields, as the server actions that save an entry name them to people. */
export const entryFields = {
  content: "description of your work",
  recorded_at: "date and time",
  // The form asks for minutes.
  duration_seconds: { label: "duration", unit: { name: "minute", size: 60 } },
  tags: { label: "tags", item: "tag" },
  project_id: "project",
} satisfies Record<EntryField, FieldLabel>;
