import { createdBy, owned, ownedCondition, type Access } from "@/lib/access/context";
import { paginateByCursor, type JsonRow, type CursorPageRequest } from "@/lib/api/cursor-pagination";
import { accountTotal, accountTotalSql } from "@/lib/db/account-counters";
import { getDb, type Repository } from "@/lib/db/client";
import { isForeignKeyViolation, isRecordMissing, isUniqueViolation } from "@/lib/db/errors";
import { aliasedColumns } from "@/lib/db/json-shape";
import { countListRows, selectKeysetPage, type KeysetList, type ListCondition } from "@/lib/db/keyset-page";
import { selectAsFields } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import { changedSince } from "@/lib/sync/schemas";
import { checkProjectReference, invalidProjectReference, isOwnProject } from "@/lib/projects/projects";
import { repositoryColumns } from "./repository-columns";
import { repositoryShape } from "./responses";
import type { ProjectRepositoryCreate, RepositoryCreate, RepositoryUpdate } from "./schemas";

async function writeRepository<T>(write: () => Promise<T>, projectMissing: () => AppError = invalidProjectReference): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw AppError.validation([{ pointer: "/name", detail: "Duplicate value", message: "Another repository has this name" }]);
    }
    if (isRecordMissing(error)) throw AppError.notFound();
    if (isForeignKeyViolation(error)) throw projectMissing();
    throw error;
  }
}

function optionalColumns(input: RepositoryUpdate) {
  return {
    projectId: input.project_id,
    localPath: input.local_path,
    remoteUrl: input.remote_url,
    defaultBranch: input.default_branch,
  };
}

type RepositoryFilter = { projectId?: string; updatedSince?: Date };

const r = aliasedColumns("r", repositoryColumns);

/** The account's repositories (`r`) the filter keeps, newest first. */
function repositoryList(access: Access, { projectId, updatedSince }: RepositoryFilter): KeysetList {
  const where: ListCondition[] = [(bind) => ownedCondition(access, bind, "r")];
  if (projectId) where.push((bind) => `${r.projectId} = ${bind(projectId)}::uuid`);
  if (updatedSince) where.push((bind) => `${r.updatedAt} >= ${bind(changedSince(updatedSince))}`);
  return { from: "repositories r", where, sortColumn: null, idColumn: r.id };
}

/** A page of the list; `withTotal`: the page's statement reads an unfiltered list's total too. */
function repositoryPage<Row extends { id: string; total?: number }>(
  access: Access,
  page: CursorPageRequest,
  filter: RepositoryFilter,
  columns: string,
  withTotal = false,
) {
  const list = repositoryList(access, filter);
  const filtered = Boolean(filter.projectId || filter.updatedSince);
  const totalInRows = withTotal && !filtered;
  return paginateByCursor(page, {
    kind: "repository",
    access,
    fetchRows: (query) =>
      selectKeysetPage<Row>(
        totalInRows ? (bind) => `${columns}, ${accountTotalSql("repositoryCount", ownedCondition(access, bind))} AS total` : columns,
        list,
        query,
      ),
    countAll: () => (filtered ? countListRows(list) : accountTotal(access, "repositoryCount")),
    totalInRows,
  });
}

export const listRepositories = (access: Access, page: CursorPageRequest, filter: RepositoryFilter = {}) =>
  repositoryPage<Repository>(access, page, filter, selectAsFields("r", repositoryColumns));

/** The same page, each repository as the API's JSON (responses.ts, repositoryShape), written by PostgreSQL. */
export const listRepositoriesAsJson = (access: Access, page: CursorPageRequest, filter: RepositoryFilter = {}) =>
  repositoryPage<JsonRow>(access, page, filter, `${r.id}, ${repositoryShape.sql} AS json`, true);

export async function getRepository(access: Access, id: string) {
  const repository = await getDb().repository.findFirst({ where: { id, ...owned(access) } });
  if (!repository) throw AppError.notFound();
  return repository;
}

export async function createRepository(access: Access, input: RepositoryCreate) {
  await checkProjectReference(access, input.project_id);
  return writeRepository(() => getDb().repository.create({ data: { ...createdBy(access), name: input.name, ...optionalColumns(input) } }));
}

/** POST /projects/{id}/repositories: the project in the path must be the caller's, else 404. */
export async function createProjectRepository(access: Access, projectId: string, input: ProjectRepositoryCreate) {
  if (!(await isOwnProject(access, projectId))) throw AppError.notFound();
  return writeRepository(
    () => getDb().repository.create({ data: { ...createdBy(access), name: input.name, ...optionalColumns({ ...input, project_id: projectId }) } }),
    AppError.notFound,
  );
}

export async function updateRepository(access: Access, id: string, changes: RepositoryUpdate) {
  await checkProjectReference(access, changes.project_id);
  return writeRepository(() => getDb().repository.update({ where: { id, ...owned(access) }, data: { name: changes.name, ...optionalColumns(changes) } }));
}

/** Deletes a repository and its commits, which thereby leave the entries they were attached to. */
export function deleteRepository(access: Access, id: string) {
  return writeRepository(() => getDb().repository.delete({ where: { id, ...owned(access) } }));
}
