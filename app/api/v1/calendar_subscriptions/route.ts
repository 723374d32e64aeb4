import { apiMethods, apiRoute } from "@/lib/api/route";
import { calendarOperations } from "@/lib/calendar/operations";
import { createSubscription, listSubscriptions, toSubscriptionResponse } from "@/lib/calendar/subscriptions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(calendarOperations.listSubscriptions, async ({ access }) => ({
    calendar_subscriptions: (await listSubscriptions(access)).map(toSubscriptionResponse),
  })),
  apiRoute(calendarOperations.createSubscription, async ({ access, body }) => toSubscriptionResponse(await createSubscription(access, body))),
);
