import { apiMethods, apiRoute } from "@/lib/api/route";
import { reportOperations } from "@/lib/reports/operations";
import { buildReport } from "@/lib/reports/report";
import { toReportResponse } from "@/lib/reports/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(reportOperations.get, async ({ user, query }) => toReportResponse(await buildReport(user, query))),
);
