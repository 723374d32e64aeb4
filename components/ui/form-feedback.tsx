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

/**
 * A short success notice, e.g. beside the submit button. The status region is always
 * rendered, so that screen readers announce the notice when it appears in it.
 */
export function FormNotice({ message }: { message?: string }) {
  return (
    <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
      {message}
    </p>
  );
}
