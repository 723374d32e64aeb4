import { v7 } from "uuid";

/** A new UUIDv7: time-ordered, and monotonic within this process. */
export function newId(): string {
  return v7();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
