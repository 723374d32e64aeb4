import { describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { runningTimer, startTimer, stopTimer } from "@/lib/worklog/timer";

// A stop of the web app's timer names the entry it means, and may give the duration
// (lib/worklog/timer.ts, StopChoice; README "The web app").

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `timer-${++accounts}@example.com` } });

async function notFound(stop: Promise<unknown>) {
  const error = await stop.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).kind).toBe("not_found");
}

describe("stopping a timer by its entry", () => {
  it("stops the entry named, with the duration chosen, and leaves a newer timer running", async () => {
    const user = await newUser();
    const startedAt = new Date("2026-11-17T08:00:00Z");
    const { timer: first } = await startTimer(await accessOf(user), { content: "Left running" }, "web", startedAt);
    const { timer: second } = await startTimer(await accessOf(user), { content: "Started since" }, "web", new Date("2026-11-17T19:00:00Z"));

    await notFound(stopTimer(await accessOf(user), { id: first.id, durationSeconds: 3600 }));
    expect((await runningTimer(await accessOf(user)))?.id).toBe(second.id);

    const stoppedAt = new Date("2026-11-17T20:00:00Z");
    const stopped = await stopTimer(await accessOf(user), { id: second.id, durationSeconds: 1800 }, stoppedAt);
    expect(stopped).toMatchObject({ id: second.id, runningUserId: null, durationSeconds: 1800, recordedAt: stoppedAt });
    expect(await runningTimer(await accessOf(user))).toBeNull();
  });

  it("without a duration, lasts the time it ran", async () => {
    const user = await newUser();
    const { timer } = await startTimer(await accessOf(user), { content: "Eleven hours" }, "web", new Date("2026-11-17T08:00:00Z"));
    const stopped = await stopTimer(await accessOf(user), { id: timer.id }, new Date("2026-11-17T19:20:00Z"));
    expect(stopped.durationSeconds).toBe(11 * 3600 + 20 * 60);
  });

  it("never stops another account's timer", async () => {
    const [owner, other] = [await newUser(), await newUser()];
    const { timer } = await startTimer(await accessOf(owner), { content: "Mine" }, "web");
    await notFound(stopTimer(await accessOf(other), { id: timer.id }));
    await notFound(stopTimer(await accessOf(other)));
    expect((await runningTimer(await accessOf(owner)))?.id).toBe(timer.id);
  });
});
