"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { idSchema } from "@/lib/validation";
import type { ActionResult } from "@/lib/server-actions/action-result";
import { runSignedInAction } from "@/lib/server-actions/run-action";
import { findImport } from "./import-jobs";
import type { ImportResource } from "./import-schemas";

/** A large import of the signed-in account as it runs, for Settings → Data to show its progress. */
export async function importProgressAction(id: string): Promise<ActionResult<ImportResource>> {
  const result = await runSignedInAction("/settings/data", {
    schema: z.object({ id: idSchema }),
    input: { id },
    fields: {},
    notFoundMessage: "This import no longer exists.",
    run: ({ id: importId }, access) => findImport(access, importId),
  });
  if (result.ok && result.data.status === "succeeded") revalidatePath("/", "layout");
  return result;
}
