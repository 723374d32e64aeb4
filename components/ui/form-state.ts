import { useActionState } from "react";
import type { ActionResult, FieldErrors, FormValues } from "@/lib/server-actions/action-result";

/** A server action a form posts to through useActionState; `previous` is null before the first submission. */
export type FormAction<Data, Field extends string> = (previous: ActionResult<Data, Field> | null, formData: FormData) => Promise<ActionResult<Data, Field>>;

/**
 * A form posting to a server action, and what it shows: in its fields, what was typed after a
 * refusal, else `initialValues`, or after a success what `valuesAfterSuccess` makes of the
 * action's data (the record as saved); the refusal's messages; whether the last submission succeeded.
 */
export function useActionForm<Data, Field extends string>(
  action: FormAction<Data, Field>,
  initialValues: FormValues<Field>,
  valuesAfterSuccess: (data: Data) => FormValues<Field> = () => initialValues,
) {
  const [result, formAction] = useActionState<ActionResult<Data, Field> | null, FormData>(action, null);
  const refusal = result?.ok === false ? result : undefined;
  const values: FormValues<Field> = refusal ? (refusal.values ?? {}) : result?.ok ? valuesAfterSuccess(result.data) : initialValues;
  const fieldErrors: FieldErrors<Field> = refusal?.fieldErrors ?? {};
  return {
    formAction,
    values,
    fieldErrors,
    formError: refusal?.message,
    succeeded: result?.ok === true,
  };
}
