import { apiMethods, apiRoute } from "@/lib/api/route";
import { worklogOperations } from "@/lib/worklog/operations";
import { listSuggestions } from "@/lib/worklog/suggestions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(worklogOperations.listSuggestions, async ({ access, query }) => ({ suggestions: await listSuggestions(access, query) })),
);
