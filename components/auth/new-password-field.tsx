"use client";

import { useRef, useState, type ChangeEvent } from "react";
import { TextField } from "@/components/ui/field";
import type { PasswordStrength } from "@/lib/auth/password-strength";

const strengthWords = ["Very weak", "Weak", "Fair", "Strong", "Very strong"];
const requirement = "At least 10 characters, hard to guess: several uncommon words work well.";

/**
 * A field for a new password that says how strong it is as one types (the server decides,
 * lib/users/schemas.ts). The checker and its dictionary load on the first keystroke, so that
 * pages without this field never fetch them.
 */
export function NewPasswordField({ error }: { error?: string }) {
  const [strength, setStrength] = useState<PasswordStrength>();
  const latest = useRef("");

  async function judge(event: ChangeEvent<HTMLInputElement>) {
    const password = event.target.value;
    latest.current = password;
    const { passwordStrength } = await import("@/lib/auth/password-strength");
    // A slower first load must not overwrite the verdict on what was typed since.
    if (latest.current === password) setStrength(password ? passwordStrength(password) : undefined);
  }

  return (
    <TextField
      label="Password"
      name="password"
      type="password"
      autoComplete="new-password"
      required
      minLength={10}
      onChange={judge}
      error={error}
      hint={
        <span aria-live="polite" data-testid="password-strength">
          {strength ? (
            <>
              <span className="font-medium">
                {strengthWords[strength.score]}
                {strength.acceptable ? "." : ": not accepted."}
              </span>{" "}
              {strength.advice.join(" ") || requirement}
            </>
          ) : (
            requirement
          )}
        </span>
      }
    />
  );
}
