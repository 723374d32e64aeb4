import { calendarFeedResponse } from "@/lib/calendar/feed-response";

// The calendar feed (docs/api.md, "Calendar feed"): `/cal/<token>.ics`, no session, the token is the credential.

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  return calendarFeedResponse(request, (await params).token);
}

export async function HEAD(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  return calendarFeedResponse(request, (await params).token);
}
