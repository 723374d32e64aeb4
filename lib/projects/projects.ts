import { createdBy, owned, ownedCondition, ownerId, readableEntries, type Access } from "@/lib/access/context";
import { paginateByCursor, type JsonRow, type CursorPageRequest } from "@/lib/api/cursor-pagination";
import { accountTotal, accountTotalSql } from "@/lib/db/account-counters";
import { getDb, type Project } from "@/lib/db/client";
import { isUuid } from "@/lib/db/ids";
import { isRecordMissing, isUniqueViolation } from "@/lib/db/errors";
import { aliasedColumns } from "@/lib/db/json-shape";
import { countListRows, selectKeysetPage, type KeysetList, type ListCondition } from "@/lib/db/keyset-page";
import { selectAsFields } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import { queueReferencesRefresh } from "@/lib/references/refresh-job";
import { checkTrackerPrefixes } from "@/lib/references/trackers";
import { changedSince } from "@/lib/sync/schemas";
import { deriveIdentifier } from "./identifiers";
import { projectColumns } from "./project-columns";
import { projectShape } from "./responses";
import type { ProjectCreate, ProjectUpdate } from "./schemas";

const duplicateIdentifier = () => AppError.validation([{ pointer: "/identifier", detail: "Duplicate value", message: "Another project has this identifier" }]);

/** Runs a write of a project: a taken identifier is a 422 on `/identifier`, a missing project a 404. */
async function mapProjectWriteErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateIdentifier();
    if (isRecordMissing(error)) throw AppError.notFound();
    throw error;
  }
}

type ProjectFilter = { updatedSince?: Date };

const p = aliasedColumns("p", projectColumns);

/** The account's projects (`p`) the filter keeps, newest first. */
function projectList(access: Access, { updatedSince }: ProjectFilter): KeysetList {
  const where: ListCondition[] = [(bind) => ownedCondition(access, bind, "p")];
  if (updatedSince) where.push((bind) => `${p.updatedAt} >= ${bind(changedSince(updatedSince))}`);
  return { from: "projects p", where, sortColumn: null, idColumn: p.id };
}

/** A page of the list; `withTotal`: the page's statement reads an unfiltered list's total too. */
function projectPage<Row extends { id: string; total?: number }>(
  access: Access,
  page: CursorPageRequest,
  filter: ProjectFilter,
  columns: string,
  withTotal = false,
) {
  const list = projectList(access, filter);
  const filtered = Boolean(filter.updatedSince);
  const totalInRows = withTotal && !filtered;
  return paginateByCursor(page, {
    kind: "project",
    access,
    fetchRows: (query) =>
      selectKeysetPage<Row>(
        totalInRows ? (bind) => `${columns}, ${accountTotalSql("projectCount", ownedCondition(access, bind))} AS total` : columns,
        list,
        query,
      ),
    countAll: () => (filtered ? countListRows(list) : accountTotal(access, "projectCount")),
    totalInRows,
  });
}

export const listProjects = (access: Access, page: CursorPageRequest, filter: ProjectFilter = {}) =>
  projectPage<Project>(access, page, filter, selectAsFields("p", projectColumns));

/** The same page, each project as the API's JSON (responses.ts, projectShape), written by PostgreSQL, with its total. */
export const listProjectsAsJson = (access: Access, page: CursorPageRequest, filter: ProjectFilter = {}) =>
  projectPage<JsonRow>(access, page, filter, `${p.id}, ${projectShape.sql} AS json`, true);

export type ProjectSummary = Project & { repositoryCount: number; entryCount: number; secondsSince: number };

/**
 * Every project of the account, newest first, with how many repositories and entries it has
 * and the seconds its entries recorded at or after `since` track (for "this week").
 */
export async function listProjectSummaries(access: Access, since: Date): Promise<ProjectSummary[]> {
  const db = getDb();
  const [projects, recent] = await Promise.all([
    db.project.findMany({
      where: owned(access),
      orderBy: { id: "desc" },
      include: { _count: { select: { repositories: true, entries: { where: readableEntries(access) } } } },
    }),
    db.worklogEntry.groupBy({
      by: ["projectId"],
      where: { ...readableEntries(access), projectId: { not: null }, recordedAt: { gte: since } },
      _sum: { durationSeconds: true },
    }),
  ]);
  const seconds = new Map(recent.map((group) => [group.projectId, group._sum.durationSeconds ?? 0]));
  return projects.map(({ _count, ...project }) => ({
    ...project,
    repositoryCount: _count.repositories,
    entryCount: _count.entries,
    secondsSince: seconds.get(project.id) ?? 0,
  }));
}

