import { describe, expect, it } from "vitest";
import type { Access } from "@/lib/access/context";
import { accessOf } from "../support/access";
import { getDb } from "@/lib/db/client";
import { findImport, importJob, startImportJob } from "@/lib/data/import-jobs";
import { LeaseLostError, type JobContext } from "@/lib/jobs/job-kind";

// A large import's job (lib/data/import-jobs.ts): batches that each commit with the import's
// progress, so that an attempt run again after the last one died goes on where it stopped.

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `import-job-${++accounts}@example.com`, timezone: "Europe/Paris" } });

const jrnlEntries = (count: number) => Array.from({ length: count }, (_, index) => ({ date: "2026-11-20", time: "09:30", title: `Entry ${index}`, body: "" }));

/** An attempt of the job for the import's owner, whose lease is lost at its `loseAt`-th renewal (never, by default). */
function attempt(access: Access, attemptNumber: number, loseAt = Infinity): JobContext {
  let renewals = 0;
  return {
    id: "unused",
    access,
    attempt: attemptNumber,
    maxAttempts: importJob.maxAttempts,
    now: () => new Date(),
    signal: new AbortController().signal,
    holdLease: async () => {
      if (++renewals >= loseAt) throw new LeaseLostError("unused");
    },
    writeUnderLease: async () => {
      throw new Error("an import writes in transactions of its own");
    },
  };
}

describe("an import job", () => {
  it("goes on where an attempt that died stopped: each batch is written once, and counted once", async () => {
    const user = await newUser();
    const accepted = await startImportJob(await accessOf(user), "jrnl", { entries: jrnlEntries(2_500) }, "api");
    expect(accepted).toMatchObject({ status: "queued", processed: 0, total: 2_500, result: null });
    const payload = { import_id: accepted.id, time_zone: user.timezone };

    // The first attempt writes one batch of 1 000 entries, then loses its lease in the second.
    await expect(importJob.run(payload, attempt(await accessOf(user), 1, 2))).rejects.toThrow(LeaseLostError);
    expect(await findImport(await accessOf(user), accepted.id)).toMatchObject({ status: "running", processed: 1_000, result: null });
    expect(await getDb().worklogEntry.count({ where: { userId: user.id } })).toBe(1_000);

    await importJob.run(payload, attempt(await accessOf(user), 2));
    expect(await findImport(await accessOf(user), accepted.id)).toEqual({
      id: accepted.id,
      status: "succeeded",
      processed: 2_500,
      total: 2_500,
      result: { created: { projects: 0, repositories: 0, commits: 0, entries: 2_500 }, skipped: { projects: 0, repositories: 0, commits: 0, entries: 0 } },
      error: null,
    });
    expect(await getDb().worklogEntry.count({ where: { userId: user.id } })).toBe(2_500);
    expect((await getDb().import.findUniqueOrThrow({ where: { id: accepted.id } })).document).toBeNull();

    // A third run of the job (a worker that took it after its lease) changes nothing.
    await importJob.run(payload, attempt(await accessOf(user), 3));
    expect(await getDb().worklogEntry.count({ where: { userId: user.id } })).toBe(2_500);
  });

  it("marks the import failed when the job fails for good, and drops its document", async () => {
    const user = await newUser();
    const accepted = await startImportJob(await accessOf(user), "jrnl", { entries: jrnlEntries(10) }, "api");
    await getDb().$transaction((tx) => importJob.onFailed!({ import_id: accepted.id, time_zone: "UTC" }, { message: "connection lost", stopped: false }, tx));
    const failed = await findImport(await accessOf(user), accepted.id);
    expect(failed).toMatchObject({ status: "failed", result: null, error: expect.stringContaining("Import the document again") });
    expect((await getDb().import.findUniqueOrThrow({ where: { id: accepted.id } })).document).toBeNull();
  });

  it("keeps a document whose fields read past hold text PostgreSQL's jsonb refuses (NUL, a lone surrogate)", async () => {
    const user = await newUser();
    const accepted = await startImportJob(await accessOf(user), "jrnl", { entries: jrnlEntries(3), note: "\u0000 and \ud800" }, "api");
    await importJob.run({ import_id: accepted.id, time_zone: user.timezone }, attempt(await accessOf(user), 1));
    expect(await findImport(await accessOf(user), accepted.id)).toMatchObject({ status: "succeeded", processed: 3 });
  });

  it("is another account's 404", async () => {
    const owner = await newUser();
    const accepted = await startImportJob(await accessOf(owner), "jrnl", { entries: jrnlEntries(1) }, "api");
    await expect(findImport(await accessOf(await newUser()), accepted.id)).rejects.toMatchObject({ kind: "not_found" });
  });
});
