import { AppError } from "@/lib/errors";

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** What a form's server action answers, for useActionState. */
export type FormState<Field extends string> = {
  /** What was submitted, so that a failed submission keeps it (never a password). */
  values: Partial<Record<Field, string>>;
  fieldErrors: FieldErrors<Field>;
  /** A problem with the submission as a whole. */
  formError?: string;
  /** Success, e.g. "Profile saved." */
  notice?: string;
};

/** How one form field reads a validation issue: its JSON pointer (default `/<field>`) and readable messages by detail. */
export type FieldIssueMessages = {
  pointer?: string;
  messages: Partial<Record<string, string>>;
};

const fallbackMessages: Record<string, string> = {
  "String length is smaller than minLength": "This can’t be empty",
  "String length is larger than maxLength": "This is too long",
  "Duplicate value": "This value is already in use",
};

/**
 * Turns an AppError of kind "validation" into messages next to the fields named in `fields`.
 * Issues no field claims become the form error, so that nothing is silently dropped.
 */
export function validationErrors<Field extends string>(
  error: AppError,
  fields: Record<Field, FieldIssueMessages>,
): { fieldErrors: FieldErrors<Field>; formError?: string } {
  const fieldErrors: FieldErrors<Field> = {};
  let someUnclaimed = error.issues.length === 0;
  for (const issue of error.issues) {
    const field = (Object.keys(fields) as Field[]).find((name) => (fields[name].pointer ?? `/${name}`) === issue.pointer);
    if (field === undefined) someUnclaimed = true;
    else fieldErrors[field] ??= fields[field].messages[issue.detail] ?? fallbackMessages[issue.detail] ?? "Enter a valid value";
  }
  return someUnclaimed
    ? { fieldErrors, formError: error.message }
    : { fieldErrors };
}

export function isValidationError(error: unknown): error is AppError {
  return error instanceof AppError && error.kind === "validation";
}

/** A submitted text field, or "" when it is missing or a file. */
export function formText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}