export async function isOwnProject(access: Access, projectId: string): Promise<boolean> {
  return (await getDb().project.count({ where: { id: projectId, ...owned(access) } })) > 0;
}

/** The id of the account's project named by its id or its identifier; undefined for another account's, as for a missing one. */
export async function findProjectId(access: Access, idOrIdentifier: string): Promise<string | undefined> {
  const where = isUuid(idOrIdentifier) ? { id: idOrIdentifier, ...owned(access) } : { identifier: idOrIdentifier, ...owned(access) };
  return (await getDb().project.findFirst({ where, select: { id: true } }))?.id;
}

/** What an entry shows of its project. */
export const projectSummarySelect = { id: true, name: true, identifier: true } as const;

/** A project_id in a body that names no project of the account: another account's is as unknown as a missing one. */
export const invalidProjectReference = () => AppError.validation([{ pointer: "/project_id", detail: "Invalid value", message: "Choose one of your projects" }]);

/** A project_id given in a body must name a project of the same account: an invalid value, not a 404. */
export async function checkProjectReference(access: Access, projectId: string | null | undefined): Promise<void> {
  if (!projectId) return;
  const project = await getDb().project.findFirst({ where: { id: projectId, ...owned(access) }, select: { id: true } });
  if (!project) throw invalidProjectReference();
}

export async function getProject(access: Access, id: string) {
  const project = await getDb().project.findFirst({ where: { id, ...owned(access) } });
  if (!project) throw AppError.notFound();
  return project;
}

async function takenIdentifiers(access: Access): Promise<Set<string>> {
  const rows = await getDb().project.findMany({ where: owned(access), select: { identifier: true } });
  return new Set(rows.map((row) => row.identifier));
}

/**
 * Creates a project. Without an identifier, one is derived from the name; a create that loses
 * the race for a derived identifier tries the next free one, until none is left, so creates of
 * the same name at once all succeed. An identifier the client chose is never replaced.
 */
export async function createProject(access: Access, input: ProjectCreate) {
  const data = { ...createdBy(access), name: input.name, description: input.description ?? null, trackers: input.trackers ?? [] };
  const create = async (identifier: string) => {
    if (!input.trackers?.length) return getDb().project.create({ data: { ...data, identifier } });
    const [project, refresh] = await getDb().$transaction(async (transaction) => {
      await checkTrackerPrefixes(transaction, ownerId(access), null, input.trackers!);
      const created = await transaction.project.create({ data: { ...data, identifier } });
      return [created, await queueReferencesRefresh(transaction, ownerId(access), created.id)] as const;
    });
    refresh.start();
    return project;
  };
  if (input.identifier) {
    const identifier = input.identifier;
    return mapProjectWriteErrors(() => create(identifier));
  }
  const lost = new Set<string>();
  for (;;) {
    // Each loss means another project took an identifier, of which there are finitely many.
    const identifier = deriveIdentifier(input.name, new Set([...(await takenIdentifiers(access)), ...lost]));
    if (!identifier) throw duplicateIdentifier();
    try {
      return await create(identifier);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      lost.add(identifier);
    }
  }
}

/** Changes the fields given; trackers given replace the project's, each prefix unique in the workspace. */
export function updateProject(access: Access, id: string, changes: ProjectUpdate) {
  const { trackers } = changes;
  if (!trackers) return mapProjectWriteErrors(() => getDb().project.update({ where: { id, ...owned(access) }, data: changes }));
  return mapProjectWriteErrors(async () => {
    const [project, refresh] = await getDb().$transaction(async (transaction) => {
      const before = await transaction.project.findFirst({ where: { id, ...owned(access) }, select: { trackers: true } });
      if (!before) throw AppError.notFound();
      await checkTrackerPrefixes(transaction, ownerId(access), id, trackers);
      const updated = await transaction.project.update({ where: { id, ...owned(access) }, data: { ...changes, trackers } });
      const changed = JSON.stringify(before.trackers) !== JSON.stringify(trackers);
      return [updated, changed ? await queueReferencesRefresh(transaction, ownerId(access), id) : undefined] as const;
    });
    refresh?.start();
    return project;
  });
}

/** Deletes a project; its repositories and entries stay, detached (their project_id becomes null). */
export function deleteProject(access: Access, id: string) {
  return mapProjectWriteErrors(() => getDb().project.delete({ where: { id, ...owned(access) } }));
}
