// Deleting a workspace (Settings → Workspace; docs/api.md, "Workspaces"): the owner's only, with
// everything it holds, and never the only workspace of any of its members.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { addMemberBySlug, createWorkspace, memberWorkspaceId } from "@/lib/workspaces/workspace-creation";
import { deleteWorkspace } from "@/lib/workspaces/workspace-deletion";
import { accessIn, accessOf } from "../support/access";

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `deleting-${++accounts}-${Date.now()}@example.com` } });

async function team() {
  const owner = await newUser();
  const slug = await createWorkspace(owner.id, owner.email, "Doomed Team");
  const workspaceId = await memberWorkspaceId(slug, owner.id);
  return { owner, slug, workspaceId, access: await accessIn(owner, workspaceId) };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("deleteWorkspace", () => {
  it("deletes the owner's workspace with its data and memberships; the members keep their own", async () => {
    const { owner, slug, workspaceId, access } = await team();
    const member = await newUser();
    await addMemberBySlug(slug, member.id, "member");
    await getDb().project.create({ data: { workspaceId, userId: owner.id, name: "Gone", identifier: "GO" } });

    await deleteWorkspace(access);
    expect(await getDb().workspace.findUnique({ where: { id: workspaceId } })).toBeNull();
    expect(await getDb().project.count({ where: { workspaceId } })).toBe(0);
    expect(await getDb().membership.count({ where: { workspaceId } })).toBe(0);
    expect(await getDb().membership.count({ where: { userId: member.id } })).toBe(1);
  });

  it("is the owner's alone", async () => {
    const { slug, workspaceId } = await team();
    const admin = await newUser();
    await addMemberBySlug(slug, admin.id, "admin");
    const error = await refusal(deleteWorkspace(await accessIn(admin, workspaceId)));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe("authorization");
    expect(await getDb().workspace.count({ where: { id: workspaceId } })).toBe(1);
  });

  it("refuses the owner's only workspace, and the only workspace of a member", async () => {
    const alone = await newUser();
    const own = await accessOf(alone);
    expect(((await refusal(deleteWorkspace(own))) as AppError).message).toMatch(/^This is your only workspace/);

    const { slug, workspaceId, access } = await team();
    const stranded = await newUser();
    await addMemberBySlug(slug, stranded.id, "viewer");
    await getDb().workspace.delete({ where: { id: (await accessOf(stranded)).workspace.id } });
    expect(((await refusal(deleteWorkspace(access))) as AppError).message).toBe("This is the only workspace of a member: remove them first.");
    expect(await getDb().workspace.count({ where: { id: workspaceId } })).toBe(1);
  });
});
