// Reading the API's answers in tests.
import { expect } from "vitest";

/**
 * The JSON body of `response`, which must have `status` (the body is the message when it has not).
 * Untyped unless `T` says, as Response.json() is.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the default is Response.json()'s own type
export async function json<T = any>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const resolved = await response;
  const body = await resolved.json();
  expect(resolved.status, JSON.stringify(body)).toBe(status);
  return body as T;
}
