import type { Ref } from "react";

/** A problem with the submission as a whole, announced when it appears. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {message}
    </p>
  );
}

type FormNoticeProps = {
  message?: string;
  /** Given, the notice can take the focus, e.g. from a button that went away with what it did. */
  ref?: Ref<HTMLParagraphElement>;
  className?: string;
};

/**
 * A short success notice, e.g. beside the submit button. The status region is always
 * rendered, so that screen readers announce the notice when it appears in it.
 */
export function FormNotice({ message, ref, className }: FormNoticeProps) {
  return (
    <p ref={ref} role="status" tabIndex={ref ? -1 : undefined} className={`text-sm font-medium text-emerald-700 dark:text-emerald-400 ${className ?? ""}`}>
      {message}
    </p>
  );
}
