// Standup reminders (docs/api.md, "Standup reminders") on both databases: when the scan finds a
// reminder due, with an injected clock (on, at or after its time, on a working day in the
// user's zone, silent by the team standup's rule, once a day), two scans at once, the email
// queued only with SMTP_URL, and the worklog's notice until an entry or a dismissal.
import { afterEach, describe, expect, it } from "vitest";
import { accessOf, personalRow } from "../support/access";
import { rereadConfig } from "../support/config";
import { getDb, type User } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { remindDueMembers } from "@/lib/reminders/scan";
import { dismissStandupReminderNotice, getStandupReminder, setStandupReminder, standupReminderNotice } from "@/lib/reminders/standup-reminders";

// Europe/Paris is UTC+1 in November: Monday 30 November 2026, 16:30 there is 15:30 UTC.
const at = (iso: string) => () => new Date(iso);
const MONDAY_1629 = at("2026-11-30T15:29:00Z");
const MONDAY_1630 = at("2026-11-30T15:30:00Z");
const MONDAY_1800 = at("2026-11-30T17:00:00Z");
const SATURDAY_1800 = at("2026-11-28T17:00:00Z");
const ORIGIN = "https://worklog.example.com";

let accounts = 0;
async function newMember(options: { on?: boolean } = {}) {
  const user = await getDb().user.create({ data: { email: `reminders-${++accounts}-${Date.now()}@example.com`, timezone: "Europe/Paris" } });
  const access = await accessOf(user);
  if (options.on ?? true) await setStandupReminder(access, { enabled: true, remind_at: "16:30" });
  return { user, access };
}

const write = async (user: User, recordedAt: string) =>
  getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "Fixed the build", recordedAt: new Date(recordedAt) } });

const noticeDay = async (user: User) =>
  (await getDb().membership.findFirstOrThrow({ where: { userId: user.id }, select: { remindNoticeOn: true } })).remindNoticeOn;

const emailJobsOf = (user: User) =>
  queryRows<{ payload: { day: string; origin: string } }>("SELECT payload FROM jobs WHERE kind = 'standup_reminder.email' AND payload->>'user_id' = $1", [
    user.id,
  ]);

afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.EMAIL_FROM;
  rereadConfig();
});

describe("standup reminders", () => {
  it("are off by default, and then never due", async () => {
    const { user, access } = await newMember({ on: false });
    expect(await getStandupReminder(access)).toEqual({ enabled: false, remind_at: null, time_zone: "Europe/Paris", last_reminded_on: null });
    await remindDueMembers(MONDAY_1800, ORIGIN);
    expect(await noticeDay(user)).toBeNull();
  });

  it("are due at or after their time on a working day for a silent member, once that day", async () => {
    const { user, access } = await newMember();
    await write(user, "2026-11-26T10:00:00Z"); // Thursday: before the standup's days (Friday through Monday)
    await remindDueMembers(MONDAY_1629, ORIGIN);
    expect(await noticeDay(user)).toBeNull();
    await remindDueMembers(MONDAY_1630, ORIGIN);
    expect(await noticeDay(user)).toBe("2026-11-30");
    expect(await standupReminderNotice(access, MONDAY_1630())).toEqual({ since: "2026-11-27" });
    expect((await getStandupReminder(access)).last_reminded_on).toBe("2026-11-30");

    await dismissStandupReminderNotice(access);
    await remindDueMembers(MONDAY_1800, ORIGIN);
    expect(await noticeDay(user)).toBeNull();
    expect(await standupReminderNotice(access, MONDAY_1800())).toBeNull();
  });

  it("are not due on a weekend, nor for a member who wrote since the last working day", async () => {
    const weekend = await newMember();
    await remindDueMembers(SATURDAY_1800, ORIGIN);
    expect(await noticeDay(weekend.user)).toBeNull();

    const writer = await newMember();
    await write(writer.user, "2026-11-27T16:00:00Z"); // Friday
    await remindDueMembers(MONDAY_1630, ORIGIN);
    expect(await noticeDay(writer.user)).toBeNull();
  });

  it("show the worklog's notice until the member writes", async () => {
    const { user, access } = await newMember();
    await remindDueMembers(MONDAY_1630, ORIGIN);
    expect(await standupReminderNotice(access, MONDAY_1800())).toEqual({ since: "2026-11-27" });
    await write(user, "2026-11-30T16:45:00Z");
    expect(await standupReminderNotice(access, MONDAY_1800())).toBeNull();
  });

  it("queue one email, with SMTP_URL, whatever the scans at once", async () => {
    const quiet = await newMember();
    await remindDueMembers(MONDAY_1630, ORIGIN);
    expect(await emailJobsOf(quiet.user)).toEqual([]);

    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    process.env.EMAIL_FROM = "worklog@example.com";
    rereadConfig();
    const { user } = await newMember();
    await Promise.all([remindDueMembers(MONDAY_1630, ORIGIN), remindDueMembers(MONDAY_1630, ORIGIN), remindDueMembers(MONDAY_1800, ORIGIN)]);
    const jobs = await emailJobsOf(user);
    expect(jobs.map(({ payload }) => ({ day: payload.day, origin: payload.origin }))).toEqual([{ day: "2026-11-30", origin: ORIGIN }]);
  });
});
