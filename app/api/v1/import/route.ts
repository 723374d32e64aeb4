import { apiMethods, apiRoute } from "@/lib/api/route";
import { importDocument } from "@/lib/data/import";
import { dataOperations } from "@/lib/data/operations";
import { apiEntrySource } from "@/lib/worklog/sources";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(dataOperations.import, ({ principal, user, query, body }) => importDocument(user, query.format, body, apiEntrySource(principal))),
);
