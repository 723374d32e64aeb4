import "server-only";
import { AuthError, CredentialsSignin } from "next-auth";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { clientIp } from "@/lib/client-ip";
import { namedLimiter, secondsUntil } from "@/lib/rate-limit";

const MINUTE_MS = 60_000;

/** Failed sign-ins allowed per account and per client IP (README, "Security"). */
const failedSignInLimits = {
  account: { limit: 10, windowMs: 15 * MINUTE_MS },
  address: { limit: 60, windowMs: MINUTE_MS },
};

/** A sign-in refused before its password was looked at; next-auth's own endpoint reports its `code`. */
export class TooManySignIns extends CredentialsSignin {
  code = "too_many_attempts";
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

function failedSignInLimiters(email: string, request: Request) {
  const { account, address } = failedSignInLimits;
  return [
    { limiter: namedLimiter("failed-sign-ins-account", account.limit, account.windowMs), identifier: email.trim().toLowerCase() },
    { limiter: namedLimiter("failed-sign-ins-address", address.limit, address.windowMs), identifier: clientIp(request.headers) },
  ];
}

/** Throws TooManySignIns while the account or the client IP has used up its failed sign-ins. */
export async function refuseWhileLimited(email: string, request: Request): Promise<void> {
  const decisions = await Promise.all(failedSignInLimiters(email, request).map(({ limiter, identifier }) => limiter.peek(identifier)));
  const refused = decisions.filter((decision) => !decision.allowed);
  if (refused.length > 0) throw new TooManySignIns(Math.max(...refused.map((decision) => secondsUntil(decision.resetAt))));
}

export async function countFailedSignIn(email: string, request: Request): Promise<void> {
  await Promise.all(failedSignInLimiters(email, request).map(({ limiter, identifier }) => limiter.check(identifier)));
}

/** Counts a sign-up attempt of the client IP; the wait in seconds once it is past the limit. */
export async function signUpWait(request: Request): Promise<number | undefined> {
  const decision = await namedLimiter("sign-ups-address", getConfig().signUpsPerHour, 60 * MINUTE_MS).check(clientIp(request.headers));
  return decision.allowed ? undefined : secondsUntil(decision.resetAt);
}

/** "Try again in 3 minutes." */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** What to tell a person whose password sign-in failed; an error that is not next-auth's is thrown again. */
export function signInFailure(error: unknown): AppError {
  if (error instanceof TooManySignIns) return new AppError("rate_limited", `Too many failed sign-ins. ${tryAgainIn(error.retryAfterSeconds)}`);
  if (!(error instanceof AuthError)) throw error;
  return new AppError("authentication", error.type === "CredentialsSignin" ? "Wrong email or password." : "Signing in failed. Please try again.");
}
