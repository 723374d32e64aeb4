"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { endSessions } from "@/lib/users/accounts";
import { formText, formValues, type ActionResult } from "@/lib/server-actions/action-result";
import { runAction, runSignedInAction, runSignedInRemoval } from "@/lib/server-actions/run-action";
import { apiKeyNameSchema, createApiKey, revokeApiKey } from "./api-key-store";
import { safeCallbackUrl } from "./callback-url";
import { signIn, signOut } from "./next-auth";
import { endBrowserSession } from "./sign-out";
import { scopeResources } from "./scopes";
import { signInFailure } from "./sign-in-limits";

const passwordSignInSchema = z.object({ email: z.string(), password: z.string() });

export type SignInResult = ActionResult<void, "email">;

export async function signInWithPassword(_previous: SignInResult | null, formData: FormData): Promise<SignInResult> {
  const values = formValues(formData, ["email"]);
  const result = await runAction({
    schema: passwordSignInSchema,
    input: { email: values.email, password: formText(formData, "password") },
    fields: { email: "email address" },
    values,
    run: async (credentials) => {
      try {
        await signIn("credentials", { ...credentials, redirect: false });
      } catch (error) {
        throw signInFailure(error);
      }
    },
  });
  if (!result.ok) return result;
  redirect(safeCallbackUrl(formData.get("callbackUrl")));
}

/** Leaves for GitHub, which sends the visitor back to the callback URL once signed in. */
export async function signInWithGitHub(_previous: ActionResult<void> | null, formData: FormData): Promise<ActionResult<void>> {
  return runAction({
    schema: z.string(),
    input: formText(formData, "callbackUrl"),
    fields: {},
    run: async (callbackUrl) => {
      await signIn("github", { redirectTo: safeCallbackUrl(callbackUrl) });
    },
  });
}

export async function signOutToHome(): Promise<never> {
  await endBrowserSession();
  redirect("/");
}

/** Ends every session of the account, this browser's included, and asks to sign in again. */
export async function signOutEverywhere(): Promise<never> {
  await runSignedInAction("/settings/profile", {
    schema: z.undefined(),
    input: undefined,
    fields: {},
    run: async (_input, { user }) => {
      await endSessions(user.id, user.sessionVersion);
      await signOut({ redirect: false });
    },
  });
  redirect("/signin");
}

/** A key just created: its value is shown this once. */
export type CreatedApiKey = { name: string; key: string };

/** The scope picker sends `scope-<resource>` = none | read | write | *. */
function submittedScopes(formData: FormData): string[] {
  return scopeResources.flatMap((resource) => {
    const permission = formText(formData, `scope-${resource}`);
    return permission && permission !== "none" ? [`${resource}:${permission}`] : [];
  });
}

/**
 * Creates a key in the workspace the form names (`workspace_id`, sent by a user of several), else in
 * the one the browser works in. createApiKey refuses a workspace that is not the user's: the
 * form's message says so, as the choice is not shown to a user of one workspace.
 */
export async function createApiKeyAction(formData: FormData): Promise<ActionResult<CreatedApiKey, "name" | "scopes">> {
  const result = await runSignedInAction("/settings/api-keys", {
    schema: z.object({ name: apiKeyNameSchema, scopes: z.array(z.string()), workspace_id: z.string().optional() }),
    input: { name: formText(formData, "name"), scopes: submittedScopes(formData), workspace_id: formText(formData, "workspace_id") || undefined },
    fields: { name: "name", scopes: { label: "scopes", item: "scope" } },
    run: async ({ workspace_id, ...key }, { user, workspace }) => {
      const created = await createApiKey(user.id, key, workspace_id ?? workspace.id);
      return { name: created.name, key: created.key };
    },
  });
  if (result.ok) revalidatePath("/settings/api-keys");
  return result;
}

export async function revokeApiKeyAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInRemoval("/settings/api-keys", id, (access, keyId) => revokeApiKey(access.user.id, keyId));
  revalidatePath("/settings/api-keys");
  return result;
}
