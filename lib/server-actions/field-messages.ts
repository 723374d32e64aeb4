import type { z } from "zod";

/** How a form's messages speak of one of its fields. */
export type FieldDescription = {
  /** The field as a sentence names it: "name", "email address". */
  label: string;
  /** What a valid value looks like, for a value of the wrong form: "1 to 3 letters (A–Z)". */
  format?: string;
  /** One element of the field's list: "tag". */
  item?: string;
  /** The unit the form asks a number in, and how many of the schema's units make one: `{ name: "minute", size: 60 }`. */
  unit?: { name: string; size: number };
};

/** A field's description, or only its label. */
export type FieldLabel = string | FieldDescription;

export const describeField = (field: FieldLabel): FieldDescription => (typeof field === "string" ? { label: field } : field);

const counted = (count: number, noun: string) => `${count.toLocaleString("en")} ${noun}${count === 1 ? "" : "s"}`;

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;

/** A bound of a number in the form's unit, rounded towards the values it allows. */
function quantity(bound: number, field: FieldDescription, round: (value: number) => number): string {
  return field.unit ? counted(round(bound / field.unit.size), field.unit.name) : bound.toLocaleString("en");
}

const isNumeric = (origin: string) => origin === "number" || origin === "int" || origin === "bigint";

const requiredMessage = (field: FieldDescription) => `Enter ${withArticle(field.label)}`;

export const invalidMessage = (field: FieldDescription) => (field.format ? `Use ${field.format}` : `Enter a valid ${field.label}`);

/**
 * What to tell a person about a zod issue of a field, computed from the issue itself: the
 * schema's bound (`too_big` with maximum 100 on a string: "Use at most 100 characters"), the
 * values it allows, or whether the value is missing. Zod's own messages are not used: they are
 * written for API clients.
 */
function issueMessage(issue: z.core.$ZodIssue, field: FieldDescription): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return requiredMessage(field);
      return issue.expected === "int" ? "Enter a whole number" : invalidMessage(field);
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "string") return minimum <= 1 ? requiredMessage(field) : `Use at least ${counted(minimum, "character")}`;
      if (issue.origin === "array" || issue.origin === "set") return `Choose at least ${counted(minimum, field.item ?? "item")}`;
      if (isNumeric(issue.origin)) return `Enter ${issue.inclusive ? "at least" : "more than"} ${quantity(minimum, field, Math.ceil)}`;
      return invalidMessage(field);
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "string") return `Use at most ${counted(maximum, "character")}`;
      if (issue.origin === "array" || issue.origin === "set") return `Use at most ${counted(maximum, field.item ?? "item")}`;
      if (isNumeric(issue.origin)) return `Enter ${issue.inclusive ? "at most" : "less than"} ${quantity(maximum, field, Math.floor)}`;
      return invalidMessage(field);
    }
    case "invalid_value":
      return `Choose one of: ${issue.values.map(String).join(", ")}`;
    case "not_multiple_of":
      return `Enter a multiple of ${Number(issue.divisor).toLocaleString("en")}`;
    default:
      return invalidMessage(field);
  }
}

/** As issueMessage; an issue of one element of a list field names it by its position: "Tag 3: use at most 50 characters". */
export function fieldIssueMessage(issue: z.core.$ZodIssue, field: FieldDescription): string {
  const index = issue.path[1];
  if (typeof index !== "number") return issueMessage(issue, field);
  const item = field.item ?? "item";
  const message = issueMessage(issue, { label: item });
  return `${item[0]!.toUpperCase()}${item.slice(1)} ${index + 1}: ${message[0]!.toLowerCase()}${message.slice(1)}`;
}
