"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextLink } from "@/components/ui/text-link";

type Delivery = "sending" | "delivered" | "unreachable";

type TerminalHandOverProps = {
  /** The client's loopback redirect URI with the device code. */
  callback: string;
  decision: "approved" | "denied";
  /** The code as the terminal shows it, XXXX-XXXX. */
  userCode: string;
};

/**
 * Tells the terminal the decision by requesting its loopback callback from this page instead of
 * sending the browser there: when nothing listens (decided on a phone, terminal closed), the
 * user stays here and reads what to do rather than the browser's connection error. `no-cors` is
 * enough: the terminal needs only the request, and any answer at all means it was reached.
 */
export function TerminalHandOver({ callback, decision, userCode }: TerminalHandOverProps) {
  const [delivery, setDelivery] = useState<Delivery>("sending");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    fetch(callback, { mode: "no-cors", credentials: "omit", cache: "no-store" }).then(
      () => current && setDelivery("delivered"),
      () => current && setDelivery("unreachable"),
    );
    return () => {
      current = false;
    };
  }, [callback, attempt]);

  function tryAgain() {
    setDelivery("sending");
    setAttempt((count) => count + 1);
  }

  return (
    <div className="mt-4 space-y-3">
      <p role="status" className="font-medium text-pretty">
        {delivery === "sending" && "Telling your terminal…"}
        {delivery === "delivered" && "Your terminal has been told. You can close this tab."}
        {delivery === "unreachable" && "This browser could not reach your terminal."}
      </p>
      {delivery === "unreachable" && (
        <>
          <div className="space-y-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
            <p>
              That is expected if you decided on another device, such as a phone, or if the terminal has stopped waiting.{" "}
              {decision === "approved" ? "If it is still waiting, either:" : "If it is still waiting, stop it with Ctrl+C."}
            </p>
            {decision === "approved" && (
              <ul className="list-disc space-y-1 pl-5">
                <li>
                  on the computer where it runs, open Connect a device (/device) and enter the code{" "}
                  <code className="font-mono font-semibold text-zinc-900 dark:text-zinc-100">{userCode}</code> again: that page tells it;
                </li>
                <li>or stop it (Ctrl+C) and sign in again.</li>
              </ul>
            )}
          </div>
          <p className="text-sm text-pretty text-zinc-600 dark:text-zinc-400">
            If this browser blocks pages from reaching your computer,{" "}
            <TextLink href={callback} target="_blank" rel="noreferrer">
              open your terminal’s address in a new tab
            </TextLink>{" "}
            instead.
          </p>
          <Button variant="secondary" onClick={tryAgain}>
            Try again
          </Button>
        </>
      )}
    </div>
  );
}
