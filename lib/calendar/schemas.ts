import { z } from "zod";
import { requestSchemas, responseSchemas } from "@/lib/openapi/components";
import { text } from "@/lib/validation";
import { MAX_URL_LENGTH } from "@/lib/webhooks/destination";

// The shapes of the calendar feed and subscriptions (docs/api.md, "Calendar feed", "Calendar subscriptions").

export const calendarFeedCreatedSchema = z
  .object({ url: z.string().meta({ format: "uri", description: "The feed's private URL, shown this once: whoever has it reads the feed." }) })
  .register(responseSchemas, { id: "CalendarFeedCreated" });

export const calendarFeedStatusSchema = z
  .object({
    exists: z.boolean(),
    created_at: z.iso.datetime().nullable().meta({ description: "When the feed's URL was made; null without a feed." }),
  })
  .register(responseSchemas, { id: "CalendarFeedStatus" });

export const calendarSubscriptionCreateSchema = z
  .object({
    url: z.string().trim().max(MAX_URL_LENGTH).meta({
      format: "uri",
      description:
        "The calendar's `.ics` address (http or https; `webcal://` reads as `https://`), whose host resolves to public addresses only, as a webhook's; WEBHOOK_ALLOWED_HOSTS names exceptions.",
    }),
    name: text(1, 100).meta({ description: "What the calendar is called in the suggestions." }),
  })
  .register(requestSchemas, { id: "CalendarSubscriptionCreate" });
export type CalendarSubscriptionCreate = z.output<typeof calendarSubscriptionCreateSchema>;

export const calendarSubscriptionSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    name: z.string(),
    last_fetched_at: z.iso.datetime().nullable().meta({ description: "When it was last fetched, successfully or not; null before its first fetch." }),
    last_error: z.string().nullable().meta({ description: "Why its last fetch failed; null after a success." }),
    created_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "CalendarSubscription" });
export type CalendarSubscriptionResponse = z.infer<typeof calendarSubscriptionSchema>;

export const calendarSubscriptionListSchema = z
  .object({ calendar_subscriptions: z.array(calendarSubscriptionSchema).meta({ description: "Oldest first; at most 20." }) })
  .register(responseSchemas, { id: "CalendarSubscriptionList" });
