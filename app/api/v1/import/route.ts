import { apiMethods, apiRoute } from "@/lib/api/route";
import { importDocument } from "@/lib/data/import";
import { dataOperations } from "@/lib/data/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(dataOperations.import, ({ user, query, body }) => importDocument(user, query.format, body)),
);
