import type { Metadata } from "next";
import { headers } from "next/headers";
import { CodeBlock, MethodBadge, OperationReference } from "@/components/docs/operation-reference";
import { Markdown } from "@/components/markdown";
import { PageHeader } from "@/components/page-header";
import { publishedDocument } from "@/lib/openapi/document";
import { operationsByTag } from "@/lib/openapi/reading";
import { publicOrigin } from "@/lib/public-origin";

export const metadata: Metadata = { title: "API reference" };

const tagId = (name: string) => `tag-${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-")}`;

const tocLinkClassName =
  "flex items-center gap-2 rounded-md px-2 py-1 text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100";

/** The API reference, rendered from the same OpenAPI document that /api/v1/openapi.json serves. */
export default async function DocsPage() {
  const { origin, document } = publishedDocument(publicOrigin(await headers()));
  const groups = operationsByTag(document);
  return (
    <div className="space-y-10">
      <PageHeader
        title="API reference"
        description={
          <p>
            Every endpoint of the REST API and of the OAuth device flow, generated from the schemas the server validates
            requests with. Also as an OpenAPI 3.1 document:{" "}
            <a
              href="/api/v1/openapi.json"
              className="rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-100"
            >
              openapi.json
            </a>
            .
          </p>
        }
      />

      <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-label="API reference contents" className="mb-10 text-sm lg:sticky lg:top-6 lg:mb-0 lg:max-h-[calc(100dvh-3rem)] lg:self-start lg:overflow-y-auto">
          <ul className="space-y-4">
            <li>
              <a href="#overview" className={`${tocLinkClassName} font-semibold`}>
                Overview
              </a>
            </li>
            {groups.map((group) => (
              <li key={group.name}>
                <a href={`#${tagId(group.name)}`} className={`${tocLinkClassName} font-semibold`}>
                  {group.name}
                </a>
                <ul className="mt-1 space-y-0.5">
                  {group.operations.map(({ method, operation }) => (
                    <li key={operation.operationId}>
                      <a href={`#${operation.operationId}`} className={tocLinkClassName}>
                        <MethodBadge method={method} />
                        <span className="min-w-0">{operation.summary}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>

        <div className="min-w-0 space-y-14">
          <section aria-labelledby="overview" className="scroll-mt-6 space-y-4">
            <h2 id="overview" className="text-2xl font-semibold tracking-tight">
              Overview
            </h2>
            <CodeBlock label="Base URL">{origin}</CodeBlock>
            <Markdown>{document.info.description}</Markdown>
            <CodeBlock label="Your first request">{`curl -u wl_yourkey: ${origin}/api/v1/user`}</CodeBlock>
          </section>

          {groups.map((group) => (
            <section key={group.name} aria-labelledby={tagId(group.name)} className="scroll-mt-6 space-y-6">
              <div className="space-y-2">
                <h2 id={tagId(group.name)} className="text-2xl font-semibold tracking-tight">
                  {group.name}
                </h2>
                <Markdown>{group.description}</Markdown>
              </div>
              {group.operations.map((entry) => (
                <OperationReference key={entry.operation.operationId} document={document} origin={origin} entry={entry} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
