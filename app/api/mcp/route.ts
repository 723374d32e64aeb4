import { apiMethods, operationRoute } from "@/lib/api/route";
import { mcpOperations } from "@/lib/mcp/operations";
import { mcpRoute } from "@/lib/mcp/route";

// generate_recap waits for the recap within the request.
export const maxDuration = 300;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(operationRoute(mcpOperations.endpoint, mcpRoute));
