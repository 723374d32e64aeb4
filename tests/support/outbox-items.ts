// What the outbox's unit tests make their items of (lib/offline/).
import type { EntryPreview } from "@/lib/offline/outbox-item";

export const testQueue = { userId: "0190d8a4-0000-7000-8000-000000000001", workspace: "acme" };

/** An entry as the worklog shows it while a change of it waits. */
export const preview = (content: string, recordedAt = "2026-11-29T09:00:00.000Z"): EntryPreview => ({
  content,
  recorded_at: recordedAt,
  duration_seconds: null,
  tags: [],
  project: null,
  running: false,
});

/** An entry's body as the composer sends it. */
export const body = (content: string) => ({ content, tags: [], project_id: null });
