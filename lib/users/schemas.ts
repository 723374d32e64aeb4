import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordStrength } from "@/lib/auth/password-strength";
import type { HourCycle } from "@/lib/formatting/time-words";
import { requestSchemas } from "@/lib/openapi/components";
import { weekStarts } from "@/lib/time";
import { text } from "@/lib/validation";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email())
  // What a request may send: an address with whitespace around it, which is trimmed (docs/api.md, "Conventions"), so no `format: email`.
  .meta({ pattern: "^\\s*[^\\s@]+@[^\\s@]+\\s*$", description: "An email address, stored trimmed and lower-cased." });

export const userNameSchema = text(1, 100);

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timezoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone)
  .meta({ description: 'An IANA time zone name, e.g. `Europe/Paris`; "today" in recaps is computed in it.' });

export const weekStartSchema = z
  .enum(weekStarts)
  .meta({ description: 'The first day of the account\'s weeks: where the web app\'s weekly chart and its recap form\'s "This week" and "Last week" begin.' });

/** At least 10 characters and hard to guess (lib/auth/password-strength.ts), wherever a password is set. */
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { abort: true })
  .max(MAX_PASSWORD_LENGTH, { abort: true })
  .refine((password) => passwordStrength(password).acceptable, "Password is too easy to guess");

export const planSchema = z.enum(["free", "pro"]);

export const newUserSchema = z.object({
  email: emailSchema,
  password: passwordSchema.optional(),
  name: userNameSchema.nullish(),
  plan: planSchema.optional(),
  timezone: timezoneSchema.optional(),
});
export type NewUser = z.output<typeof newUserSchema>;

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: userNameSchema.nullish(),
  /** The browser's zone, sent by the form: an account starts in it, or in UTC when the browser sent none or an unknown one. */
  timezone: timezoneSchema.catch("UTC"),
});

/** PUT /api/v1/user and the profile page: any of email, name, timezone, week_start. */
export const userUpdateSchema = z
  .object({
    email: emailSchema.optional(),
    name: userNameSchema.nullable().optional(),
    timezone: timezoneSchema.optional(),
    week_start: weekStartSchema.optional(),
  })
  .register(requestSchemas, { id: "UserUpdate" });
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** The profile form's hour cycle: "12", "24", or "" for the browser's language (web only, not in the API). */
export const hourCycleChoiceSchema = z.enum(["", "12", "24"]).transform((choice) => (choice === "" ? null : (Number(choice) as HourCycle)));

/** The profile page: the user resource's fields, and how times are written. */
export const profileUpdateSchema = userUpdateSchema.extend({ hour_cycle: hourCycleChoiceSchema.optional() });
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
