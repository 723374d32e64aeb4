import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { translations } from "@zxcvbn-ts/language-en";

/**
 * How strong a password must be (README, "Security"): long enough, and not guessable from the
 * common passwords, names and keyboard patterns of zxcvbn's common dictionary. The server checks
 * it (lib/users/schemas.ts); the forms that set a password load this module lazily to say as one
 * types, since its dictionary is large.
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;
const MIN_SCORE = 3;

let checker: ZxcvbnFactory | undefined;

export type PasswordStrength = {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: number;
  acceptable: boolean;
  /** What is wrong and what would help, for people; empty when the password is acceptable. */
  advice: string[];
};

export function passwordStrength(password: string): PasswordStrength {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { score: 0, acceptable: false, advice: [`Use at least ${MIN_PASSWORD_LENGTH} characters.`] };
  }
  checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, translations });
  // zxcvbn's time grows with the length; what lies past the maximum is refused anyway.
  const { score, feedback } = checker.check(password.slice(0, MAX_PASSWORD_LENGTH));
  const acceptable = score >= MIN_SCORE;
  const advice = acceptable ? [] : [feedback.warning ?? "This password is easy to guess.", ...feedback.suggestions];
  return { score, acceptable, advice };
}
