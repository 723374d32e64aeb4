import { apiMethods, apiRoute } from "@/lib/api/route";
import { standupReminderOperations } from "@/lib/reminders/operations";
import { getStandupReminder, setStandupReminder } from "@/lib/reminders/standup-reminders";

export const { GET, PUT, POST, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(standupReminderOperations.get, ({ access }) => getStandupReminder(access)),
  apiRoute(standupReminderOperations.update, ({ access, body }) => setStandupReminder(access, body)),
);
