import type { Operation } from "@/lib/api/operation";
import { entryExample } from "./examples";
import { timerResponseSchema, timerStartResponseSchema } from "./responses";
import { timerStartSchema } from "./schemas";

const tag = { name: "Timer", description: "One running entry per account: started, read and stopped, its duration the time it ran." };

const runningExample = { ...entryExample, content: "Reviewing the release notes", duration_seconds: null, running: true };
const stoppedExample = { ...entryExample, content: "Reviewing the release notes", duration_seconds: 2700 };

export const timerOperations = {
  get: {
    kind: "api",
    operationId: "getTimer",
    method: "get",
    path: "/api/v1/worklog/timer",
    tag,
    summary: "Get the running timer",
    description: "The account's running entry (`running: true`, `recorded_at` when it started), or `{\"timer\": null}`.",
    scope: "worklog:read",
    responses: { 200: { description: "The running entry, or null.", schema: timerResponseSchema, example: { timer: runningExample } } },
  },
  start: {
    kind: "api",
    operationId: "startTimer",
    method: "post",
    path: "/api/v1/worklog/timer",
    tag,
    summary: "Start a timer",
    description:
      "Creates a running entry, recorded now. A timer already running is stopped first and answered as `stopped`. `content` defaults to \"Timer\"; the entry can be edited like any other, and giving it a `duration_seconds` stops it.",
    scope: "worklog:write",
    body: { schema: timerStartSchema, example: { content: "Reviewing the release notes", tags: ["review"] } },
    responses: { 201: { description: "The running entry, and the one stopped.", schema: timerStartResponseSchema, example: { timer: runningExample, stopped: null } } },
    errors: { 422: "A field is invalid, or `project_id` names no project of the account (`Invalid value`)." },
  },
  stop: {
    kind: "api",
    operationId: "stopTimer",
    method: "post",
    path: "/api/v1/worklog/timer/stop",
    tag,
    summary: "Stop the timer",
    description: "Ends the running entry now: `recorded_at` becomes now and `duration_seconds` the seconds it ran (at least 1, at most 604 800).",
    scope: "worklog:write",
    responses: { 200: { description: "The entry just stopped.", schema: timerResponseSchema, example: { timer: stoppedExample } } },
    errors: { 404: "No timer is running." },
  },
} satisfies Record<string, Operation>;
