import type { ComponentProps } from "react";
import { SelectField } from "@/components/ui/field";

export type ProjectOption = { id: string; name: string; identifier: string };

type ProjectSelectProps = Omit<ComponentProps<typeof SelectField>, "children"> & {
  projects: ProjectOption[];
  /** The first choice, which selects no project. */
  noneLabel: string;
};

/** A select of the account's projects, shown as "WP · Website Project". */
export function ProjectSelect({ projects, noneLabel, ...select }: ProjectSelectProps) {
  return (
    <SelectField {...select}>
      <option value="">{noneLabel}</option>
      {projects.map((project) => (
        <option key={project.id} value={project.id}>
          {project.identifier} · {project.name}
        </option>
      ))}
    </SelectField>
  );
}
