import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accessOf, personalRow } from "../support/access";
import { getDb } from "@/lib/db/client";
import { findImport, importJob, startImportJob } from "@/lib/data/import-jobs";
import { migrationsDir } from "@/lib/db/migrate";
import { claimJobs } from "@/lib/jobs/claim";
import { jobKinds } from "@/lib/jobs/job-kind";
import { runClaimedJob } from "@/lib/jobs/queue";
import { recapGeneration } from "@/lib/recaps/generation";
import { createRecap, getRecap } from "@/lib/recaps/recaps";

// Job payloads name their keys in snake_case; the migration 20261128221513_job_payloads_in_snake_case
// rewrites the payloads of jobs stored before, which then run.

const migration = "20261128221513_job_payloads_in_snake_case";
const kinds = jobKinds(recapGeneration, importJob);

/** Stores the job's payload as it was written before the change. */
async function storeOldPayload(id: string, payload: Record<string, string>): Promise<void> {
  await getDb().$executeRawUnsafe(`UPDATE jobs SET payload = $2::jsonb WHERE id = $1::uuid`, id, JSON.stringify(payload));
}

async function applyMigration(): Promise<void> {
  const sql = await readFile(path.join(migrationsDir, migration, "migration.sql"), "utf8");
  for (const statement of sql.split(/;\s*\n/).filter((text) => /\S/.test(text.replace(/^--.*$/gm, "")))) {
    await getDb().$executeRawUnsafe(statement);
  }
}

/** The access of an account of the pro plan with an entry of today, which a recap can be made of. */
async function proAccountWithEntry(email: string) {
  const user = await getDb().user.create({ data: { email, plan: "pro", timezone: "Europe/Paris" } });
  await getDb().worklogEntry.create({ data: { ...(await personalRow(user)), content: "Wrote docs", recordedAt: new Date() } });
  return await accessOf(user);
}

async function runJob(id: string): Promise<void> {
  const [job] = await claimJobs({ kinds, limit: 1, leaseMs: 30_000, ids: [id] });
  if (!job) throw new Error(`job ${id} is not due`);
  await runClaimedJob(job, { kinds, leaseMs: 30_000 });
}

describe("job payloads", () => {
  it("are enqueued with snake_case keys", async () => {
    const access = await proAccountWithEntry("payload-keys@example.com");
    const { recap } = await createRecap(access, {});
    const accepted = await startImportJob(access, "jrnl", { entries: [] }, "api");
    const payloadOf = async (id: string) => (await getDb().job.findUniqueOrThrow({ where: { id } })).payload;
    expect(await payloadOf(recap.id)).toEqual({ recap_id: recap.id });
    expect(await payloadOf(accepted.id)).toEqual({ import_id: accepted.id, time_zone: "Europe/Paris" });
  });

  it("stored before with camelCase keys are rewritten by the migration, and then run", async () => {
    const access = await proAccountWithEntry("old-payloads@example.com");
    const { recap } = await createRecap(access, {});
    const accepted = await startImportJob(access, "jrnl", { entries: [{ date: "2026-11-20", time: "09:30", title: "Imported", body: "" }] }, "api");
    await storeOldPayload(recap.id, { recapId: recap.id });
    await storeOldPayload(accepted.id, { importId: accepted.id, timeZone: "Europe/Paris" });
    expect(recapGeneration.payload.safeParse({ recapId: recap.id }).success).toBe(false);
    expect(importJob.payload.safeParse({ importId: accepted.id, timeZone: "Europe/Paris" }).success).toBe(false);

    await applyMigration();
    const jobs = await getDb().job.findMany({ where: { id: { in: [recap.id, accepted.id] } }, select: { id: true, payload: true } });
    expect(Object.fromEntries(jobs.map((job) => [job.id, job.payload]))).toEqual({
      [recap.id]: { recap_id: recap.id },
      [accepted.id]: { import_id: accepted.id, time_zone: "Europe/Paris" },
    });

    await runJob(recap.id);
    await runJob(accepted.id);
    expect(await getRecap(access, recap.id)).toMatchObject({ status: "completed" });
    expect(await findImport(access, accepted.id)).toMatchObject({ status: "succeeded", processed: 1 });
  });

  it("already in snake_case are left as they are by the migration", async () => {
    const access = await proAccountWithEntry("new-payloads@example.com");
    const { recap } = await createRecap(access, {});
    const before = await getDb().job.findUniqueOrThrow({ where: { id: recap.id } });
    await applyMigration();
    expect(await getDb().job.findUniqueOrThrow({ where: { id: recap.id } })).toEqual(before);
  });
});
