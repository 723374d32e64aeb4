"use server";

import { headers } from "next/headers";
import { publicOrigin } from "@/lib/public-origin";
import type { ActionResult } from "@/lib/server-actions/action-result";
import { runSignedInAction } from "@/lib/server-actions/run-action";
import { idSchema } from "@/lib/validation";
import { revokeRecapShare, shareRecap } from "./shares";
import { toCreatedRecapShareResponse, toRecapShareResponse, type CreatedRecapShareResponse, type RecapShareResponse } from "./share-responses";

/** A new link to the recap, replacing its last: answered with its URL, which is shown this once. */
export async function shareRecapAction(recapId: string): Promise<ActionResult<CreatedRecapShareResponse>> {
  const origin = publicOrigin(await headers());
  return runSignedInAction(`/recaps/${recapId}`, {
    schema: idSchema,
    input: recapId,
    fields: {},
    run: async (id, access) => {
      const { share, token } = await shareRecap(access, id);
      return toCreatedRecapShareResponse(share, token, origin);
    },
  });
}

export async function revokeRecapShareAction(recapId: string): Promise<ActionResult<RecapShareResponse>> {
  return runSignedInAction(`/recaps/${recapId}`, {
    schema: idSchema,
    input: recapId,
    fields: {},
    run: async (id, access) => toRecapShareResponse(await revokeRecapShare(access, id)),
  });
}
