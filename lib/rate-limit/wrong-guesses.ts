import "server-only";
import { AppError } from "@/lib/errors";
import { namedLimiter, secondsUntil } from "./index";

/** Wrong guesses of one kind (`name`) allowed per key in 15 minutes (README, "Security"). */
const WRONG_GUESSES = { limit: 10, windowMs: 15 * 60_000 };

function tooManyWrongGuesses(what: string, resetAt: number): AppError {
  const minutes = Math.ceil(secondsUntil(resetAt) / 60);
  return new AppError("rate_limited", `Too many wrong ${what}. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`);
}

/**
 * Looks up what a typed or followed secret names for `key`, counting the guesses that name nothing
 * (`lookUp` answers null or throws not-found) under `name`. Past the limit nothing is looked up,
 * so that even a right guess waits: the error says how long, naming `what` was wrong.
 */
export async function lookUpCountingWrongGuesses<T>({ name, what, key }: { name: string; what: string; key: string }, lookUp: () => Promise<T>): Promise<T> {
  const limiter = namedLimiter(name, WRONG_GUESSES.limit, WRONG_GUESSES.windowMs);
  const allowance = await limiter.peek(key);
  if (!allowance.allowed) throw tooManyWrongGuesses(what, allowance.resetAt);
  try {
    const found = await lookUp();
    if (found === null) await limiter.check(key);
    return found;
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") await limiter.check(key);
    throw error;
  }
}
