import type { User } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

type Plan = User["plan"];

export const PLAN_REQUIRED_MESSAGE = "You must be on a plan to access this resource.";

/** The 403 of a feature that the account's plan does not include. */
export function requirePlan(user: Pick<User, "plan">, plan: Plan): void {
  if (user.plan !== plan) throw new AppError("authorization", PLAN_REQUIRED_MESSAGE);
}
