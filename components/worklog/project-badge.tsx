"use client";

import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { useProjectColour } from "@/components/project-colour-context";
import { FilterLink } from "./worklog-filters";

type ProjectSummary = { id: string; identifier: string; name: string };

const badgeClassName = "inline-flex min-h-6 items-center gap-1.5 rounded-full px-2 text-xs font-medium";

/** The badge's words, after a dot of the project's colour: the one its bars and blocks have. */
function BadgeText({ project, swatch }: { project: ProjectSummary; swatch: string }) {
  return (
    <>
      <span aria-hidden="true" data-project-colour={project.id} className={`size-2 shrink-0 rounded-full ${swatch}`} />
      <span className="font-mono">{project.identifier}</span>
      <span>{project.name}</span>
    </>
  );
}

/** A project's badge, linking to its page. */
export function ProjectBadge({ project }: { project: ProjectSummary }) {
  const colour = useProjectColour(project.id);
  return (
    <WorkspaceLink href={`/projects/${project.id}`} className={`${badgeClassName} ${colour.badge}`}>
      <BadgeText project={project} swatch={colour.swatch} />
    </WorkspaceLink>
  );
}

/** An entry's project badge, a link that filters the worklog by it. */
export function ProjectFilterBadge({ project }: { project: ProjectSummary }) {
  const colour = useProjectColour(project.id);
  return (
    <FilterLink filters={{ project_id: project.id }} className={`${badgeClassName} ${colour.badge}`} title={`Show the entries of ${project.name}`}>
      <BadgeText project={project} swatch={colour.swatch} />
    </FilterLink>
  );
}
