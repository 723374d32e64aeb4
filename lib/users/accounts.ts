import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/passwords";
import { parseInput } from "@/lib/validation";
import { emailSchema, newUserSchema, planSchema, type NewUser } from "./schemas";

/** Creates an account; the email is unique case-insensitively (stored lower-cased). */
export async function createUser(input: NewUser) {
  const { email, password, name, plan } = parseInput(newUserSchema, input);
  try {
    return await getDb().user.create({
      data: {
        email,
        name: name ?? null,
        plan: plan ?? getConfig().defaultPlan,
        passwordHash: password ? await hashPassword(password) : null,
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.validation([{ pointer: "/email", detail: "Duplicate value" }]);
    throw error;
  }
}

export async function findUserByEmail(email: string) {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? getDb().user.findUnique({ where: { email: parsed.data } }) : null;
}

export async function requireUserByEmail(email: string) {
  const user = await findUserByEmail(email);
  if (!user) throw new AppError("not_found", `No account has the email ${email}`);
  return user;
}

export async function setUserPlan(email: string, plan: string) {
  const user = await requireUserByEmail(email);
  return getDb().user.update({ where: { id: user.id }, data: { plan: parseInput(planSchema, plan) } });
}
