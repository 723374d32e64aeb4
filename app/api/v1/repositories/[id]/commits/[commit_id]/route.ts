import { apiMethods, apiRoute } from "@/lib/api/route";
import { getCommitWithEntries } from "@/lib/repositories/commits";
import { repositoryOperations } from "@/lib/repositories/operations";
import { toCommitWithEntriesResponse } from "@/lib/repositories/responses";

export const { GET, POST, PUT, PATCH, DELETE } = apiMethods(
  apiRoute(repositoryOperations.getCommit, async ({ user, params }) =>
    toCommitWithEntriesResponse(await getCommitWithEntries(user.id, params.id!, params.commit_id!)),
  ),
);
