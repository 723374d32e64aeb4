// A workspace with one member of each role, each with a key of every scope bound to it, made
// through the admin CLI's commands (workspace:create, member:add, key:create --workspace).
import { allScopes } from "./accounts";
import type { TestServer } from "./server";

export const roles = ["viewer", "member", "admin", "owner"] as const;
export type Role = (typeof roles)[number];

export type Teammate = { email: string; key: string };
export type Team = { slug: string } & Record<Role, Teammate>;

export async function newTeam(server: Pick<TestServer, "createUser" | "createKey" | "createWorkspace" | "addMember">, name = "Team"): Promise<Team> {
  const owner = await server.createUser();
  const slug = await server.createWorkspace(owner.email, name);
  const members = await Promise.all(
    (["admin", "member", "viewer"] as const).map(async (role) => {
      const { email } = await server.createUser();
      await server.addMember(slug, email, role);
      return [role, { email, key: await server.createKey(email, allScopes, `${role} key`, slug) }] as const;
    }),
  );
  const ownerKey = await server.createKey(owner.email, allScopes, "owner key", slug);
  return { slug, owner: { email: owner.email, key: ownerKey }, ...Object.fromEntries(members) } as Team;
}
