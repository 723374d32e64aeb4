import { describe, expect, it } from "vitest";
import { signUpSchema, userUpdateSchema } from "@/lib/users/schemas";

const signUp = { email: "ada@example.com", password: "correct horse battery" };

describe("signUpSchema", () => {
  it("keeps the browser's time zone when it is an IANA zone", () => {
    expect(signUpSchema.parse({ ...signUp, timezone: "America/New_York" }).timezone).toBe("America/New_York");
  });

  it.each([undefined, "", "Mars/Olympus", "x".repeat(65), 42])("starts the account in UTC when the browser sent %j", (timezone) => {
    expect(signUpSchema.parse({ ...signUp, timezone }).timezone).toBe("UTC");
  });

  it("still refuses the other fields", () => {
    expect(signUpSchema.safeParse({ ...signUp, email: "nope", timezone: "Europe/Paris" }).success).toBe(false);
  });
});

describe("userUpdateSchema", () => {
  it("takes a week start of monday or sunday, and nothing else", () => {
    expect(userUpdateSchema.parse({ week_start: "sunday" })).toEqual({ week_start: "sunday" });
    expect(userUpdateSchema.parse({})).toEqual({});
    for (const week_start of ["Sunday", "saturday", "", null, 0]) expect(userUpdateSchema.safeParse({ week_start }).success).toBe(false);
  });
});
