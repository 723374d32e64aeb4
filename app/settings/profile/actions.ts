"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { accountFieldIssues } from "@/components/auth/account-fields";
import { formText, isValidationError, validationErrors, type FormState } from "@/components/ui/form-state";
import { requireUser } from "@/lib/auth/current-user";
import { signOut } from "@/lib/auth/next-auth";
import { deleteUser, updateUser } from "@/lib/users/accounts";
import { userUpdateSchema } from "@/lib/users/schemas";
import { parseInput } from "@/lib/validation";

export type ProfileState = FormState<"name" | "email" | "timezone">;

export async function saveProfile(_previous: ProfileState, formData: FormData): Promise<ProfileState> {
  const user = await requireUser("/settings/profile");
  const values = { name: formText(formData, "name"), email: formText(formData, "email"), timezone: formText(formData, "timezone") };
  let saved;
  try {
    const changes = parseInput(userUpdateSchema, { name: values.name.trim() || null, email: values.email, timezone: values.timezone });
    saved = await updateUser(user.id, changes);
  } catch (error) {
    if (!isValidationError(error)) throw error;
    const { name, email, timezone } = accountFieldIssues;
    return { values, ...validationErrors(error, { name, email, timezone }) };
  }
  revalidatePath("/", "layout");
  return {
    values: { name: saved.name ?? "", email: saved.email, timezone: saved.timezone },
    fieldErrors: {},
    notice: "Profile saved.",
  };
}

export type DeleteAccountState = FormState<"confirmation">;

export async function deleteAccount(_previous: DeleteAccountState, formData: FormData): Promise<DeleteAccountState> {
  const user = await requireUser("/settings/profile");
  const confirmation = formText(formData, "confirmation");
  if (confirmation.trim().toLowerCase() !== user.email) {
    return { values: { confirmation }, fieldErrors: { confirmation: `Type ${user.email} to confirm` } };
  }
  await deleteUser(user.id);
  await signOut({ redirect: false });
  redirect("/");
}
