// Recap schedules on both databases (README "Scheduled recaps"): the scan for due schedules with
// an injected clock, which two scans at once claim once, and a run as the queue runs it: the
// recap made, shared and posted as a Slack message to a receiver on 127.0.0.1, which
// WEBHOOK_ALLOWED_HOSTS lets it reach.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessOf, personalRow } from "../support/access";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { jobKinds } from "@/lib/jobs/job-kind";
import { appJobKinds } from "@/lib/jobs/kinds";
import { claimJobs } from "@/lib/jobs/claim";
import { runClaimedJob } from "@/lib/jobs/queue";
import { scheduleChatDelivery } from "@/lib/schedules/chat-delivery-job";
import { runDueSchedules } from "@/lib/schedules/runs";
import { createSchedule } from "@/lib/schedules/schedules";
import { wallClock } from "@/lib/time";
import { WEBHOOK_RETRY_DELAYS_MS } from "@/lib/webhooks/delivery-job";
import { updateUser } from "@/lib/users/accounts";
import { startReceiver, type Receiver, type Received } from "../support/receiver";
import { rereadConfig } from "../support/config";

const LEASE_MS = 30_000;
const received: Received[] = [];
let receiver: Receiver;
let origin: string;

beforeAll(async () => {
  receiver = await startReceiver({
    answer(request, response) {
      received.push(request);
      if (request.path.startsWith("/slack-nul/")) response.writeHead(500, { "content-type": "text/plain" }).end("broken\u0000down");
      else response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    },
  });
  origin = receiver.origin;
  process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
  process.env.APP_URL = "https://worklog.example.com";
  rereadConfig();
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOWED_HOSTS;
  delete process.env.APP_URL;
  rereadConfig();
  await receiver.close();
});

let accounts = 0;
async function newAccount() {
  const db = getDb();
  const user = await db.user.create({ data: { email: `schedules-${++accounts}@example.com`, plan: "pro", timezone: "Europe/Paris" } });
  await db.worklogEntry.create({ data: { ...(await personalRow(user)), content: "Shipped the **schedules**", recordedAt: new Date("2026-11-24T10:00:00Z") } });
  return user;
}

const runJobsOf = (scheduleId: string) =>
  queryRows<{ id: string; payload: { run_at: string } }>(
    "SELECT id::text, payload FROM jobs WHERE kind = 'recap_schedule.run' AND payload->>'schedule_id' = $1",
    [scheduleId],
  );

/** Runs the due jobs of the queue, one at a time, until none is left. */
async function runQueue() {
  for (;;) {
    const [job] = await claimJobs({ kinds: appJobKinds, limit: 1, leaseMs: LEASE_MS });
    if (!job) return;
    await runClaimedJob(job, { kinds: appJobKinds, leaseMs: LEASE_MS });
  }
}

describe("due schedules", () => {
  it("start once when two scans claim them at once, and their next run moves to the next day", async () => {
    const user = await newAccount();
    // Wednesday 2026-11-25, 08:00 in UTC: 09:00 in Paris is the schedule's time.
    const created = new Date("2026-11-25T07:00:00Z");
    const schedule = await createSchedule(
      await accessOf(user),
      { template: "standup", period: "yesterday", weekdays: [1, 2, 3, 4, 5], time: "09:00", destination: { kind: "slack", url: `${origin}/slack/${user.id}` } },
      created,
    );
    expect(schedule.nextRunAt).toEqual(new Date("2026-11-25T08:00:00Z"));

    const before = () => new Date("2026-11-25T07:59:59Z");
    expect((await runDueSchedules(before)).started).toBe(0);
    expect(await runJobsOf(schedule.id)).toEqual([]);

    const due = () => new Date("2026-11-25T08:00:30Z");
    const scans = await Promise.all([runDueSchedules(due), runDueSchedules(due), runDueSchedules(due)]);
    expect(scans.map((scan) => scan.started).reduce((a, b) => a + b)).toBe(1);
    const jobs = await runJobsOf(schedule.id);
    expect(jobs.map((job) => job.payload.run_at)).toEqual(["2026-11-25T08:00:00.000Z"]);
    const claimed = await getDb().recapSchedule.findUniqueOrThrow({ where: { id: schedule.id } });
    expect(claimed).toMatchObject({ nextRunAt: new Date("2026-11-26T08:00:00Z"), lastRunStatus: "running", lastRunAt: due() });
    expect((await runDueSchedules(due)).started).toBe(0);

    await getDb().job.deleteMany({ where: { id: { in: jobs.map((job) => job.id) } } });
    await getDb().recapSchedule.delete({ where: { id: schedule.id } });
  });

  it("skip a disabled schedule", async () => {
    const user = await newAccount();
    const schedule = await createSchedule(
      await accessOf(user),
      { template: "standup", period: "today", weekdays: [3], time: "09:00", enabled: false, destination: { kind: "discord", url: `${origin}/discord` } },
      new Date("2026-11-25T07:00:00Z"),
    );
    expect(schedule.nextRunAt).toBeNull();
    await runDueSchedules(() => new Date("2026-12-25T00:00:00Z"));
    expect(await runJobsOf(schedule.id)).toEqual([]);
  });
});

