import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { getDb } from "@/lib/db/client";
import { createProject, updateProject } from "@/lib/projects/projects";
import { buildReport } from "@/lib/reports/report";
import { reportQuerySchema } from "@/lib/reports/schemas";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";
import { importDocument } from "@/lib/data/import";
import { jobKinds } from "@/lib/jobs/job-kind";
import { drainJobs } from "@/lib/jobs/queue";
import { referencesRefresh } from "@/lib/references/refresh-job";
import { newId } from "@/lib/db/ids";
import { bulkEditEntries, restoreEntries } from "@/lib/worklog/bulk";
import { attachCommits, createEntry, detachCommit, getEntry, listEntries, updateEntry } from "@/lib/worklog/entries";
import { toEntryResponse } from "@/lib/worklog/responses";
import { entryListQuerySchema } from "@/lib/worklog/schemas";
import { startTimer } from "@/lib/worklog/timer";
import { accessOf } from "../support/access";

// Issue references (docs/api.md, "Issue references"): recognised and stored on every write of
// an entry's text, project or commits, and read by the filter, the search and the report.

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `references-${++accounts}-${Date.now()}@example.com`, timezone: "UTC" } });
const linear = { prefix: "PAY", url_template: "https://linear.app/acme/issue/{key}" };
const keysOf = (entry: { issueReferences: unknown }) => (entry.issueReferences as { key: string }[]).map((reference) => reference.key);
const list = async (access: Awaited<ReturnType<typeof accessOf>>, parameters: Record<string, string>) =>
  (await listEntries(access, entryListQuerySchema.parse(parameters))).rows.map((entry) => entry.content);

