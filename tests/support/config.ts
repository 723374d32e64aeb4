// lib/config.ts reads the environment once and keeps what it read on globalThis, across the modules
// of a test file; a test that changes process.env has it read again.

/** Makes lib/config.ts read process.env afresh at its next use. */
export function rereadConfig(): void {
  delete (globalThis as { __worklogConfig?: unknown }).__worklogConfig;
}
