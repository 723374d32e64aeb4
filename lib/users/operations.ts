import type { Operation } from "@/lib/api/operation";
import { userExample } from "./examples";
import { userResponseSchema } from "./responses";
import { userUpdateSchema } from "./schemas";

const tag = { name: "User", description: "The account that owns the API key or OAuth token." };

export const userOperations = {
  get: {
    kind: "api",
    operationId: "getUser",
    method: "get",
    path: "/api/v1/user",
    tag,
    summary: "Get the user",
    scope: "user:read",
    role: "viewer",
    responses: { 200: { description: "The account.", schema: userResponseSchema, example: userExample } },
  },
  update: {
    kind: "api",
    operationId: "updateUser",
    method: "put",
    path: "/api/v1/user",
    tag,
    summary: "Update the user",
    description: "Changes any of `email`, `name`, `timezone` and `week_start`; the plan cannot be changed through the API.",
    scope: "user:write",
    role: "viewer",
    body: { schema: userUpdateSchema, example: { name: "Ada King", timezone: "Europe/Paris", week_start: "sunday" } },
    responses: {
      200: {
        description: "The updated account.",
        schema: userResponseSchema,
        example: { ...userExample, name: "Ada King", timezone: "Europe/Paris", week_start: "sunday" },
      },
    },
    errors: { 422: "A field is invalid, or the email belongs to another account (`Duplicate value`)." },
  },
  delete: {
    kind: "api",
    operationId: "deleteUser",
    method: "delete",
    path: "/api/v1/user",
    tag,
    summary: "Delete the user",
    description:
      "Deletes the account and the workspaces it owns alone, with everything they hold (projects, repositories, commits, entries, recaps, API keys, OAuth tokens), in one transaction; a workspace it owns with other members must change hands first (409). In the workspaces others own its work stays: its entries keep `author.id` with `author.name: null`. Every key and token of the account fails with 401 from then on.",
    scope: "user:write",
    role: "viewer",
    responses: { 200: { description: "The account as it was.", schema: userResponseSchema, example: userExample } },
    errors: { 409: "`Transfer ownership first.`: the user owns a workspace that has other members." },
  },
} satisfies Record<string, Operation>;
