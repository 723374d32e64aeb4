import "server-only";
import { AppError } from "@/lib/errors";
import { namedLimiter, secondsUntil } from "@/lib/rate-limit";

/**
 * Wrong user codes a signed-in user may type on /device in 15 minutes (README, "Security"): a
 * code is one of 20^8, which a script trying codes from many accounts' sessions could still hit.
 */
const WRONG_USER_CODES = { limit: 10, windowMs: 15 * 60_000 };

const wrongUserCodes = () => namedLimiter("wrong-user-codes", WRONG_USER_CODES.limit, WRONG_USER_CODES.windowMs);

function tooManyWrongCodes(resetAt: number): AppError {
  const minutes = Math.ceil(secondsUntil(resetAt) / 60);
  return new AppError("rate_limited", `Too many wrong codes. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`);
}

/**
 * Looks up what a user code typed by `userId` names, counting the codes that name nothing
 * (`lookUp` answers null or throws not-found). Past the limit nothing is looked up, so that even
 * a right code waits: the error says how long.
 */
export async function lookUpTypedUserCode<T>(userId: string, lookUp: () => Promise<T>): Promise<T> {
  const allowance = await wrongUserCodes().peek(userId);
  if (!allowance.allowed) throw tooManyWrongCodes(allowance.resetAt);
  try {
    const found = await lookUp();
    if (found === null) await wrongUserCodes().check(userId);
    return found;
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") await wrongUserCodes().check(userId);
    throw error;
  }
}
