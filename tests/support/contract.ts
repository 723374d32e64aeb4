// The OpenAPI document is the contract: every request the API tests send through a server's
// `request` (server.ts) is checked against it, unless marked `invalid` (sent wrong on purpose),
// and every response they get back is checked against it: its status among the operation's,
// its documented headers by their schemas, its JSON body by the status's schema. A drift fails
// the test whose request showed it.
import type { HttpMethod } from "@/lib/api/operation";
import type { JsonSchema, OpenApiDocument, OperationObject, Parameter, Reference, ResponseObject } from "@/lib/openapi/types";
import { pointerSegment, schemaChecker } from "./openapi";

/** What the API serves under the document: everything else (pages, next-auth) is no part of it. */
const apiArea = /^\/(api\/(v1|mcp|live|health|hooks)(\/|$)|auth\/)/;

type Route = { template: string; pattern: RegExp; literals: number };

export type SentRequest = { method: string; url: URL; headers: Record<string, string>; body: string | undefined };

export class ContractViolation extends Error {
  constructor(what: string, problems: string[]) {
    super(`${what} breaks the OpenAPI document (/api/v1/openapi.json):\n  ${problems.join("\n  ")}`);
    this.name = "ContractViolation";
  }
}

function routesOf(document: OpenApiDocument): Route[] {
  return Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replaceAll(/[.]/g, "\\.").replaceAll(/\{\w+\}/g, "[^/]+")}$`),
      literals: template.split("/").filter((segment) => segment && !segment.startsWith("{")).length,
    }))
    .sort((a, b) => b.literals - a.literals);
}

/** A parameter's text as the value its schema describes: numbers, booleans, comma-separated lists. */
function typedValue(text: string, schema: JsonSchema): unknown {
  switch (schema.type) {
    case "integer":
    case "number":
      return text.trim() !== "" && !Number.isNaN(Number(text)) ? Number(text) : text;
    case "boolean":
      return text === "true" ? true : text === "false" ? false : text;
    case "array":
      return text.split(",");
    default:
      return text;
  }
}

const mediaTypeOf = (contentType: string | null) => (contentType ?? "").split(";")[0]!.trim().toLowerCase();

/**
 * A request body's media type as the document names it: the API reads any `+json` type as JSON
 * (docs/api.md, "Request bodies"; the document's 415 says so), while a request body lists only
 * `application/json`, since OpenAPI has no media range for structured syntax suffixes.
 */
const documentedRequestMedia = (media: string) => (media.endsWith("+json") ? "application/json" : media);

export function contractChecker(document: OpenApiDocument) {
  const { check } = schemaChecker(document);
  const routes = routesOf(document);
  const errorSchema = "#/components/schemas/Error";

  const routeOf = (pathname: string) => routes.find((route) => route.pattern.test(pathname));
  const operationOf = (method: string, pathname: string) => {
    const route = routeOf(pathname);
    const operation = route && document.paths[route.template]?.[method.toLowerCase() as HttpMethod];
    return route && operation ? { route, operation } : undefined;
  };
  const resolved = (response: ResponseObject | Reference): { object: ResponseObject; pointer: string } | undefined => {
    if (!("$ref" in response)) return undefined;
    const name = response.$ref.split("/").at(-1)!;
    return { object: document.components.responses[name]!, pointer: response.$ref };
  };
  const headerSchemaPointer = (header: Reference) => `${header.$ref}/schema`;
  const headerSchema = (header: Reference) => document.components.headers[header.$ref.split("/").at(-1)!]!.schema;

  function checkParameter(parameter: Parameter, text: string | undefined, pointer: string): string[] {
    if (text === undefined) return parameter.required ? [`${parameter.in} parameter ${parameter.name} is required`] : [];
    return check(`${pointer}/schema`, typedValue(text, parameter.schema)).map((problem) => `${parameter.in} parameter ${parameter.name}: ${problem}`);
  }

  /** The problems of a request the document does not describe as valid. */
  function checkRequest({ method, url, headers, body }: SentRequest): string[] {
    if (!apiArea.test(url.pathname)) return [];
    const found = operationOf(method, url.pathname);
    if (!found) return [`${method} ${url.pathname} is not an operation of the document`];
    const { route, operation } = found;
    const base = `#/paths/${pointerSegment(route.template)}/${method.toLowerCase()}`;
    const problems: string[] = [];
    const parameters = operation.parameters ?? [];
    const templateNames = route.template.split("/");
    const pathValues = Object.fromEntries(
      url.pathname
        .split("/")
        .flatMap((segment, i) => (templateNames[i]?.startsWith("{") ? [[templateNames[i]!.slice(1, -1), decodeURIComponent(segment)]] : [])),
    );
    const headerOf = (name: string) => Object.entries(headers).find(([header]) => header.toLowerCase() === name.toLowerCase())?.[1];
    parameters.forEach((parameter, i) => {
      const text =
        parameter.in === "path"
          ? pathValues[parameter.name]
          : parameter.in === "query"
            ? (url.searchParams.get(parameter.name) ?? undefined)
            : headerOf(parameter.name);
      problems.push(...checkParameter(parameter, text, `${base}/parameters/${i}`));
    });
    for (const name of new Set(url.searchParams.keys())) {
      if (!parameters.some((parameter) => parameter.in === "query" && parameter.name === name)) problems.push(`query parameter ${name} is not documented`);
    }
    const media = documentedRequestMedia(mediaTypeOf(headerOf("content-type") ?? null));
    if (body === undefined) {
      if (operation.requestBody?.required) problems.push("the request body is required");
    } else if (!operation.requestBody) {
      problems.push("the operation takes no request body");
    } else if (!(media in operation.requestBody.content)) {
      problems.push(`request content type ${media} is not one of ${Object.keys(operation.requestBody.content).join(", ")}`);
    } else if (media === "application/json") {
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch {
        return [...problems, "the request body is not JSON"];
      }
      problems.push(...check(`${base}/requestBody/content/${pointerSegment(media)}/schema`, value).map((problem) => `request body: ${problem}`));
    }
    return problems;
  }

  /** The problems of a response the document does not describe; it reads a copy of the body. */
  async function checkResponse(request: SentRequest, response: Response): Promise<string[]> {
    if (!apiArea.test(request.url.pathname)) return [];
    const media = mediaTypeOf(response.headers.get("content-type"));
    const found = operationOf(request.method === "HEAD" ? "GET" : request.method, request.url.pathname);
    const declared = found?.operation.responses[String(response.status)];
    if (!found || !declared) {
      // Outside the operations (an unknown path or method), or a status the operation does not list.
      if (found && response.status < 500) return [`status ${response.status} is not documented for ${request.method} ${found.route.template}`];
      if (media !== "application/json")
        return response.status >= 400 && response.status !== 405 && request.method !== "HEAD" ? [`an error answered as ${media || "no content type"}`] : [];
      return check(errorSchema, await response.clone().json()).map((problem) => `error body: ${problem}`);
    }
    const { object, pointer } = resolved(declared) ?? {
      object: declared as ResponseObject,
      pointer: `#/paths/${pointerSegment(found.route.template)}/${request.method.toLowerCase()}/responses/${response.status}`,
    };
    const problems: string[] = [];
    for (const [name, header] of Object.entries(object.headers ?? {})) {
      const value = response.headers.get(name);
      if (value !== null)
        problems.push(...check(headerSchemaPointer(header), typedValue(value, headerSchema(header))).map((problem) => `header ${name}: ${problem}`));
    }
    if (!object.content || request.method === "HEAD" || response.status === 304) return problems;
    if (!(media in object.content)) return [...problems, `content type ${media || "(none)"} is not one of ${Object.keys(object.content).join(", ")}`];
    if (media !== "application/json") return problems;
    const body: unknown = await response.clone().json();
    return [...problems, ...check(`${pointer}/content/${pointerSegment(media)}/schema`, body).map((problem) => `body: ${problem}`)];
  }

  return {
    checkRequest,
    checkResponse,
    operationOf: (method: string, pathname: string) => operationOf(method, pathname)?.operation as OperationObject | undefined,
  };
}

export type ContractChecker = ReturnType<typeof contractChecker>;
