import type { Operation } from "@/lib/api/operation";
import { projectExample, projectListExample } from "./examples";
import { projectListResponseSchema, projectResponseSchema } from "./responses";
import { projectCreateSchema, projectListQuerySchema, projectUpdateSchema } from "./schemas";

const tag = { name: "Projects", description: "Projects group repositories and worklog entries." };

const identifierTaken = "A field is invalid, or the identifier is taken (`Duplicate value`).";

export const projectOperations = {
  list: {
    kind: "api",
    operationId: "listProjects",
    method: "get",
    path: "/api/v1/projects",
    tag,
    summary: "List projects",
    description: "Newest first, one page at a time.",
    scope: "project:read",
    role: "viewer",
    query: projectListQuerySchema,
    responses: { 200: { description: "A page of projects.", schema: projectListResponseSchema, example: projectListExample } },
  },
  create: {
    kind: "api",
    operationId: "createProject",
    method: "post",
    path: "/api/v1/projects",
    tag,
    summary: "Create a project",
    scope: "project:write",
    role: "member",
    body: { schema: projectCreateSchema, example: { name: "Website Project", description: "The public site" } },
    responses: { 201: { description: "The new project.", schema: projectResponseSchema, example: projectExample } },
    errors: { 422: identifierTaken },
  },
  get: {
    kind: "api",
    operationId: "getProject",
    method: "get",
    path: "/api/v1/projects/{id}",
    tag,
    summary: "Get a project",
    scope: "project:read",
    role: "viewer",
    responses: { 200: { description: "The project.", schema: projectResponseSchema, example: projectExample } },
  },
  update: {
    kind: "api",
    operationId: "updateProject",
    method: "put",
    path: "/api/v1/projects/{id}",
    tag,
    summary: "Update a project",
    description: "Changes the fields sent; the others stay as they are.",
    scope: "project:write",
    role: "member",
    body: { schema: projectUpdateSchema, example: { description: "The public site and its blog" } },
    responses: {
      200: { description: "The updated project.", schema: projectResponseSchema, example: { ...projectExample, description: "The public site and its blog" } },
    },
    errors: { 422: identifierTaken },
  },
  delete: {
    kind: "api",
    operationId: "deleteProject",
    method: "delete",
    path: "/api/v1/projects/{id}",
    tag,
    summary: "Delete a project",
    description: "Its repositories and entries stay, detached: their `project_id` becomes `null`.",
    scope: "project:write",
    role: "admin",
    responses: { 200: { description: "The project as it was.", schema: projectResponseSchema, example: projectExample } },
  },
} satisfies Record<string, Operation>;
