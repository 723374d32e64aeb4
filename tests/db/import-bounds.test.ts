import { describe, expect, it } from "vitest";
import { checkJrnlDocument, checkWorklogDocument } from "@/lib/data/import-check";
import { AppError } from "@/lib/errors";

// Checking a large document takes turns with other work (lib/data/import.ts), and keeps at most
// 100 problems.

const emptyItems = (count: number) => Array.from({ length: count }, () => ({}));

async function refusedWhileOthersRun(check: () => unknown) {
  let othersRan = false;
  setImmediate(() => (othersRan = true));
  const outcome = await Promise.resolve()
    .then(check)
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  return { othersRanFirst: othersRan, error: outcome as AppError };
}

describe("checking a large document", () => {
  it("yields to the event loop while it checks a jrnl document, and keeps 100 problems and a count of the rest", async () => {
    const { othersRanFirst, error } = await refusedWhileOthersRun(() => checkJrnlDocument({ entries: emptyItems(20_000) }, "UTC"));
    expect(othersRanFirst).toBe(true);
    expect(error).toBeInstanceOf(AppError);
    expect(error.issues).toHaveLength(101);
    expect(error.issues.at(-1)).toEqual({ pointer: "", detail: "And 79900 more problems" });
    expect(error.message.length).toBeLessThan(10_000);
  });

  it("yields while it checks a Worklog export", async () => {
    const document = { format: "worklog-export", version: 1, projects: [], repositories: [], commits: [], entries: emptyItems(20_000) };
    const { othersRanFirst, error } = await refusedWhileOthersRun(() => checkWorklogDocument(document));
    expect(othersRanFirst).toBe(true);
    expect(error.issues).toHaveLength(101);
  });
});
