import { apiMethods, apiRoute } from "@/lib/api/route";
import { reportOperations } from "@/lib/reports/operations";
import { buildReport } from "@/lib/reports/report";
import { toReportResponse } from "@/lib/reports/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(reportOperations.get, async ({ access, query }) => toReportResponse(await buildReport(access, query))),
);
