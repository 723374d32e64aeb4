const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The name's ASCII letters, grouped in words ("Café Über-App" → ["CAFE", "UBER", "APP"]). */
function asciiWords(name: string): string[] {
  return name
    .normalize("NFKD")
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);
}

/**
 * Identifiers to try for a project, best first: the initials of its name ("Website Project" →
 * "WP"), then longer forms from its letters, then every other 1–3 letter identifier.
 */
export function* identifierCandidates(name: string): Generator<string> {
  const words = asciiWords(name);
  const letters = words.join("");
  const initials =
    words
      .map((word) => word[0])
      .join("")
      .slice(0, 3) || "P";
  yield initials;
  for (const letter of letters.slice(1)) if (initials.length < 3) yield initials + letter;
  if (letters.length >= 2) yield letters.slice(0, Math.min(3, letters.length));
  const first = initials[0]!;
  for (const a of ALPHABET) yield first + a;
  for (const a of ALPHABET) for (const b of ALPHABET) yield first + a + b;
  for (const a of ALPHABET) yield a;
  for (const a of ALPHABET) for (const b of ALPHABET) yield a + b;
  for (const a of ALPHABET) for (const b of ALPHABET) for (const c of ALPHABET) yield a + b + c;
}

/** The first candidate not taken, or undefined when every identifier is (18 278 of them). */
export function deriveIdentifier(name: string, taken: ReadonlySet<string>): string | undefined {
  for (const candidate of identifierCandidates(name)) if (!taken.has(candidate)) return candidate;
  return undefined;
}
