import { describe, expect, it } from "vitest";
import { invitationMessage } from "@/lib/workspaces/invitation-message";

const input = {
  to: "mary@example.com",
  inviterName: 'Ada <i>"Lovelace"</i> & co',
  workspaceName: '<b>&"',
  role: "admin",
  expiresAt: new Date("2026-03-20T08:30:00Z"),
  timeZone: "Europe/Paris",
  link: "https://worklog.example.com/invite/wli_abc?x=1&y=<2>",
};

describe("the invitation message", () => {
  it("says who invites, to which workspace, with which role, until when, and the link, in its subject, text and HTML", () => {
    const message = invitationMessage(input);
    expect(message.to).toBe("mary@example.com");
    expect(message.subject).toBe('Ada <i>"Lovelace"</i> & co invited you to <b>&" on Worklog');
    expect(message.text).toContain('Ada <i>"Lovelace"</i> & co invited you to join the workspace <b>&" on Worklog as an admin.');
    expect(message.text).toContain(`\n${input.link}\n`);
    // 08:30 UTC is 09:30 in Paris in March (before the change to summer time on the 29th).
    expect(message.text).toContain("The link works until 20 March 2026, 09:30 (Europe/Paris).");
    expect(message.html).toContain("The link works until 20 March 2026, 09:30 (Europe/Paris).");
  });

  it("escapes everything in the HTML part", () => {
    const { html } = invitationMessage(input);
    expect(html).toContain("<strong>&lt;b&gt;&amp;&quot;</strong>");
    expect(html).toContain("Ada &lt;i&gt;&quot;Lovelace&quot;&lt;/i&gt; &amp; co invited you");
    expect(html).toContain('<a href="https://worklog.example.com/invite/wli_abc?x=1&amp;y=&lt;2&gt;">');
    expect(html).not.toMatch(/<b>|<i>|&"|& co/);
  });

  it("writes the expiry in the inviter's time zone, naming it", () => {
    expect(invitationMessage({ ...input, timeZone: "UTC" }).text).toContain("20 March 2026, 08:30 (UTC)");
    expect(invitationMessage({ ...input, timeZone: "Asia/Tokyo", role: "member" }).text).toMatch(/as a member\.[\s\S]*20 March 2026, 17:30 \(Asia\/Tokyo\)/);
  });

  it("keeps the subject on one line", () => {
    expect(invitationMessage({ ...input, workspaceName: "Two\r\nlines" }).subject).toBe('Ada <i>"Lovelace"</i> & co invited you to Two lines on Worklog');
  });
});