describe("issue references", () => {
  it("are recognised on create, update, commit attach and detach, and a bulk move", async () => {
    const access = await accessOf(await newUser());
    const payments = await createProject(access, { name: "Payments", identifier: "PAM", trackers: [linear] });
    const other = await createProject(access, { name: "Other", identifier: "OTH" });
    const repository = await createRepository(access, { name: "payments", project_id: payments.id, remote_url: "git@github.com:Acme/Payments.git" });
    const [commit] = await recordCommits(access, repository.id, [
      { sha: "a".repeat(40), message: "Merge branch 'fix/gh-311-timeouts'", committed_at: new Date("2026-11-10T00:00:00Z") },
    ]);

    const created = await createEntry(access, { content: "fixed the retry storm in PAY-142 (SHA-256, UTF-8)", project_id: payments.id }, "api");
    expect(toEntryResponse(created).references).toEqual([{ key: "PAY-142", url: "https://linear.app/acme/issue/PAY-142", provider: "tracker" }]);
    expect(keysOf(await getEntry(access, created.id))).toEqual(["PAY-142"]);

    const attached = await attachCommits(access, created.id, { commit_ids: [commit!.id] });
    expect(keysOf(attached)).toEqual(["PAY-142", "Acme/Payments#311"]);
    expect(toEntryResponse(attached).references[1]).toEqual({
      key: "Acme/Payments#311",
      url: "https://github.com/Acme/Payments/issues/311",
      provider: "github",
    });
    expect(keysOf(await detachCommit(access, created.id, commit!.id))).toEqual(["PAY-142"]);

    const withCommits = await createEntry(access, { content: "timeouts", project_id: payments.id, commit_ids: [commit!.id] }, "api");
    expect(keysOf(withCommits)).toEqual(["Acme/Payments#311"]);

    expect(keysOf(await updateEntry(access, created.id, { content: "now PAY-7 and pay-8" }))).toEqual(["PAY-7", "PAY-8"]);
    // In a project without trackers, PAY is no prefix of its own; without a project, any project's prefix counts.
    expect(keysOf(await updateEntry(access, created.id, { project_id: other.id }))).toEqual([]);
    expect(keysOf(await updateEntry(access, created.id, { project_id: null }))).toEqual(["PAY-7", "PAY-8"]);
    await bulkEditEntries(access, { ids: [created.id], action: { type: "move_to_project", project_id: other.id } });
    expect(keysOf(await getEntry(access, created.id))).toEqual([]);

    const { timer } = await startTimer(access, { content: "on PAY-9", project_id: payments.id }, "api");
    expect(keysOf(timer)).toEqual(["PAY-9"]);
  });

  it("filter the list, are found by the search, and group the report", async () => {
    const access = await accessOf(await newUser());
    const payments = await createProject(access, { name: "Payments", identifier: "PAM", trackers: [linear] });
    const repository = await createRepository(access, { name: "payments", project_id: payments.id, remote_url: "https://github.com/acme/payments" });
    const [commit] = await recordCommits(access, repository.id, [
      { sha: "b".repeat(40), message: "PAY-200: back off", committed_at: new Date("2026-11-10T00:00:00Z") },
    ]);
    const at = (day: string) => new Date(`2026-11-${day}T09:00:00Z`);
    await createEntry(access, { content: "both PAY-142 and #311", project_id: payments.id, recorded_at: at("10"), duration_seconds: 3600 }, "api");
    await createEntry(access, { content: "more PAY-142", project_id: payments.id, recorded_at: at("11"), duration_seconds: 600 }, "api");
    await createEntry(access, { content: "nothing", project_id: payments.id, recorded_at: at("12"), duration_seconds: 60, commit_ids: [commit!.id] }, "api");
    await createEntry(access, { content: "plain", recorded_at: at("12"), duration_seconds: 30 }, "api");

    expect(await list(access, { reference: "pay-142" })).toEqual(["more PAY-142", "both PAY-142 and #311"]);
    expect(await list(access, { reference: "ACME/payments#311" })).toEqual(["both PAY-142 and #311"]);
    expect(await list(access, { reference: "PAY-1" })).toEqual([]);
    expect(await list(access, { q: "PAY-142" })).toEqual(["more PAY-142", "both PAY-142 and #311"]);
    // Found by a key that only its commit's message holds.
    expect(await list(access, { q: "PAY-200" })).toEqual(["nothing"]);

    const report = await buildReport(access, reportQuerySchema.parse({ from: "2026-11-09", to: "2026-11-15", group_by: "reference" }));
    expect(report.totals).toEqual({ trackedSeconds: 4290, entries: 4, commits: 1 });
    expect(report.groups.map(({ key, trackedSeconds, entries }) => ({ key, trackedSeconds, entries }))).toEqual([
      { key: "PAY-142", trackedSeconds: 4200, entries: 2 },
      { key: "acme/payments#311", trackedSeconds: 3600, entries: 1 },
      { key: "PAY-200", trackedSeconds: 60, entries: 1 },
      { key: null, trackedSeconds: 30, entries: 1 },
    ]);
  });

  it("keep a tracker's prefix unique in the workspace, and another workspace's apart", async () => {
    const access = await accessOf(await newUser());
    const first = await createProject(access, { name: "First", identifier: "FIR", trackers: [linear] });
    const second = await createProject(access, { name: "Second", identifier: "SEC" });
    const taken = await updateProject(access, second.id, { trackers: [{ ...linear, prefix: "OPS" }, linear] }).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(AppError);
    expect((taken as AppError).kind).toBe("validation");
    expect(JSON.stringify(taken)).toContain("/trackers/1/prefix");
    await expect(createProject(access, { name: "Third", identifier: "THI", trackers: [linear] })).rejects.toBeInstanceOf(AppError);
    // The project's own prefix stays its own.
    expect((await updateProject(access, first.id, { trackers: [linear] })).trackers).toEqual([linear]);

    const stranger = await accessOf(await newUser());
    expect((await createProject(stranger, { name: "Theirs", identifier: "THE", trackers: [linear] })).trackers).toEqual([linear]);
    const missing = await updateProject(stranger, first.id, { trackers: [] }).catch((error: unknown) => error);
    expect((missing as AppError).kind).toBe("not_found");
  });

  it("are recognised on an import and on the Undo of a bulk delete", async () => {
    const access = await accessOf(await newUser());
    await createProject(access, { name: "Payments", identifier: "PAM", trackers: [linear] });
    const ids = { project: newId(), repository: newId(), commit: newId(), entry: newId() };
    await importDocument(
      access,
      "worklog-export",
      {
        format: "worklog-export",
        version: 1,
        exported_at: "2026-11-22T18:00:00.000Z",
        projects: [{ id: ids.project, name: "Web", description: null, identifier: "WEB" }],
        repositories: [
          { id: ids.repository, name: "web", project_id: ids.project, local_path: null, remote_url: "https://github.com/acme/web", default_branch: null },
        ],
        commits: [{ id: ids.commit, repository_id: ids.repository, sha: "c".repeat(40), message: "closes #12", committed_at: "2026-11-20T10:00:00.000Z" }],
        entries: [
          { id: ids.entry, content: "the footer", recorded_at: "2026-11-21T09:30:00.000Z", project_id: ids.project, commit_ids: [ids.commit], tags: [] },
          { id: newId(), content: "PAY-5 without a project", recorded_at: "2026-11-21T10:30:00.000Z", project_id: null, commit_ids: [], tags: [] },
        ],
        recaps: [],
      },
      "api",
    );
    const imported = await getDb().worklogEntry.findMany({ where: { workspaceId: access.workspace.id }, orderBy: { recordedAt: "asc" } });
    expect(imported.map(keysOf)).toEqual([["acme/web#12"], ["PAY-5"]]);

    const { before } = await bulkEditEntries(access, { ids: [imported[1]!.id], action: { type: "delete" } });
    const [restored] = await restoreEntries(
      access,
      before.map((entry) => ({ ...toEntryResponse(entry), recorded_at: entry.recordedAt, source: entry.source })),
    );
    expect(keysOf(restored!)).toEqual(["PAY-5"]);
  });

  it("reach the entries written before a tracker was named: the project's and those of no project, through the job queue", async () => {
    const user = await newUser();
    const access = await accessOf(user);
    const payments = await createProject(access, { name: "Payments", identifier: "PAM" });
    const other = await createProject(access, { name: "Other", identifier: "OTH" });
    const inProject = await createEntry(access, { content: "fixed the retry storm in PAY-142", project_id: payments.id }, "api");
    const noProject = await createEntry(access, { content: "reviewed PAY-7 with the team" }, "api");
    const elsewhere = await createEntry(access, { content: "PAY-9 in another project", project_id: other.id }, "api");
    const drain = () =>
      drainJobs({ kinds: jobKinds(referencesRefresh), concurrency: 1, leaseMs: 60_000, bounds: { perOwner: 1, perEndpoint: 1 }, claimForMs: 60_000 });

    await drain(); // what the tests before queued
    await updateProject(access, payments.id, { trackers: [linear] });
    expect(await drain()).toMatchObject({ completed: 1 });
    const stored = async (id: string) => keysOf(await getDb().worklogEntry.findUniqueOrThrow({ where: { id } }));
    expect(await stored(inProject.id)).toEqual(["PAY-142"]);
    expect(await stored(noProject.id)).toEqual(["PAY-7"]);
    expect(await stored(elsewhere.id)).toEqual([]);
    expect(await list(access, { reference: "pay-142" })).toEqual(["fixed the retry storm in PAY-142"]);

    // The same trackers again queue nothing; taking the tracker away takes its references away.
    await updateProject(access, payments.id, { trackers: [linear] });
    expect(await drain()).toMatchObject({ ran: 0 });
    await updateProject(access, payments.id, { trackers: [] });
    expect(await drain()).toMatchObject({ completed: 1 });
    expect(await stored(inProject.id)).toEqual([]);
    expect(await stored(noProject.id)).toEqual([]);
  });
});
