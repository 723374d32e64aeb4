import { useId, type ComponentProps, type ReactNode } from "react";

export const controlClassName = [
  "block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base shadow-xs sm:text-sm",
  "placeholder:text-zinc-400",
  "aria-[invalid=true]:border-red-600",
  "dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-500",
  "dark:aria-[invalid=true]:border-red-400",
].join(" ");

const labelClassName = "block text-sm font-medium text-zinc-900 dark:text-zinc-100";
const hintClassName = "mt-1.5 text-sm text-zinc-600 dark:text-zinc-400";

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id?: string;
  className?: string;
};

/** A label, a control, and the control's hint and error, linked through aria-describedby. */
function Field({ label, hint, error, id, className, children }: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClassName}>
        {label}
      </label>
      <div className="mt-1.5">{children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}</div>
      {hint && (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type TextFieldProps = FieldProps & Omit<ComponentProps<"input">, "id" | "className">;

export function TextField({ label, hint, error, id, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <input {...control} {...input} className={controlClassName} />}
    </Field>
  );
}

type SelectFieldProps = FieldProps & Omit<ComponentProps<"select">, "id" | "className">;

export function SelectField({ label, hint, error, id, className, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        // React gives a mounted select a new defaultValue only in its DOM value, not in the option
        // that a form reset returns to (after every successful form action); a new select does.
        <select key={String(select.defaultValue)} {...control} {...select} className={controlClassName} />
      )}
    </Field>
  );
}

type TextAreaFieldProps = FieldProps & Omit<ComponentProps<"textarea">, "id" | "className">;

export function TextAreaField({ label, hint, error, id, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <textarea {...control} {...textarea} className={controlClassName} />}
    </Field>
  );
}
