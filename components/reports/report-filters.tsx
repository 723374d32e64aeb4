"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ProjectSelect, type ProjectOption } from "@/components/projects/project-select";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { SourceSelect } from "@/components/worklog/source-select";
import { FormError } from "@/components/ui/form-feedback";
import { reportsHref, type ReportView } from "@/lib/reports/view";
import { rangeProblem, searchMaxLength } from "@/lib/worklog/filters";
import { useWorkspaceHref } from "@/components/workspaces/workspace-link";

/**
 * The report's days and the worklog's filters, applied with Apply or Enter (a project or a source
 * at once): the URL follows. New days make the period a custom one. Without scripts the form
 * still works, as a plain GET of the page.
 */
export function ReportFilters({ view, projects }: { view: ReportView; projects: ProjectOption[] }) {
  const router = useRouter();
  const workspaceHref = useWorkspaceHref();
  const [problem, setProblem] = useState<string>();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const [from, to] = [text("from"), text("to")];
    const rangeError = rangeProblem({ from, to });
    setProblem(rangeError);
    if (rangeError) return;
    const period = from === view.from && to === view.to ? {} : { preset: "custom" as const, from, to };
    router.push(
      workspaceHref(reportsHref({ ...view, ...period, filters: { q: text("q"), project_id: text("project_id"), tags: text("tags"), source: text("source") } })),
    );
  };
  const filtered = Object.keys(view.filters).length > 0;
  return (
    <form
      role="search"
      aria-label="Filter the report"
      action={workspaceHref("/reports")}
      onSubmit={apply}
      className="space-y-3 rounded-lg bg-zinc-50 p-4 dark:bg-zinc-900"
    >
      <input type="hidden" name="group_by" value={view.groupBy} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-6 [&>*]:min-w-0">
        <TextField label="From" name="from" type="date" required defaultValue={view.from} aria-invalid={problem ? true : undefined} />
        <TextField label="To" name="to" type="date" required defaultValue={view.to} aria-invalid={problem ? true : undefined} />
        <ProjectSelect
          label="Project"
          name="project_id"
          projects={projects}
          noneLabel="All projects"
          defaultValue={view.filters.project_id ?? ""}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        />
        <SourceSelect defaultValue={view.filters.source ?? ""} onChange={(event) => event.currentTarget.form?.requestSubmit()} />
        <TextField label="Any of the tags" name="tags" type="search" autoComplete="off" placeholder="#design review" defaultValue={view.filters.tags ?? ""} />
        <TextField label="Search" name="q" type="search" autoComplete="off" maxLength={searchMaxLength} defaultValue={view.filters.q ?? ""} />
      </div>
      <FormError message={problem} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" size="sm">
          Apply
        </Button>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={() => router.push(workspaceHref(reportsHref({ ...view, filters: {} })))}>
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
