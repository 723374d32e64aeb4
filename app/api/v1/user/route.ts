import { apiMethods, apiRoute } from "@/lib/api/route";
import { deleteUser, updateUser } from "@/lib/users/accounts";
import { toUserResponse } from "@/lib/users/responses";
import { userUpdateSchema } from "@/lib/users/schemas";

export const { GET, PUT, DELETE, POST, PATCH } = apiMethods({
  GET: apiRoute({ scope: "user:read" }, ({ user }) => toUserResponse(user)),
  PUT: apiRoute({ scope: "user:write", body: userUpdateSchema }, async ({ user, body }) => toUserResponse(await updateUser(user.id, body))),
  DELETE: apiRoute({ scope: "user:write" }, async ({ user }) => toUserResponse(await deleteUser(user.id))),
});
