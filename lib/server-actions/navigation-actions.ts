"use server";

import { listProjects } from "@/lib/projects/projects";
import { listRepositories } from "@/lib/repositories/repositories";
import { workspaceChoices, type SwitcherWorkspace } from "@/lib/workspaces/user-workspaces";
import { z } from "zod";
import type { ActionResult } from "./action-result";
import { runSignedInAction } from "./run-action";

export type NavigationTargets = {
  projects: { id: string; name: string; identifier: string }[];
  repositories: { id: string; name: string }[];
  workspaces: SwitcherWorkspace[];
};

/** The account's projects and repositories (the first hundred of each) and workspaces, for the command palette to jump to. */
export async function navigationTargets(): Promise<ActionResult<NavigationTargets>> {
  return runSignedInAction("/", {
    schema: z.undefined(),
    input: undefined,
    fields: {},
    run: async (_, access) => {
      const [projects, repositories, workspaces] = await Promise.all([
        listProjects(access, { limit: 100 }),
        listRepositories(access, { limit: 100 }),
        workspaceChoices(access.user.id, access.workspace.id),
      ]);
      return {
        projects: projects.rows.map(({ id, name, identifier }) => ({ id, name, identifier })),
        repositories: repositories.rows.map(({ id, name }) => ({ id, name })),
        workspaces,
      };
    },
  });
}
