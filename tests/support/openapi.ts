import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { HttpMethod } from "@/lib/api/operation";
import type { OpenApiDocument } from "@/lib/openapi/types";

/** RFC 6901: a JSON Pointer segment. */
export const pointerSegment = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * A validator of JSON Schema draft 2020-12, the OpenAPI 3.1 document's dialect, with its formats;
 * `strict` refuses keywords the dialect does not know (the document as a whole holds OpenAPI's).
 */
export function draft2020Validator({ strict = false } = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}

/** Checks values against the JSON Schemas of an OpenAPI document, `$ref`s and all. */
export function schemaChecker(document: OpenApiDocument) {
  const ajv = draft2020Validator();
  // OpenAPI's own `example` keyword is no JSON Schema keyword; without the examples, pointers stay the same.
  const schemasOnly = JSON.parse(JSON.stringify(document, (key, value) => (key === "example" || key === "examples" ? undefined : value)));
  ajv.addSchema(schemasOnly, "openapi.json");
  const compiled = new Map<string, ValidateFunction>();

  /** The problems of a value against the schema at a pointer into the document; none when it matches. */
  function check(pointer: string, value: unknown): string[] {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json${encodeURI(pointer)}` });
      compiled.set(pointer, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || "(body)"} ${error.message} ${JSON.stringify(error.params)}`);
  }

  /** Where the schema of an operation's response lies, following a shared response's `$ref`. */
  function responsePointer(method: HttpMethod, path: string, status: number, mediaType = "application/json"): string {
    const operation = document.paths[path]?.[method];
    if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
    const response = operation.responses[String(status)];
    if (!response) throw new Error(`${method.toUpperCase()} ${path} does not document ${status}`);
    const base = "$ref" in response ? response.$ref : `#/paths/${pointerSegment(path)}/${method}/responses/${status}`;
    const media = `${base}/content/${pointerSegment(mediaType)}`;
    return mediaType === "text/event-stream" ? `${media}/x-event-data` : `${media}/schema`;
  }

  return { check, responsePointer };
}
