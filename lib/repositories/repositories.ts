import { idKeyset, paginate, type PageRequest } from "@/lib/api/pagination";
import { accountTotal } from "@/lib/db/account-counters";
import { getDb } from "@/lib/db/client";
import { isForeignKeyViolation, isRecordMissing, isUniqueViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { changedSince } from "@/lib/sync/schemas";
import { checkProjectReference, invalidProjectReference, isOwnProject } from "@/lib/projects/projects";
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

export function listRepositories(userId: string, page: PageRequest, filter: { projectId?: string; updatedSince?: Date } = {}) {
  const db = getDb();
  const where = { userId, projectId: filter.projectId, ...(filter.updatedSince && { updatedAt: { gte: changedSince(filter.updatedSince) } }) };
  return paginate(page, {
    kind: "repository",
    userId,
    fetchRows: (query) => {
      const keyset = idKeyset(query);
      return db.repository.findMany({ ...keyset, where: { ...where, ...keyset.where } });
    },
    countAll: () => (filter.projectId || filter.updatedSince ? db.repository.count({ where }) : accountTotal(userId, "repositoryCount")),
  });
}

export async function getRepository(userId: string, id: string) {
  const repository = await getDb().repository.findFirst({ where: { id, userId } });
  if (!repository) throw AppError.notFound();
  return repository;
}

export async function createRepository(userId: string, input: RepositoryCreate) {
  await checkProjectReference(userId, input.project_id);
  return writeRepository(() => getDb().repository.create({ data: { userId, name: input.name, ...optionalColumns(input) } }));
}

/** POST /projects/{id}/repositories: the project in the path must be the caller's, else 404. */
export async function createProjectRepository(userId: string, projectId: string, input: ProjectRepositoryCreate) {
  if (!(await isOwnProject(userId, projectId))) throw AppError.notFound();
  return writeRepository(
    () => getDb().repository.create({ data: { userId, name: input.name, ...optionalColumns({ ...input, project_id: projectId }) } }),
    AppError.notFound,
  );
}

export async function updateRepository(userId: string, id: string, changes: RepositoryUpdate) {
  await checkProjectReference(userId, changes.project_id);
  return writeRepository(() =>
    getDb().repository.update({ where: { id, userId }, data: { name: changes.name, ...optionalColumns(changes) } }),
  );
}

/** Deletes a repository and its commits, which thereby leave the entries they were attached to. */
export function deleteRepository(userId: string, id: string) {
  return writeRepository(() => getDb().repository.delete({ where: { id, userId } }));
}
