import type { ActionResult } from "@/app/actions";

/** A refused write as an error, so that react-query rolls back and reports it. */
export class RefusedError extends Error {
  constructor(readonly result: Extract<ActionResult<unknown>, { ok: false }>) {
    super(result.message);
  }
}

export function refusalMessage(error: Error): string {
  return error instanceof RefusedError ? error.message : "The server could not save this change. Try again.";
}

/** The value of an accepted write; a refused one throws. */
export async function accepted<T>(result: Promise<ActionResult<T>>): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new RefusedError(settled);
  return settled.value;
}
