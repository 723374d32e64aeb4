import type { z } from "zod";
import { exampleCreatedAt, exampleOrigin } from "@/lib/openapi/examples";
import type {
  createdInvitationResponseSchema,
  invitationResponseSchema,
  memberResponseSchema,
  userWorkspaceResponseSchema,
  workspaceResponseSchema,
} from "./responses";

const workspaceId = "01936f1e-0000-7c3d-9e4f-5a6b7c8d9e0f";
const ownerId = "01936f1e-8a2b-7c3d-9e4f-5a6b7c8d9e0f";

export const workspaceExample = {
  id: workspaceId,
  slug: "analytical-engines",
  name: "Analytical Engines",
  entries_visible_to: "members",
  inserted_at: exampleCreatedAt,
  role: "owner",
  member_count: 2,
} satisfies z.infer<typeof workspaceResponseSchema>;

export const userWorkspaceExample = {
  id: workspaceId,
  slug: "analytical-engines",
  name: "Analytical Engines",
  entries_visible_to: "members",
  inserted_at: exampleCreatedAt,
  role: "owner",
} satisfies z.infer<typeof userWorkspaceResponseSchema>;

export const memberExample = {
  user_id: "01936f1f-1b2c-7d3e-8f4a-5b6c7d8e9f01",
  name: "Charles Babbage",
  email: "charles@example.com",
  role: "member",
  joined_at: exampleCreatedAt,
} satisfies z.infer<typeof memberResponseSchema>;

export const ownerMemberExample = { ...memberExample, user_id: ownerId, name: "Ada Lovelace", email: "ada@example.com", role: "owner" } satisfies z.infer<
  typeof memberResponseSchema
>;

export const invitationExample = {
  id: "01936f20-2c3d-7e4f-9a5b-6c7d8e9f0a12",
  email: "mary@example.com",
  role: "member",
  expires_at: "2026-12-06T09:30:00.000Z",
  invited_by: ownerId,
  inserted_at: exampleCreatedAt,
} satisfies z.infer<typeof invitationResponseSchema>;

export const createdInvitationExample = {
  ...invitationExample,
  invite_url: `${exampleOrigin}/invite/wli_3kTqL8mZ0pXvB2nR7sYcW1hJ`,
  email_status: "queued",
} satisfies z.infer<typeof createdInvitationResponseSchema>;
