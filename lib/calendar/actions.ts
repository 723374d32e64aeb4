"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { formText, type ActionResult } from "@/lib/server-actions/action-result";
import { runSignedInAction, runSignedInRemoval } from "@/lib/server-actions/run-action";
import { publicOrigin } from "@/lib/public-origin";
import { createCalendarFeed, feedPath, revokeCalendarFeed } from "./feed-tokens";
import { calendarSubscriptionCreateSchema } from "./schemas";
import { createSubscription, deleteSubscription } from "./subscriptions";

// Settings → Calendar (docs/api.md, "Calendar feed", "Calendar subscriptions"), through the functions the API calls.

const settingsPath = "/settings/calendar";

/** Creates (or replaces) the feed: its URL, shown this once. */
export async function createCalendarFeedAction(): Promise<ActionResult<{ url: string }>> {
  const origin = publicOrigin(await headers());
  const result = await runSignedInAction(settingsPath, {
    schema: z.object({}),
    input: {},
    fields: {},
    role: "viewer",
    run: async (_input, access) => ({ url: `${origin}${feedPath((await createCalendarFeed(access)).token)}` }),
  });
  revalidatePath(settingsPath);
  return result;
}

export async function revokeCalendarFeedAction(): Promise<ActionResult<void>> {
  const result = await runSignedInAction(settingsPath, {
    schema: z.object({}),
    input: {},
    fields: {},
    role: "viewer",
    run: (_input, access) => revokeCalendarFeed(access),
  });
  revalidatePath(settingsPath);
  return result;
}

type SubscriptionField = "url" | "name";

export async function addCalendarSubscriptionAction(formData: FormData): Promise<ActionResult<void, SubscriptionField>> {
  const values = { url: formText(formData, "url"), name: formText(formData, "name") };
  const result = await runSignedInAction(settingsPath, {
    schema: calendarSubscriptionCreateSchema,
    input: values,
    values,
    fields: { url: "URL", name: "name" },
    role: "member",
    run: async (input, access) => {
      await createSubscription(access, input);
    },
  });
  if (result.ok) revalidatePath(settingsPath);
  return result;
}

export async function removeCalendarSubscriptionAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInRemoval(settingsPath, id, deleteSubscription, "member");
  revalidatePath(settingsPath);
  return result;
}
