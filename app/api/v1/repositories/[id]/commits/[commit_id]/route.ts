import { apiMethods, apiRoute } from "@/lib/api/route";
import { getCommitWithEntries } from "@/lib/repositories/commits";
import { repositoryOperations } from "@/lib/repositories/operations";
import { toCommitWithEntriesResponse } from "@/lib/repositories/responses";

export const { GET, POST, PUT, PATCH, DELETE } = apiMethods(
  apiRoute(repositoryOperations.getCommit, async ({ access, params }) =>
    toCommitWithEntriesResponse(await getCommitWithEntries(access, params.id!, params.commit_id!)),
  ),
);
