import { apiMethods, apiRoute } from "@/lib/api/route";
import { deleteUser, updateUser } from "@/lib/users/accounts";
import { userOperations } from "@/lib/users/operations";
import { toUserResponse } from "@/lib/users/responses";

export const { GET, PUT, DELETE, POST, PATCH, OPTIONS } = apiMethods(
  apiRoute(userOperations.get, ({ access }) => toUserResponse(access.user)),
  apiRoute(userOperations.update, async ({ access, body }) => toUserResponse(await updateUser(access, body))),
  apiRoute(userOperations.delete, async ({ access }) => toUserResponse(await deleteUser(access.user.id))),
);
