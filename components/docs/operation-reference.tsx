import type { ReactNode } from "react";
import { Markdown } from "@/components/markdown";
import type { Example, MediaType, OpenApiDocument, Parameter } from "@/lib/openapi/document";
import { fieldRows, resolveResponse, schemaRules, typeLabel, type DocumentedOperation, type FieldRow } from "@/lib/openapi/reading";

const methodClassName = {
  get: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  post: "bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-200",
  put: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300",
  delete: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
};

export function MethodBadge({ method }: { method: DocumentedOperation["method"] }) {
  return (
    <span className={`inline-block w-14 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold uppercase ${methodClassName[method]}`}>
      {method}
    </span>
  );
}

/** Long lines wrap rather than scroll, so that phones need no sideways scrolling. */
export function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</figcaption>
      <pre className="rounded-md bg-zinc-900 p-3 text-xs leading-relaxed whitespace-pre-wrap text-zinc-100 wrap-anywhere dark:bg-black">
        <code>{children}</code>
      </pre>
    </figure>
  );
}

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

/** A one-line description, with its `backticked` parts as code. */
function Prose({ text }: { text: string }) {
  return text.split(/`([^`]+)`/).map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className="rounded bg-zinc-100 px-1 font-mono text-[0.85em] dark:bg-zinc-800">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold tracking-wide text-zinc-700 uppercase dark:text-zinc-300">{title}</h4>
      {children}
    </div>
  );
}

function FieldList({ rows }: { rows: (FieldRow & { location?: string })[] }) {
  return (
    <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
      {rows.map((row) => (
        <li key={row.name} className="space-y-1 px-3 py-2">
          <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <code className="font-mono font-semibold break-all">{row.name}</code>
            <span className="text-zinc-600 dark:text-zinc-400">{row.type}</span>
            {row.location && <span className="text-zinc-600 dark:text-zinc-400">in {row.location}</span>}
            {row.required && <span className="text-xs font-semibold text-red-700 uppercase dark:text-red-300">required</span>}
          </p>
          {row.description && (
            <p className="text-zinc-700 dark:text-zinc-300">
              <Prose text={row.description} />
            </p>
          )}
          {row.rules.length > 0 && <p className="text-xs break-words text-zinc-600 dark:text-zinc-400">{row.rules.join(" · ")}</p>}
        </li>
      ))}
    </ul>
  );
}

function parameterRow(document: OpenApiDocument, parameter: Parameter): FieldRow & { location: string } {
  return {
    name: parameter.name,
    location: parameter.in,
    type: typeLabel(document, parameter.schema),
    required: parameter.required,
    rules: schemaRules(document, parameter.schema),
    description: parameter.description,
  };
}

function examplesOf(media: MediaType): Example[] {
  if (media.examples) return Object.values(media.examples);
  return media.example === undefined ? [] : [{ summary: "", value: media.example }];
}

function curlCommand(origin: string, { method, path, operation }: DocumentedOperation): string {
  const media = operation.requestBody?.content["application/json"];
  const credentials = operation["x-scope"] ? " -u wl_yourkey:" : "";
  const lines = [`curl${credentials}${method === "get" ? "" : ` -X ${method.toUpperCase()}`} '${origin}${path}'`];
  if (media?.example !== undefined) lines.push(`-H 'content-type: application/json'`, `-d '${JSON.stringify(media.example)}'`);
  return lines.join(" \\\n  ");
}

function StatusCode({ status }: { status: string }) {
  return <code className="w-10 shrink-0 font-mono font-semibold">{status}</code>;
}

export function OperationReference({ document, origin, entry }: { document: OpenApiDocument; origin: string; entry: DocumentedOperation }) {
  const { operation, method, path } = entry;
  const titleId = `${operation.operationId}-title`;
  const bodyMedia = operation.requestBody && Object.values(operation.requestBody.content)[0];
  const responses = Object.entries(operation.responses).map(([status, response]) => ({ status, response: resolveResponse(document, response) }));
  const successes = responses.filter(({ status }) => status.startsWith("2"));
  const errors = responses.filter(({ status }) => !status.startsWith("2"));
  return (
    <article id={operation.operationId} aria-labelledby={titleId} className="scroll-mt-6 space-y-5 border-t border-zinc-200 pt-8 dark:border-zinc-800">
      <div className="space-y-2">
        <h3 id={titleId} className="text-lg font-semibold tracking-tight">
          {operation.summary}
        </h3>
        <p className="flex items-center gap-2">
          <MethodBadge method={method} />
          <code className="font-mono text-sm break-all">{path}</code>
        </p>
      </div>
      {operation.description && <Markdown>{operation.description}</Markdown>}
      {operation.parameters && (
        <Block title="Parameters">
          <FieldList rows={operation.parameters.map((parameter) => parameterRow(document, parameter))} />
        </Block>
      )}
      {operation.requestBody && bodyMedia && (
        <Block title="Request body">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {Object.keys(operation.requestBody.content).join(" or ")}
            {operation.requestBody.required ? "" : "; may be empty"}
          </p>
          <FieldList rows={fieldRows(document, bodyMedia.schema)} />
        </Block>
      )}
      <CodeBlock label="Example request">{curlCommand(origin, entry)}</CodeBlock>
      <Block title="Responses">
        {successes.map(({ status, response }) => (
          <div key={status} className="space-y-2">
            <p className="flex gap-2 text-sm">
              <StatusCode status={status} />
              <span>
                <Prose text={response.description} />
              </span>
            </p>
            {Object.entries(response.content ?? {}).flatMap(([type, media]) =>
              examplesOf(media).map((example) => (
                <CodeBlock key={`${type}-${example.summary}`} label={[`Example ${type} body`, example.summary].filter(Boolean).join(": ")}>
                  {asText(example.value)}
                </CodeBlock>
              )),
            )}
          </div>
        ))}
      </Block>
      {errors.length > 0 && (
        <Block title="Errors">
          <ul className="space-y-2 text-sm">
            {errors.map(({ status, response }) => {
              const examples = Object.values(response.content ?? {}).flatMap(examplesOf);
              return (
                <li key={status} className="flex gap-2">
                  <StatusCode status={status} />
                  <div className="min-w-0 flex-1 space-y-1">
                    <p>
                      <Prose text={response.description} />
                    </p>
                    {examples.length > 0 && (
                      <details className="text-xs">
                        <summary className="cursor-pointer rounded-sm text-zinc-600 dark:text-zinc-400">
                          {examples.length === 1 ? "Body" : `Bodies (${examples.length})`}
                        </summary>
                        <div className="mt-2 space-y-2">
                          {examples.map((example) => (
                            <CodeBlock key={example.summary} label={example.summary || `${status} body`}>
                              {asText(example.value)}
                            </CodeBlock>
                          ))}
                        </div>
                      </details>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </Block>
      )}
    </article>
  );
}
