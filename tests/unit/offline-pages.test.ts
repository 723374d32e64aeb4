import { describe, expect, it } from "vitest";
import { answersNavigation, isRedirect, leavesAccount, mayKeepPage, offlinePageUrl, type NavigationResponse } from "@/lib/offline/page-cache-rules";
import { isPagesCache, offlineMessage, pagesCacheName } from "@/lib/offline/protocol";
import { webAppManifest } from "@/lib/offline/web-app-manifest";
import { launchAction } from "@/lib/worklog/launch-action";

// What the service worker keeps for offline use and how pages talk to it (lib/offline/), and
// the web app manifest; the worker itself is tested in Chromium (e2e/installable.spec.ts).

const origin = "https://worklog.example";
const at = (path: string) => new URL(path, origin);

function page({
  status = 200,
  type = "basic",
  redirected = false,
  cacheControl = "private, no-cache",
  contentType = "text/html; charset=utf-8",
} = {}): NavigationResponse {
  const headers = new Headers({ "cache-control": cacheControl, "content-type": contentType });
  return { status, type, redirected, headers };
}

describe("the pages the worker keeps", () => {
  it("keeps the account's pages, in a workspace's path too, with their query", () => {
    for (const path of ["/", "/?tags=perf", "/reports", "/projects/42", "/w/payments-team", "/w/payments-team/recaps", "/docs"])
      expect(mayKeepPage(at(path), page()), path).toBe(true);
  });

  it("never keeps credentials in the making, shared pages, the API or a shortcut's launch, wherever the path is", () => {
    for (const path of [
      "/signin",
      "/signup",
      "/device",
      "/invite/abc",
      "/r/token",
      "/api/v1/user",
      "/api/auth/session",
      "/auth/device/code",
      "/w/team/signin",
      "/w/team/r/token",
      "/?action=start-timer",
    ])
      expect(mayKeepPage(at(path), page()), path).toBe(false);
    expect(mayKeepPage(at("/reports-old"), page())).toBe(true);
  });

  it("keeps only a 200 of HTML, not redirected, that the server did not mark no-store", () => {
    expect(mayKeepPage(at("/"), page({ status: 404 }))).toBe(false);
    expect(mayKeepPage(at("/"), page({ status: 500 }))).toBe(false);
    expect(mayKeepPage(at("/"), page({ redirected: true }))).toBe(false);
    expect(mayKeepPage(at("/"), page({ type: "opaqueredirect", status: 0 }))).toBe(false);
    expect(mayKeepPage(at("/settings/profile"), page({ cacheControl: "private, no-cache, no-store, max-age=0, must-revalidate" }))).toBe(false);
    expect(mayKeepPage(at("/reports/csv"), page({ contentType: "text/csv" }))).toBe(false);
  });

  it("forgets the account on the way to sign-in or sign-up, and after a redirect", () => {
    expect(leavesAccount(at("/signin?callbackUrl=%2Freports"))).toBe(true);
    expect(leavesAccount(at("/w/team/signup"))).toBe(true);
    expect(leavesAccount(at("/reports"))).toBe(false);
    expect(isRedirect(page({ type: "opaqueredirect", status: 0 }))).toBe(true);
    expect(isRedirect(page({ status: 307 }))).toBe(true);
    expect(isRedirect(page({ redirected: true }))).toBe(true);
    expect(isRedirect(page())).toBe(false);
  });

  it("leaves the API and the OAuth endpoints to the browser", () => {
    expect(answersNavigation(at("/api/auth/callback/github"))).toBe(false);
    expect(answersNavigation(at("/auth/device"))).toBe(false);
    expect(answersNavigation(at("/authors"))).toBe(true);
    expect(answersNavigation(at("/signin"))).toBe(true);
  });

  it("answers a shortcut's launch offline with the page without it, and any other URL with itself", () => {
    expect(offlinePageUrl(at("/?action=new-entry"))).toBe(`${origin}/`);
    expect(offlinePageUrl(at("/w/team?action=start-timer&q=a+b"))).toBe(`${origin}/w/team?q=a+b`);
    expect(offlinePageUrl(at("/?q=a+b"))).toBe(`${origin}/?q=a+b`);
  });
});

describe("the messages and caches", () => {
  it("takes the protocol's messages, an account's id only as the database makes them", () => {
    expect(offlineMessage({ type: "worklog:account", userId: "cmb2x1k0a0000" })).toEqual({ type: "worklog:account", userId: "cmb2x1k0a0000" });
    expect(offlineMessage({ type: "worklog:account", userId: null })).toEqual({ type: "worklog:account", userId: null });
    expect(offlineMessage({ type: "worklog:sign-out", extra: 1 })).toEqual({ type: "worklog:sign-out" });
    for (const data of [
      null,
      "worklog:sign-out",
      { type: "worklog:account" },
      { type: "worklog:account", userId: "a:b" },
      { type: "worklog:account", userId: "x".repeat(65) },
      { type: "SKIP_WAITING" },
    ])
      expect(offlineMessage(data)).toBeUndefined();
  });

  it("names an account's pages by build and account", () => {
    expect(pagesCacheName("b1", "u1")).toBe("worklog-pages:b1:u1");
    expect(isPagesCache(pagesCacheName("b1", "u1"))).toBe(true);
    expect(isPagesCache("worklog-precache-v2-https://worklog.example/")).toBe(false);
    expect(isPagesCache("worklog-account")).toBe(false);
  });
});

describe("the web app manifest", () => {
  it("opens the personal workspace's worklog, or a team's, each an app of its own", () => {
    expect(webAppManifest(undefined)).toMatchObject({ id: "/", start_url: "/", scope: "/", display: "standalone" });
    const team = webAppManifest("payments-team");
    expect(team).toMatchObject({ id: "/w/payments-team", start_url: "/w/payments-team", scope: "/" });
    expect(team.shortcuts.map((shortcut) => shortcut.url)).toEqual(["/w/payments-team?action=new-entry", "/w/payments-team?action=start-timer"]);
  });
});

describe("a shortcut's launch", () => {
  it("focuses the composer from any link, and starts the timer only from a navigation no other site sent", () => {
    expect(launchAction("new-entry", "cross-site")).toBe("new-entry");
    expect(launchAction("start-timer", "none")).toBe("start-timer");
    expect(launchAction("start-timer", "same-origin")).toBe("start-timer");
    expect(launchAction("start-timer", "cross-site")).toBeUndefined();
    expect(launchAction("start-timer", "same-site")).toBeUndefined();
    expect(launchAction("start-timer", null)).toBeUndefined();
    expect(launchAction("delete-everything", "none")).toBeUndefined();
    expect(launchAction(null, "none")).toBeUndefined();
  });
});
