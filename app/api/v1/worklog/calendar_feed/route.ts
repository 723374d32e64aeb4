import { apiMethods, apiRoute } from "@/lib/api/route";
import { calendarFeedStatus, createCalendarFeed, feedPath, revokeCalendarFeed } from "@/lib/calendar/feed-tokens";
import { calendarOperations } from "@/lib/calendar/operations";
import { publicOrigin } from "@/lib/public-origin";

const statusOf = ({ exists, createdAt }: { exists: boolean; createdAt: Date | null }) => ({ exists, created_at: createdAt?.toISOString() ?? null });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(calendarOperations.getFeed, async ({ access }) => statusOf(await calendarFeedStatus(access))),
  apiRoute(calendarOperations.createFeed, async ({ access, request }) => {
    const { token } = await createCalendarFeed(access);
    return { url: `${publicOrigin(request.headers)}${feedPath(token)}` };
  }),
  apiRoute(calendarOperations.revokeFeed, async ({ access }) => {
    await revokeCalendarFeed(access);
    return statusOf({ exists: false, createdAt: null });
  }),
);
