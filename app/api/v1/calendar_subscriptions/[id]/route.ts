import { apiMethods, apiRoute } from "@/lib/api/route";
import { calendarOperations } from "@/lib/calendar/operations";
import { deleteSubscription, toSubscriptionResponse } from "@/lib/calendar/subscriptions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(calendarOperations.deleteSubscription, async ({ access, params }) => toSubscriptionResponse(await deleteSubscription(access, params.id!))),
);
