import { getDb } from "@/lib/db/client";
import { standupDays } from "@/lib/recaps/team-standup-recap";
import { addDays, startOfDay } from "@/lib/time";

/**
 * Whether the member wrote nothing in the workspace from the last working day before `day`
 * through `until` (`day` unless later), in their time zone: the team standup's rule for its
 * silent members (standupDays). `member` is a membership's key, `{ workspaceId, userId }`,
 * which `createdBy(access)` gives for the caller.
 */
export async function isSilent(member: { workspaceId: string; userId: string }, day: string, timeZone: string, until = day): Promise<boolean> {
  const { since } = standupDays(day);
  const entry = await getDb().worklogEntry.findFirst({
    where: { ...member, recordedAt: { gte: startOfDay(since, timeZone), lt: startOfDay(addDays(until, 1), timeZone) } },
    select: { id: true },
  });
  return entry === null;
}
