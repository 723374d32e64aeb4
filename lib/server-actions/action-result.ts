export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export type FormValues<Field extends string> = Partial<Record<Field, string>>;

export type ActionFailure<Field extends string> = {
  ok: false;
  /** Next to the fields, e.g. `{ name: "Use at most 100 characters" }`. */
  fieldErrors: FieldErrors<Field>;
  /** About the submission as a whole, e.g. "Check the highlighted fields." */
  message: string;
  /** What was typed into a form's fields (never a password), so that the refused form keeps it. */
  values?: FormValues<Field>;
};

/** What every server action answers: its data, or why it was refused (never thrown, so that the reason reaches the browser). */
export type ActionResult<Data, Field extends string = never> = { ok: true; data: Data } | ActionFailure<Field>;

/** A submitted text field, or "" when it is missing or a file. */
export function formText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/** The submitted text of each of `fields`. */
export function formValues<Field extends string>(formData: FormData, fields: readonly Field[]): Record<Field, string> {
  return Object.fromEntries(fields.map((field) => [field, formText(formData, field)])) as Record<Field, string>;
}
