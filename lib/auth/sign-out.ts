import { z } from "zod";
import { runAction } from "@/lib/server-actions/run-action";
import { signOut } from "./next-auth";

/**
 * Ends the browser's session, for a server action that then sends it elsewhere. Nothing to
 * refuse: signing out takes no input, and its failures are thrown.
 */
export async function endBrowserSession(): Promise<void> {
  await runAction({
    schema: z.undefined(),
    input: undefined,
    fields: {},
    run: async () => {
      await signOut({ redirect: false });
    },
  });
}
