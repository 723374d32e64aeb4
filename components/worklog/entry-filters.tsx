import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";
import { ProjectSelect, type ProjectOption } from "@/components/projects/project-select";
import { TextField } from "@/components/ui/field";
import type { EntryFilters as Filters } from "@/lib/worklog/actions";

/** The list's filters, submitted into the URL (a GET form), so that a filtered list can be linked and reloaded. */
export function EntryFilters({ filters, projects }: { filters: Filters; projects: ProjectOption[] }) {
  return (
    <form method="get" action="/" aria-label="Filter entries" className="grid grid-cols-2 gap-4 rounded-lg bg-zinc-50 p-4 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end dark:bg-zinc-900">
      <ProjectSelect label="Project" name="project_id" projects={projects} noneLabel="All projects" defaultValue={filters.project_id ?? ""} className="max-lg:col-span-2" />
      <TextField label="Any of the tags" name="tags" autoComplete="off" placeholder="e.g. design review" defaultValue={filters.tags} className="max-lg:col-span-2" />
      <TextField label="From" name="from" type="date" defaultValue={filters.from} />
      <TextField label="To" name="to" type="date" defaultValue={filters.to} />
      <div className="col-span-2 flex gap-2 lg:col-span-1">
        <button type="submit" className={buttonClassName("primary")}>
          Filter
        </button>
        <Link href="/" className={buttonClassName("secondary")}>
          Clear
        </Link>
      </div>
    </form>
  );
}
