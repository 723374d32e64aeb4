import "server-only";
import { createHash } from "node:crypto";
import { accessFor, writableEntries } from "@/lib/access/context";
import { membershipIn } from "@/lib/access/memberships";
import { getDb } from "@/lib/db/client";
import { publicOrigin } from "@/lib/public-origin";
import { workspaceBase } from "@/lib/workspaces/workspace-path";
import { buildCalendarFeed } from "./feed";
import { feedOfToken } from "./feed-tokens";

/** The feed's window: the entries of the last 90 days and the next 7. */
export const feedWindow = { pastDays: 90, futureDays: 7 } as const;

const DAY_MS = 86_400_000;

const tokenPattern = /^([A-Za-z0-9_-]{43})(?:\.ics)?$/;

const notFound = () => new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** An HTTP date has whole seconds: the instant it stands for, to compare with If-Modified-Since. */
const wholeSeconds = (instant: Date) => Math.floor(instant.getTime() / 1000) * 1000;

/**
 * The answer to `GET /cal/<token>.ics` (docs/api.md, "Calendar feed"): no session, the token is the
 * credential. The feed's user's own entries with a duration in the window, as events; `ETag` (of
 * the body, whose DTSTAMP is the newest change) and `Last-Modified` (the newest change of the
 * entries in the window, a deletion included, of the account's time zone, or the feed's creation),
 * with 304 on If-None-Match, or else If-Modified-Since.
 */
export async function calendarFeedResponse(request: Request, tokenSegment: string, now = new Date()): Promise<Response> {
  const token = tokenPattern.exec(tokenSegment)?.[1];
  const feed = token ? await feedOfToken(token) : null;
  if (!feed) return notFound();
  const membership = await membershipIn(feed.userId, feed.workspaceId);
  const user = membership && (await getDb().user.findUnique({ where: { id: feed.userId } }));
  if (!membership || !user) return notFound();
  const access = accessFor(user, membership);

  const start = new Date(now.getTime() - feedWindow.pastDays * DAY_MS);
  const end = new Date(now.getTime() + feedWindow.futureDays * DAY_MS);
  const [entries, deleted] = await Promise.all([
    getDb().worklogEntry.findMany({
      where: { ...writableEntries(access), recordedAt: { gte: start, lte: end }, durationSeconds: { gt: 0 }, runningUserId: null },
      select: { id: true, content: true, recordedAt: true, durationSeconds: true, updatedAt: true },
      orderBy: [{ recordedAt: "asc" }, { id: "asc" }],
    }),
    getDb().deletedItem.aggregate({
      where: { ...writableEntries(access), kind: "entry", sortAt: { gte: start, lte: end } },
      _max: { deletedAt: true },
    }),
  ]);
  const lastModified = new Date(
    Math.max(feed.insertedAt.getTime(), user.updatedAt.getTime(), deleted._max.deletedAt?.getTime() ?? 0, ...entries.map((entry) => entry.updatedAt.getTime())),
  );
  const origin = publicOrigin(request.headers);
  const body = buildCalendarFeed(
    entries.map((entry) => ({ ...entry, durationSeconds: entry.durationSeconds! })),
    {
      name: `Worklog (${access.workspace.name})`,
      timeZone: user.timezone,
      host: new URL(origin).hostname,
      entryUrl: (id) => `${origin}${workspaceBase(access.workspace.slug)}/?entry=${id}`,
      now: lastModified,
    },
  );
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const headers = {
    etag,
    "last-modified": lastModified.toUTCString(),
    "cache-control": "private, no-cache",
    "content-type": "text/calendar; charset=utf-8",
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  const ifModifiedSince = Date.parse(request.headers.get("if-modified-since") ?? "");
  const unchanged =
    ifNoneMatch !== null
      ? ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")
      : !Number.isNaN(ifModifiedSince) && wholeSeconds(lastModified) <= ifModifiedSince;
  if (unchanged)
    return new Response(null, { status: 304, headers: { etag, "last-modified": headers["last-modified"], "cache-control": headers["cache-control"] } });
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
}
