import { apiMethods, apiRoute, requireCallerScope } from "@/lib/api/route";
import { exportResponse } from "@/lib/data/export";
import { extraExportScopes } from "@/lib/data/export-query";
import { dataOperations } from "@/lib/data/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(dataOperations.export, ({ principal, user, query }) => {
    for (const scope of extraExportScopes[query.format]) requireCallerScope(principal, scope);
    return exportResponse(user, query);
  }),
);
