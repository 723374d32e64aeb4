import { describe, expect, it } from "vitest";
import { DISCORD_CONTENT_LIMIT, discordMessage, slackMessage, slackMrkdwn } from "@/lib/schedules/chat-messages";
import { nextRunAt } from "@/lib/schedules/next-run";

const weekdays = [1, 2, 3, 4, 5];

describe("nextRunAt", () => {
  it("is the time on the next of the days, later today when it has not passed yet", () => {
    // 2026-11-25 is a Wednesday; Paris is UTC+1 in winter.
    expect(nextRunAt({ weekdays, localTime: "09:00" }, "Europe/Paris", new Date("2026-11-25T07:59:00Z"))).toEqual(new Date("2026-11-25T08:00:00Z"));
    expect(nextRunAt({ weekdays, localTime: "09:00" }, "Europe/Paris", new Date("2026-11-25T08:00:00Z"))).toEqual(new Date("2026-11-26T08:00:00Z"));
    // Friday after its time: Monday.
    expect(nextRunAt({ weekdays, localTime: "09:00" }, "Europe/Paris", new Date("2026-11-27T09:00:00Z"))).toEqual(new Date("2026-11-30T08:00:00Z"));
    // One day a week, just passed: a week later.
    expect(nextRunAt({ weekdays: [3], localTime: "09:00" }, "Europe/Paris", new Date("2026-11-25T08:00:00Z"))).toEqual(new Date("2026-12-02T08:00:00Z"));
    expect(nextRunAt({ weekdays: [], localTime: "09:00" }, "Europe/Paris", new Date("2026-11-25T08:00:00Z"))).toBeUndefined();
  });

  it("reads the day in the account's zone, not in UTC", () => {
    // 23:30 on Sunday in Los Angeles is Monday in UTC: Monday's 09:00 there is still to come.
    expect(nextRunAt({ weekdays: [1], localTime: "09:00" }, "America/Los_Angeles", new Date("2026-11-30T07:30:00Z"))).toEqual(new Date("2026-11-30T17:00:00Z"));
    expect(nextRunAt({ weekdays: [0, 6], localTime: "00:00" }, "Asia/Tokyo", new Date("2026-11-27T15:00:00Z"))).toEqual(new Date("2026-11-28T15:00:00Z"));
  });

  it("keeps the wall-clock time across a DST change, in spring and in autumn", () => {
    // Paris goes to UTC+2 on Sunday 2026-03-29: Friday's 09:00 is 08:00Z, Monday's 07:00Z.
    expect(nextRunAt({ weekdays, localTime: "09:00" }, "Europe/Paris", new Date("2026-03-27T07:00:00Z"))).toEqual(new Date("2026-03-27T08:00:00Z"));
    expect(nextRunAt({ weekdays, localTime: "09:00" }, "Europe/Paris", new Date("2026-03-27T08:00:00Z"))).toEqual(new Date("2026-03-30T07:00:00Z"));
    // And back to UTC+1 on Sunday 2026-10-25.
    expect(nextRunAt({ weekdays, localTime: "09:00" }, "Europe/Paris", new Date("2026-10-23T07:00:00Z"))).toEqual(new Date("2026-10-26T08:00:00Z"));
  });

  it("runs a time the clocks skip just after the jump, and a time they repeat once", () => {
    // New York jumps from 02:00 to 03:00 on 2026-03-08: 02:30 runs at 03:30 EDT.
    expect(nextRunAt({ weekdays: [0], localTime: "02:30" }, "America/New_York", new Date("2026-03-07T12:00:00Z"))).toEqual(new Date("2026-03-08T07:30:00Z"));
    // It shows 01:00 to 02:00 twice on 2026-11-01: 01:30 runs the first time, then next Sunday.
    const first = nextRunAt({ weekdays: [0], localTime: "01:30" }, "America/New_York", new Date("2026-10-31T12:00:00Z"))!;
    expect(first).toEqual(new Date("2026-11-01T05:30:00Z"));
    expect(nextRunAt({ weekdays: [0], localTime: "01:30" }, "America/New_York", first)).toEqual(new Date("2026-11-08T06:30:00Z"));
  });
});

const origin = "https://worklog.example.com";

describe("slackMrkdwn", () => {
  it("turns headings into bold lines, list items into bullets, bold, italic and links into mrkdwn", () => {
    const markdown = [
      "# Standup 2026-11-25",
      "",
      "## Yesterday: **Tuesday** 2026-11-24",
      "",
      "- Fixed the **login** bug ([Tue](/?entry=0193)); commit [`abc1234`](https://github.com/o/r/commit/abc1234)",
      "  * nested *quietly*",
      "Plain & simple <tag> ~~gone~~ `code`",
    ].join("\n");
    expect(slackMrkdwn(markdown, origin)).toBe(
      [
        "*Standup 2026-11-25*",
        "",
        "*Yesterday: Tuesday 2026-11-24*",
        "",
        "• Fixed the *login* bug (<https://worklog.example.com/?entry=0193|Tue>); commit <https://github.com/o/r/commit/abc1234|`abc1234`>",
        "  • nested _quietly_",
        "Plain &amp; simple &lt;tag&gt; ~gone~ `code`",
      ].join("\n"),
    );
  });

  it("shows the characters markdown escapes as themselves, as in a team standup's member names", () => {
    expect(slackMrkdwn("## ada\\_lovelace \\[1\\] \\<x\\>\n\n**Today (Fri 6 Mar)**", origin)).toBe("*ada_lovelace [1] &lt;x&gt;*\n\n*Today (Fri 6 Mar)*");
  });

  it("ends the Slack message with the share link", () => {
    expect(slackMessage("# Recap\n", `${origin}/r/abc`, origin)).toEqual({ text: `*Recap*\n\n<${origin}/r/abc|Open the recap>` });
  });
});

describe("discordMessage", () => {
  it("keeps markdown, makes relative links absolute, and cuts to 2,000 characters with the link kept", () => {
    expect(discordMessage("# Recap\n- [Tue](/?entry=1)\n", `${origin}/r/abc`, origin)).toEqual({
      content: `# Recap\n- [Tue](${origin}/?entry=1)\n\n${origin}/r/abc`,
    });
    const long = discordMessage("x".repeat(5_000), `${origin}/r/abc`, origin).content;
    expect(long).toHaveLength(DISCORD_CONTENT_LIMIT);
    expect(long.endsWith(`…\n\n${origin}/r/abc`)).toBe(true);
  });
});
