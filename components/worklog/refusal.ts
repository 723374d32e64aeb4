import type { ActionFailure, ActionResult } from "@/lib/server-actions/action-result";

/** A refused action as an error, so that react-query rolls back and reports it. */
export class RefusedError extends Error {
  constructor(readonly refusal: ActionFailure<string>) {
    super(refusal.message);
  }
}

export function refusalMessage(error: Error): string {
  return error instanceof RefusedError ? error.message : "The server could not save this change. Try again.";
}

/** The data of an action that succeeded; a refused one throws. */
export async function accepted<Data, Field extends string>(result: Promise<ActionResult<Data, Field>>): Promise<Data> {
  const settled = await result;
  if (!settled.ok) throw new RefusedError(settled);
  return settled.data;
}
