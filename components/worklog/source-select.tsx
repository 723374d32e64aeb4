import { SelectField } from "@/components/ui/field";
import { entrySourceLabels, entrySources } from "@/lib/worklog/sources";
import type { ComponentProps } from "react";

/** The entries' source filter, "Any source" or one of the sources an entry is written from. */
export function SourceSelect(props: Omit<ComponentProps<typeof SelectField>, "label" | "name" | "children">) {
  return (
    <SelectField label="Source" name="source" {...props}>
      <option value="">Any source</option>
      {entrySources.map((source) => (
        <option key={source} value={source}>
          {entrySourceLabels[source]}
        </option>
      ))}
    </SelectField>
  );
}
