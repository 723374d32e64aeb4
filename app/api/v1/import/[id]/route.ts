import { apiMethods, apiRoute } from "@/lib/api/route";
import { findImport } from "@/lib/data/import-jobs";
import { dataOperations } from "@/lib/data/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(dataOperations.importStatus, ({ access, params }) => findImport(access, params.id!)),
);
