import type { Operation } from "@/lib/api/operation";
import { exampleCreatedAt } from "@/lib/openapi/examples";
import {
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  calendarSubscriptionCreateSchema,
  calendarSubscriptionListSchema,
  calendarSubscriptionSchema,
} from "./schemas";

const feedTag = {
  name: "Calendar feed",
  description:
    "The account's entries with a duration as a private iCalendar feed, `/cal/<token>.ics`, that calendar apps subscribe to: the last 90 days and the next 7, with `ETag` and `Last-Modified`.",
};

const subscriptionsTag = {
  name: "Calendar subscriptions",
  description:
    "Calendars (`.ics` addresses) whose past meetings are suggested as entries (`kind: calendar` among the suggested entries), fetched by the server at most hourly.",
};

const subscriptionExample = {
  id: "01936f30-1a2b-7c3d-8e4f-5a6b7c8d9e0f",
  url: "https://calendar.example.com/team.ics",
  name: "Team calendar",
  last_fetched_at: exampleCreatedAt,
  last_error: null,
  created_at: exampleCreatedAt,
};

const feedStatusExample = { exists: true, created_at: exampleCreatedAt };

export const calendarOperations = {
  createFeed: {
    kind: "api",
    operationId: "createCalendarFeed",
    method: "post",
    path: "/api/v1/worklog/calendar_feed",
    tag: feedTag,
    summary: "Create the calendar feed",
    description:
      "A private feed URL of the account's entries in this workspace, shown in this answer only (only its hash is kept); any earlier feed URL stops working. Whoever has the URL reads the feed: keep it like a password.",
    scope: "worklog:write",
    role: "viewer",
    responses: {
      201: {
        description: "The feed's URL.",
        schema: calendarFeedCreatedSchema,
        example: { url: "https://worklog.example.com/cal/3q2-7wEXAMPLEtokenOf43base64urlCharactersAA.ics" },
      },
    },
  },
  getFeed: {
    kind: "api",
    operationId: "getCalendarFeed",
    method: "get",
    path: "/api/v1/worklog/calendar_feed",
    tag: feedTag,
    summary: "Whether a calendar feed exists",
    description: "Whether the account has a feed in this workspace, and since when; never its URL, which was shown once.",
    scope: "worklog:read",
    role: "viewer",
    responses: { 200: { description: "The feed's state.", schema: calendarFeedStatusSchema, example: feedStatusExample } },
  },
  revokeFeed: {
    kind: "api",
    operationId: "revokeCalendarFeed",
    method: "delete",
    path: "/api/v1/worklog/calendar_feed",
    tag: feedTag,
    summary: "Revoke the calendar feed",
    description: "Its URL answers 404 from now on.",
    scope: "worklog:write",
    role: "viewer",
    responses: { 200: { description: "The feed's state: none now.", schema: calendarFeedStatusSchema, example: { exists: false, created_at: null } } },
    errors: { 404: "The account has no feed in this workspace." },
  },
  listSubscriptions: {
    kind: "api",
    operationId: "listCalendarSubscriptions",
    method: "get",
    path: "/api/v1/calendar_subscriptions",
    tag: subscriptionsTag,
    summary: "List calendar subscriptions",
    description: "The account's subscribed calendars in this workspace, oldest first, each with its last fetch and why it failed.",
    scope: "worklog:read",
    role: "viewer",
    responses: {
      200: { description: "The subscriptions.", schema: calendarSubscriptionListSchema, example: { calendar_subscriptions: [subscriptionExample] } },
    },
  },
  createSubscription: {
    kind: "api",
    operationId: "createCalendarSubscription",
    method: "post",
    path: "/api/v1/calendar_subscriptions",
    tag: subscriptionsTag,
    summary: "Subscribe to a calendar",
    description:
      "Its first fetch is enqueued at once, then it is fetched at most hourly; its past meetings (recurring ones each time they occur) become suggested entries. The URL's host is resolved and refused when any of its addresses is not public, as a webhook's; a redirect is not followed; a calendar over 2 MiB or slower than 10 s is refused. At most 20 per account.",
    scope: "worklog:write",
    role: "member",
    body: { schema: calendarSubscriptionCreateSchema, example: { url: "https://calendar.example.com/team.ics", name: "Team calendar" } },
    responses: {
      201: { description: "The subscription.", schema: calendarSubscriptionSchema, example: { ...subscriptionExample, last_fetched_at: null } },
    },
    errors: {
      422: 'A field is invalid, or the URL is refused: not http(s), unresolvable, or a host with a loopback, private, link-local or metadata address (at `/url`); the 21st is `Too many items: at most 20` at `""`.',
    },
  },
  deleteSubscription: {
    kind: "api",
    operationId: "deleteCalendarSubscription",
    method: "delete",
    path: "/api/v1/calendar_subscriptions/{id}",
    tag: subscriptionsTag,
    summary: "Remove a calendar subscription",
    description: "Its events leave the suggestions; the entries logged from them stay.",
    scope: "worklog:write",
    role: "member",
    responses: { 200: { description: "The subscription as it was.", schema: calendarSubscriptionSchema, example: subscriptionExample } },
  },
} satisfies Record<string, Operation>;
