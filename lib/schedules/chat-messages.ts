/**
 * A recap's markdown as the message of a Slack or Discord incoming webhook (README "Scheduled
 * recaps"): Slack's `{"text"}` in its mrkdwn, Discord's `{"content"}` in markdown, at most 2,000
 * characters. Relative links (a recap cites its entries by their path) become absolute ones of
 * the public origin; the message ends with the recap's share link.
 */

/** Discord refuses a `content` longer than this. */
export const DISCORD_CONTENT_LIMIT = 2_000;

const absolute = (url: string, origin: string) => (url.startsWith("/") ? `${origin}${url}` : url);

const escapeSlack = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Links, bold, italic and strikethrough of one line of markdown in Slack's mrkdwn; `&`, `<` and
 * `>` escaped. A character markdown escapes (a member's name in a team standup) is itself.
 */
function slackInline(text: string, origin: string): string {
  return text.replace(
    /\\([!-/:-@[-`{-~])|\[([^\]]*)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|__(.+?)__|~~(.+?)~~|\*([^*\s](?:[^*]*[^*\s])?)\*|([&<>])/g,
    (match, escaped?: string, label?: string, url?: string, bold?: string, underscored?: string, struck?: string, italic?: string, special?: string) => {
      if (escaped !== undefined) return escapeSlack(escaped);
      if (url !== undefined) return `<${escapeSlack(absolute(url, origin))}|${slackInline(label!, origin)}>`;
      if (bold !== undefined || underscored !== undefined) return `*${slackInline((bold ?? underscored)!, origin)}*`;
      if (struck !== undefined) return `~${slackInline(struck, origin)}~`;
      if (italic !== undefined) return `_${slackInline(italic, origin)}_`;
      return special ? escapeSlack(special) : match;
    },
  );
}

/** Markdown as Slack mrkdwn: **bold** as *bold*, [text](url) as <url|text>, headings as bold lines, list items as •. */
export function slackMrkdwn(markdown: string, origin: string): string {
  return markdown
    .split("\n")
    .map((line) => {
      const heading = /^#{1,6}\s+(.*?)\s*#*$/.exec(line);
      if (heading) return `*${slackInline(heading[1]!.replace(/\*\*(.+?)\*\*/g, "$1"), origin)}*`;
      const item = /^(\s*)[-*+]\s+(.*)$/.exec(line);
      if (item) return `${item[1]}• ${slackInline(item[2]!, origin)}`;
      return slackInline(line, origin);
    })
    .join("\n");
}

/** The Slack message: the recap, then its link. */
export function slackMessage(markdown: string, shareUrl: string, origin: string): { text: string } {
  return { text: `${slackMrkdwn(markdown.trimEnd(), origin)}\n\n<${escapeSlack(shareUrl)}|Open the recap>` };
}

/** The Discord message: the recap with absolute links, cut to fit with its link within 2,000 characters. */
export function discordMessage(markdown: string, shareUrl: string, origin: string): { content: string } {
  const text = markdown.trimEnd().replace(/\]\((\/[^)\s]*)\)/g, (_, url: string) => `](${absolute(url, origin)})`);
  const link = `\n\n${shareUrl}`;
  const room = DISCORD_CONTENT_LIMIT - link.length;
  return { content: (text.length > room ? `${text.slice(0, room - 1)}…` : text) + link };
}
