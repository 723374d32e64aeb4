import "server-only";
import { lookUpCountingWrongGuesses } from "@/lib/rate-limit/wrong-guesses";

/**
 * Looks up what a user code typed by `userId` on /device names, counting the codes that name
 * nothing: 10 in 15 minutes (README, "Security"), as a code is one of 20^8, which a script trying
 * codes from many accounts' sessions could still hit.
 */
export function lookUpTypedUserCode<T>(userId: string, lookUp: () => Promise<T>): Promise<T> {
  return lookUpCountingWrongGuesses({ name: "wrong-user-codes", what: "codes", key: userId }, lookUp);
}
