import type { ReactNode } from "react";
import { Markdown } from "@/components/markdown";
import type { Example, MediaType, OpenApiDocument, Parameter, ResponseObject } from "@/lib/openapi/types";
import {
  fieldRows,
  requestBodyMedia,
  resolveResponse,
  schemaRules,
  sharedResponseName,
  sharedResponses,
  typeLabel,
  type DocumentedOperation,
  type FieldRow,
} from "@/lib/openapi/reading";
import { CodeBlock } from "./code-block";

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
  const mcp = operation["x-mcp-tools"] !== undefined;
  const credentials = operation["x-scope"] || mcp ? " -u wl_yourkey:" : "";
  const lines = [`curl${credentials}${method === "get" ? "" : ` -X ${method.toUpperCase()}`} '${origin}${path}'`];
  // The MCP transport wants clients that take both of its answers' types.
  if (mcp) lines.push(`-H 'accept: application/json, text/event-stream'`);
  if (media?.example !== undefined) lines.push(`-H 'content-type: application/json'`, `-d '${JSON.stringify(media.example)}'`);
  return lines.join(" \\\n  ");
}

const linkClassName = "rounded-sm text-brand-700 underline underline-offset-4 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-100";

const bodiesOf = (response: ResponseObject) => Object.values(response.content ?? {}).flatMap(examplesOf);

function ErrorBodies({ status, examples }: { status: string; examples: Example[] }) {
  return examples.map((example) => (
    <CodeBlock key={example.summary} label={example.summary || `${status} body`}>
      {asText(example.value)}
    </CodeBlock>
  ));
}

const sharedResponseId = (name: string) => `error-${name}`;

/** `TooManyRequests` as "Too many requests". */
const inWords = (name: string) => name.replaceAll(/(?<=[a-z])(?=[A-Z])/g, " ").replace(/(?<= )[A-Z]/g, (letter) => letter.toLowerCase());

/** The errors many endpoints share, each with its bodies, shown once: the endpoints link here. */
export function CommonErrors({ document }: { document: OpenApiDocument }) {
  const shared = sharedResponses(document)
    .map((entry) => ({ ...entry, examples: bodiesOf(entry.response) }))
    .filter(({ examples }) => examples.length > 0);
  return shared.map(({ name, status, response, examples }) => (
    <div key={name} id={sharedResponseId(name)} className="scroll-mt-6 space-y-3 border-t border-zinc-200 pt-6 dark:border-zinc-800">
      <h3 className="flex gap-2 text-lg font-semibold tracking-tight">
        <StatusCode status={status} />
        {inWords(name)}
      </h3>
      <p className="text-sm">
        <Prose text={response.description} />
      </p>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <ErrorBodies status={status} examples={examples} />
      </div>
    </div>
  ));
}

function StatusCode({ status }: { status: string }) {
  return <code className="w-10 shrink-0 font-mono font-semibold">{status}</code>;
}

/**
 * One endpoint. On wide screens its examples stand in a column beside what they illustrate; on
 * narrow ones they come after the parameters and before the responses.
 */
export function OperationReference({ document, origin, entry }: { document: OpenApiDocument; origin: string; entry: DocumentedOperation }) {
  const { operation, method, path } = entry;
  const titleId = `${operation.operationId}-title`;
  const bodyMedia = requestBodyMedia(operation);
  const responses = Object.entries(operation.responses).map(([status, response]) => ({
    status,
    shared: sharedResponseName(response),
    response: resolveResponse(document, response),
  }));
  const successes = responses.filter(({ status }) => status.startsWith("2"));
  const errors = responses.filter(({ status }) => !status.startsWith("2"));
  return (
    <article
      id={operation.operationId}
      aria-labelledby={titleId}
      className="grid scroll-mt-6 grid-cols-1 gap-5 border-t border-zinc-200 pt-8 lg:grid-cols-2 lg:grid-rows-[auto_auto_1fr] lg:gap-x-8 dark:border-zinc-800"
    >
      <div className="space-y-2 lg:col-span-2">
        <h3 id={titleId} className="text-lg font-semibold tracking-tight">
          {operation.summary}
        </h3>
        <p className="flex items-center gap-2">
          <MethodBadge method={method} />
          <code className="font-mono text-sm break-all">{path}</code>
        </p>
      </div>
      {(operation.description || operation.parameters || bodyMedia) && (
        <div className="space-y-5">
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
        </div>
      )}
      <div className="space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-2">
        <CodeBlock label="Example request">{curlCommand(origin, entry)}</CodeBlock>
        {successes.flatMap(({ status, response }) =>
          Object.entries(response.content ?? {}).flatMap(([type, media]) =>
            examplesOf(media).map((example) => (
              <CodeBlock
                key={`${status}-${type}-${example.summary}`}
                label={[`Example ${status} response (${type})`, example.summary].filter(Boolean).join(": ")}
              >
                {asText(example.value)}
              </CodeBlock>
            )),
          ),
        )}
      </div>
      <div className="space-y-5 lg:col-start-1">
        <Block title="Responses">
          <ul className="space-y-2 text-sm">
            {successes.map(({ status, response }) => (
              <li key={status} className="flex gap-2">
                <StatusCode status={status} />
                <span>
                  <Prose text={response.description} />
                </span>
              </li>
            ))}
          </ul>
        </Block>
        {errors.length > 0 && (
          <Block title="Errors">
            <ul className="space-y-2 text-sm">
              {errors.map(({ status, shared, response }) => {
                const examples = bodiesOf(response);
                return (
                  <li key={status} className="flex gap-2">
                    <StatusCode status={status} />
                    <div className="min-w-0 flex-1 space-y-1">
                      <p>
                        <Prose text={response.description} />
                      </p>
                      {examples.length > 0 &&
                        (shared ? (
                          <a href={`#${sharedResponseId(shared)}`} className={`text-xs ${linkClassName}`}>
                            {examples.length === 1 ? "Body" : `${examples.length} bodies`} under Common errors
                          </a>
                        ) : (
                          <details className="text-xs">
                            <summary className="cursor-pointer rounded-sm text-zinc-600 dark:text-zinc-400">
                              {examples.length === 1 ? "Body" : `Bodies (${examples.length})`}
                            </summary>
                            <div className="mt-2 space-y-2">
                              <ErrorBodies status={status} examples={examples} />
                            </div>
                          </details>
                        ))}
                    </div>
                  </li>
                );
              })}
            </ul>
          </Block>
        )}
      </div>
    </article>
  );
}
