import { z } from "zod";
import { listMembers } from "@/lib/workspaces/members";
import { workspaceOperations } from "@/lib/workspaces/operations";
import { memberListResponseSchema } from "@/lib/workspaces/responses";
import { defineTool } from "./tool";
import { plural } from "./tool-summaries";

export const listMembersTool = defineTool({
  name: "list_members",
  title: "List the workspace's members",
  description:
    "List the members of the workspace the credential works in, with their user ids and roles (owner, admin, member, viewer); emails only where the caller may see them.",
  operation: workspaceOperations.listMembers,
  arguments: "query",
  input: z.object({}),
  output: memberListResponseSchema,
  async run({ access }) {
    const members = await listMembers(access);
    const lines = members.map((member) => `- ${member.name ?? member.email ?? "(no name)"}: ${member.role} (user id ${member.user_id})`);
    return { structured: { members }, summary: [`${plural(members.length, "member", "members")}.`, ...lines].join("\n") };
  },
});
