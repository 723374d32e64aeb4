import type { z } from "zod";
import { exampleCreatedAt, exampleEntryId, exampleOrigin, exampleUpdatedAt } from "@/lib/openapi/examples";
import { commitExample } from "@/lib/repositories/examples";
import type { createdRecapResponseSchema, recapResponseSchema } from "./responses";
import type { createdRecapShareResponseSchema, recapShareResponseSchema } from "./share-responses";

const id = "01936f24-5f6a-7b7c-8d8e-9f0a1b2c3d45";
/** The example commit's page: its repository's remote is on GitHub. */
const commitUrl = `https://github.com/example/website/commit/${commitExample.sha}`;

export const completedRecapExample = {
  id,
  url: `/api/v1/worklog/recaps/${id}`,
  status: "completed",
  content:
    "# Recap 16–22 Nov 2026\n\n1 entry across 1 project, 1h 30m tracked, 1 commit.\n\n## Website Project\n\n1 entry, 1h 30m.\n\n" +
    `- Built the pricing page and fixed the footer links ([22 Nov](/?entry=${exampleEntryId}); commit [\`${commitExample.sha.slice(0, 7)}\`](${commitUrl}))\n\n` +
    "## Tags\n\n- `frontend`: 1 entry, 1h 30m\n- `release`: 1 entry, 1h 30m\n\n## Day by day\n\n- **Sunday 2026-11-22**: 1 entry, 1h 30m (Website Project)\n",
  metadata: { entry_count: 1, projects: ["Website Project"], tags: ["frontend", "release"], total_duration_seconds: 5400, commit_count: 1 },
  sources: [
    { type: "entry", id: exampleEntryId },
    { type: "commit", id: commitExample.id },
  ],
  template: "summary",
  filters: { from: "2026-11-16T00:00:00.000Z", to: "2026-11-22T23:59:59.999Z", project_ids: [], tags: [], exclude_tags: [] },
  error: null,
  inserted_at: exampleCreatedAt,
  updated_at: exampleUpdatedAt,
  completed_at: exampleUpdatedAt,
} satisfies z.infer<typeof recapResponseSchema>;

const processingRecap = {
  ...completedRecapExample,
  status: "processing",
  content: null,
  metadata: null,
  sources: null,
  updated_at: exampleCreatedAt,
  completed_at: null,
} satisfies z.infer<typeof recapResponseSchema>;

/** The links the create response adds. */
const links = { recap_id: id, poll_url: processingRecap.url, sse_url: `${exampleOrigin}/api/v1/worklog/recaps/sse?recap_id=${id}` };

export const createdRecapExamples = {
  processing: { ...processingRecap, ...links } satisfies z.infer<typeof createdRecapResponseSchema>,
  completed: { ...completedRecapExample, ...links } satisfies z.infer<typeof createdRecapResponseSchema>,
};

const streamedEvents = [
  {
    id: `${id}:0`,
    data: { recap_id: id, status: "processing", delta: "# Recap 16–22 Nov 2026\n\n", partial_content: "# Recap 16–22 Nov 2026\n\n" },
  },
  {
    id: `${id}:1`,
    data: {
      recap_id: id,
      status: "processing",
      delta: "1 entry across 1 project, 1h 30m tracked, 1 commit.\n\n",
      partial_content: "# Recap 16–22 Nov 2026\n\n1 entry across 1 project, 1h 30m tracked, 1 commit.\n\n",
    },
  },
  { id: `${id}:2`, data: { recap_id: id, ...completedRecapExample } },
];

/** A stream of a recap as it arrives: deltas, then the finished recap. */
export const recapStreamExample =
  [": connected", ...streamedEvents.map((event) => `id: ${event.id}\ndata: ${JSON.stringify(event.data)}`)].join("\n\n") + "\n\n";

/** A recap's link as its owner reads it, and as it is answered once, at its creation. */
export const recapShareExample = {
  recap_id: id,
  active: true,
  views: 3,
  created_at: exampleUpdatedAt,
  revoked_at: null,
} satisfies z.infer<typeof recapShareResponseSchema>;

const shareToken = "4fJq8ZrT2mXc7LpW0aNs3B";

export const createdRecapShareExample = {
  ...recapShareExample,
  views: 0,
  url: `${exampleOrigin}/r/${shareToken}`,
  token: shareToken,
} satisfies z.infer<typeof createdRecapShareResponseSchema>;
