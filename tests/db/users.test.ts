import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/passwords";
import { accessOf } from "../support/access";
import { createUser as createUserFromDomain, findUserByEmail, setUserPlan, updateUser } from "@/lib/users/accounts";
import { newUserSchema, profileUpdateSchema, userUpdateSchema } from "@/lib/users/schemas";
import { parseInput } from "@/lib/validation";
import { AppError } from "@/lib/errors";

/** As the admin CLI and the API call it: input parsed at the boundary. */
const createUser = (input: Record<string, unknown>) => Promise.resolve().then(() => createUserFromDomain(parseInput(newUserSchema, input)));

describe("accounts", () => {
  it("keep the profile's hour cycle, which the API's user update neither takes nor clears", async () => {
    const user = await createUser({ email: "clock@example.com", password: "analytical engine" });
    expect(user.hourCycle).toBeNull();
    const access = await accessOf(user);
    expect((await updateUser(access, parseInput(profileUpdateSchema, { hour_cycle: "24" }))).hourCycle).toBe(24);
    expect((await updateUser(access, parseInput(userUpdateSchema, { name: "Clock", hour_cycle: 12 }))).hourCycle).toBe(24);
    expect((await updateUser(access, parseInput(profileUpdateSchema, { hour_cycle: "12" }))).hourCycle).toBe(12);
    expect((await updateUser(access, parseInput(profileUpdateSchema, { hour_cycle: "" }))).hourCycle).toBeNull();
    const failure = (await Promise.resolve()
      .then(() => parseInput(profileUpdateSchema, { hour_cycle: "13" }))
      .catch((error: unknown) => error)) as AppError;
    expect(failure.kind).toBe("validation");
    expect(failure.issues?.[0]?.pointer).toBe("/hour_cycle");
  });

  it("are created with a normalised email, a hashed password and the default plan", async () => {
    const user = await createUser({ email: "  Ada@Example.COM ", password: "analytical engine", name: " Ada " });
    expect(user).toMatchObject({ email: "ada@example.com", name: "Ada", plan: "pro", timezone: "UTC" });
    expect(user.passwordHash).not.toContain("analytical");
    expect(await verifyPassword("analytical engine", user.passwordHash!)).toBe(true);
    expect((await findUserByEmail("ADA@example.com"))?.id).toBe(user.id);
  });

  it("refuse an email that exists in another case", async () => {
    await createUser({ email: "grace@example.com", password: "first compiler ever" });
    const failure = await createUser({ email: "GRACE@example.com", password: "first compiler ever" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).issues).toEqual([{ pointer: "/email", detail: "Duplicate value", message: "An account with this email already exists" }]);
  });

  it("refuse invalid input with every problem at once", async () => {
    const failure = (await createUser({ email: "not-an-email", password: "short", name: "" }).catch((error: unknown) => error)) as AppError;
    expect(failure.kind).toBe("validation");
    expect(failure.issues).toEqual([
      { pointer: "/email", detail: "Invalid value" },
      { pointer: "/password", detail: "String length is smaller than minLength" },
      { pointer: "/name", detail: "String length is smaller than minLength" },
    ]);
  });

  it("refuse a common password, however long", async () => {
    const failure = (await createUser({ email: "common@example.com", password: "password123456" }).catch((error: unknown) => error)) as AppError;
    expect(failure.issues).toEqual([{ pointer: "/password", detail: "Invalid value" }]);
  });

  it("change plan", async () => {
    await createUser({ email: "plan@example.com", password: "free plan for now", plan: "free" });
    expect((await setUserPlan("plan@example.com", "pro")).plan).toBe("pro");
    await expect(setUserPlan("plan@example.com", "gold")).rejects.toMatchObject({ kind: "validation" });
    await expect(setUserPlan("nobody@example.com", "pro")).rejects.toMatchObject({ kind: "not_found" });
  });
});
