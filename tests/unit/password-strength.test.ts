import { describe, expect, it } from "vitest";
import { passwordStrength } from "@/lib/auth/password-strength";
import { passwordSchema } from "@/lib/users/schemas";

describe("passwordStrength and passwordSchema", () => {
  it.each(["password", "12345678", "        ", "password12", "qwertyuiop", "aaaaaaaaaaaaaaaa", "Passw0rd!!", "1234567890"])(
    "refuse %j, with advice",
    (password) => {
      const strength = passwordStrength(password);
      expect(strength.acceptable).toBe(false);
      expect(strength.advice.length).toBeGreaterThan(0);
      expect(passwordSchema.safeParse(password).success).toBe(false);
    },
  );

  it.each(["correct horse battery", "quiet lantern orbit", "long enough"])("accept %j", (password) => {
    expect(passwordStrength(password)).toMatchObject({ acceptable: true, advice: [] });
    expect(passwordSchema.parse(password)).toBe(password);
  });

  it("a short password is one problem, its length, and a long one is refused for its length alone", () => {
    expect(passwordStrength("Xk#9").advice).toEqual(["Use at least 10 characters."]);
    expect(passwordSchema.safeParse("Xk#9").error?.issues.map((issue) => issue.code)).toEqual(["too_small"]);
    expect(passwordSchema.safeParse("x".repeat(1025)).error?.issues.map((issue) => issue.code)).toEqual(["too_big"]);
  });
});
