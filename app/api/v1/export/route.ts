import { apiMethods, apiRoute, requireCallerScope } from "@/lib/api/route";
import { exportResponse } from "@/lib/data/export";
import { extraExportScopes } from "@/lib/data/export-query";
import { dataOperations } from "@/lib/data/operations";

// A large account's export takes longer than a serverless function's default limit (about 25 000
// entries a second, README "Benchmarks"); Next reads this export literally.
export const maxDuration = 300;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(dataOperations.export, ({ principal, access, query }) => {
    for (const scope of extraExportScopes[query.format]) requireCallerScope(principal, scope);
    return exportResponse(access, query);
  }),
);
