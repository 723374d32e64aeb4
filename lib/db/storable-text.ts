/**
 * Text from outside (an endpoint's answer, an error's message) as PostgreSQL stores it: without
 * NUL, which text and jsonb refuse, and with each lone UTF-16 surrogate, which jsonb refuses
 * (and UTF-8 cannot encode), replaced by U+FFFD. Whatever is stored from an outside answer goes
 * through here first, so that writing it never fails.
 */
export function storableText(text: string): string {
  return text.replaceAll("\u0000", "").toWellFormed();
}
