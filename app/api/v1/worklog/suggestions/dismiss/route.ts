import { apiMethods, apiRoute } from "@/lib/api/route";
import { worklogOperations } from "@/lib/worklog/operations";
import { dismissSuggestions } from "@/lib/worklog/suggestions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(worklogOperations.dismissSuggestions, async ({ access, body }) => dismissSuggestions(access, body)),
);
