"use client";

import { useState } from "react";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";

type TypedConfirmationProps = {
  /** What to type, shown in the label. */
  expected: string;
  /** Whether the typed text confirms (e.g. without regard to case); the button waits for it. */
  confirms: (typed: string) => boolean;
  error?: string;
  /** The destructive button's text, e.g. "Delete account". */
  submitLabel: string;
};

/** The field `confirmation` of a destructive form, and its button, enabled once what is asked has been typed (the server checks it again). */
export function TypedConfirmation({ expected, confirms, error, submitLabel }: TypedConfirmationProps) {
  const [confirmation, setConfirmation] = useState("");
  return (
    <>
      <TextField
        label={
          <>
            Type <span className="font-mono break-words">{expected}</span> to confirm
          </>
        }
        name="confirmation"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={error}
      />
      <SubmitButton variant="danger" disabled={!confirms(confirmation)} pendingLabel="Deleting…">
        {submitLabel}
      </SubmitButton>
    </>
  );
}
