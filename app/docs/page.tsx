import type { Metadata } from "next";
import { headers } from "next/headers";
import { CodeBlock } from "@/components/docs/code-block";
import { ContentsLink, ContentsNav } from "@/components/docs/contents";
import { EndpointFilter, EndpointSearch, Filtered, FilterResults, type SearchableEndpoint } from "@/components/docs/endpoint-filter";
import { McpClients } from "@/components/docs/mcp-clients";
import { CommonErrors, MethodBadge, OperationReference } from "@/components/docs/operation-reference";
import { Markdown } from "@/components/markdown";
import { PageHeader } from "@/components/page-header";
import { mcpOperations } from "@/lib/mcp/operations";
import { publishedDocument } from "@/lib/openapi/document";
import { operationsByTag } from "@/lib/openapi/reading";
import { endpointSearchText } from "@/lib/openapi/search";
import { publicOrigin } from "@/lib/public-origin";

export const metadata: Metadata = { title: "API reference" };

const tagId = (name: string) => `tag-${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-")}`;

const tocLinkClassName =
  "flex items-center gap-2 rounded-md px-2 py-1 text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 aria-[current]:bg-brand-50 aria-[current]:text-brand-800 dark:text-zinc-300 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100 dark:aria-[current]:bg-brand-950 dark:aria-[current]:text-brand-100";

const sectionHeadingClassName = "text-2xl font-semibold tracking-tight";

/**
 * The API reference, rendered from the same OpenAPI document that /api/v1/openapi.json serves.
 * On wide screens it takes more room than other pages, for its examples' column.
 */
export default async function DocsPage() {
  const { origin, document } = publishedDocument(publicOrigin(await headers()));
  const groups = operationsByTag(document);
  const endpoints: SearchableEndpoint[] = groups.flatMap((group) =>
    group.operations.map((entry) => ({ id: entry.operation.operationId, section: tagId(group.name), searchText: endpointSearchText(document, entry) })),
  );
  const targets = [
    "overview",
    ...groups.flatMap((group) => [tagId(group.name), ...group.operations.map(({ operation }) => operation.operationId)]),
    "common-errors",
  ];
  return (
    <div className="space-y-10">
      <PageHeader
        title="API reference"
        description={
          <p>
            Every endpoint of the REST API and of the OAuth device flow, generated from the schemas the server validates requests with. Also as an OpenAPI 3.1
            document:{" "}
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

      <EndpointFilter endpoints={endpoints}>
        <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
          <div className="mb-10 space-y-4 lg:sticky lg:top-24 lg:mb-0 lg:flex lg:max-h-[calc(100dvh-7.5rem)] lg:flex-col lg:self-start">
            <EndpointSearch />
            <ContentsNav label="API reference contents" targets={targets} className="text-sm lg:-mx-1 lg:min-h-0 lg:overflow-y-auto lg:p-1">
              <ul className="space-y-4">
                <Filtered as="li" id="overview">
                  <ContentsLink target="overview" className={`${tocLinkClassName} font-semibold`}>
                    Overview
                  </ContentsLink>
                </Filtered>
                {groups.map((group) => (
                  <Filtered as="li" key={group.name} id={tagId(group.name)}>
                    <ContentsLink target={tagId(group.name)} className={`${tocLinkClassName} font-semibold`}>
                      {group.name}
                    </ContentsLink>
                    <ul className="mt-1 space-y-0.5">
                      {group.operations.map(({ method, operation }) => (
                        <Filtered as="li" key={operation.operationId} id={operation.operationId}>
                          <ContentsLink target={operation.operationId} className={tocLinkClassName}>
                            <MethodBadge method={method} />
                            <span className="min-w-0">{operation.summary}</span>
                          </ContentsLink>
                        </Filtered>
                      ))}
                    </ul>
                  </Filtered>
                ))}
                <li>
                  <ContentsLink target="common-errors" className={`${tocLinkClassName} font-semibold`}>
                    Common errors
                  </ContentsLink>
                </li>
              </ul>
            </ContentsNav>
          </div>

          <div className="min-w-0 space-y-14">
            <FilterResults className="scroll-mt-6 space-y-14">
              <Filtered id="overview">
                <section id="overview" aria-labelledby="overview-title" className="scroll-mt-6 space-y-4">
                  <h2 id="overview-title" className={sectionHeadingClassName}>
                    Overview
                  </h2>
                  <CodeBlock label="Base URL">{origin}</CodeBlock>
                  <Markdown>{document.info.description}</Markdown>
                  <CodeBlock label="Your first request">{`curl -u wl_yourkey: ${origin}/api/v1/user`}</CodeBlock>
                </section>
              </Filtered>

              {groups.map((group) => (
                <Filtered key={group.name} id={tagId(group.name)}>
                  <section id={tagId(group.name)} aria-labelledby={`${tagId(group.name)}-title`} className="scroll-mt-6 space-y-6">
                    <div className="space-y-2">
                      <h2 id={`${tagId(group.name)}-title`} className={sectionHeadingClassName}>
                        {group.name}
                      </h2>
                      <Markdown>{group.description}</Markdown>
                    </div>
                    {group.name === mcpOperations.endpoint.tag.name && <McpClients origin={origin} />}
                    {group.operations.map((entry) => (
                      <Filtered key={entry.operation.operationId} id={entry.operation.operationId}>
                        <OperationReference document={document} origin={origin} entry={entry} />
                      </Filtered>
                    ))}
                  </section>
                </Filtered>
              ))}
            </FilterResults>

            <section id="common-errors" aria-labelledby="common-errors-title" className="scroll-mt-6 space-y-6">
              <div className="space-y-2">
                <h2 id="common-errors-title" className={sectionHeadingClassName}>
                  Common errors
                </h2>
                <p className="text-sm text-zinc-800 dark:text-zinc-200">
                  Errors that many endpoints share, with their bodies. Each endpoint lists those it may answer with.
                </p>
              </div>
              <CommonErrors document={document} />
            </section>
          </div>
        </div>
      </EndpointFilter>
    </div>
  );
}