describe("a new time zone", () => {
  it("moves the next runs of the account's schedules to their time in it", async () => {
    const user = await newAccount();
    const schedule = await createSchedule(await accessOf(user), {
      template: "weekly",
      period: "last_week",
      weekdays: [1],
      time: "09:00",
      destination: { kind: "discord", url: `${origin}/discord` },
    });
    expect(wallClock(schedule.nextRunAt!, "Europe/Paris").slice(11)).toBe("09:00");
    await updateUser(await accessOf(user), { timezone: "America/New_York" });
    const moved = await getDb().recapSchedule.findUniqueOrThrow({ where: { id: schedule.id } });
    expect(wallClock(moved.nextRunAt!, "America/New_York").slice(11)).toBe("09:00");
    expect(new Date(`${wallClock(moved.nextRunAt!, "America/New_York").slice(0, 10)}T00:00:00Z`).getUTCDay()).toBe(1);
    await getDb().recapSchedule.delete({ where: { id: schedule.id } });
  });
});

describe("a run", () => {
  it("makes the recap of its period, shares it, and posts it to Slack in mrkdwn with the absolute link", async () => {
    const user = await newAccount();
    const schedule = await createSchedule(
      await accessOf(user),
      { template: "standup", period: "yesterday", weekdays: [3], time: "09:00", destination: { kind: "slack", url: `${origin}/slack/run/${user.id}` } },
      new Date("2026-11-25T07:00:00Z"),
    );
    expect((await runDueSchedules(() => new Date("2026-11-25T08:00:00Z"))).started).toBe(1);
    await runQueue();

    const ran = await getDb().recapSchedule.findUniqueOrThrow({ where: { id: schedule.id } });
    expect(ran).toMatchObject({ lastRunStatus: "delivered", lastRunError: null });
    const recap = await getDb().recap.findUniqueOrThrow({ where: { id: ran.lastRecapId! }, include: { share: true } });
    expect(recap).toMatchObject({ status: "completed", template: "standup" });
    // Yesterday, in Paris: the whole of Tuesday 2026-11-24.
    expect(recap.filters).toMatchObject({ from: "2026-11-23T23:00:00.000Z", to: "2026-11-24T22:59:59.999Z" });
    expect(recap.share?.revokedAt).toBeNull();

    const [message] = received.filter((request) => request.path === `/slack/run/${user.id}`);
    const { text } = JSON.parse(message!.body) as { text: string };
    expect(text).toContain("*Standup Tue 24 Nov 2026*");
    expect(text).toContain("• Shipped the *schedules*");
    expect(text).not.toContain("**");
    expect(text).toMatch(/<https:\/\/worklog\.example\.com\/r\/[0-9A-Za-z]{22}\|Open the recap>$/);
  });

  it("that Slack refuses with a NUL in its answer ends failed, saying why, after its last attempt", async () => {
    const user = await newAccount();
    const schedule = await createSchedule(
      await accessOf(user),
      { template: "standup", period: "yesterday", weekdays: [3], time: "09:00", destination: { kind: "slack", url: `${origin}/slack-nul/${user.id}` } },
      new Date("2026-11-25T07:00:00Z"),
    );
    expect((await runDueSchedules(() => new Date("2026-11-25T08:00:00Z"))).started).toBe(1);
    await runQueue();
    expect(await getDb().recapSchedule.findUniqueOrThrow({ where: { id: schedule.id } })).toMatchObject({
      lastRunStatus: "retrying",
      lastRunError: "Answered 500: brokendown",
    });

    const kinds = jobKinds(scheduleChatDelivery);
    for (;;) {
      const [waiting] = await queryRows<{ id: string; run_at: Date | null }>(
        "SELECT id::text, run_at FROM jobs WHERE kind = $1 AND payload->>'schedule_id' = $2",
        [scheduleChatDelivery.name, schedule.id],
      );
      if (!waiting?.run_at) break;
      const [job] = await claimJobs({ kinds, limit: 1, leaseMs: LEASE_MS, ids: [waiting.id], clock: () => waiting.run_at! });
      await runClaimedJob(job!, { kinds, leaseMs: LEASE_MS, clock: () => waiting.run_at! });
    }
    expect(received.filter((request) => request.path === `/slack-nul/${user.id}`)).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
    expect(await getDb().recapSchedule.findUniqueOrThrow({ where: { id: schedule.id } })).toMatchObject({
      lastRunStatus: "failed",
      lastRunError: "Answered 500: brokendown",
    });
  });
});
