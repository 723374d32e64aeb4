"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyOutcome, useCopy } from "@/components/ui/copy";
import { controlClassName } from "@/components/ui/field";
import { CodeBlock } from "@/components/docs/code-block";
import { mcpClientSetup } from "@/lib/mcp/client-setup";

/** The value of a key just created: shown this once, selected and ready to copy, with the setup of MCP clients that use it. */
export function NewApiKey({ name, apiKey, origin }: { name: string; apiKey: string; origin: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { copyStatus, copy } = useCopy(() => inputRef.current?.select());

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  return (
    <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 sm:p-5 dark:border-emerald-800 dark:bg-emerald-950/60">
      <p className="font-semibold text-emerald-900 dark:text-emerald-100">Key “{name}” created</p>
      <p className="mt-1 text-sm font-medium text-emerald-900 dark:text-emerald-200">Copy this key now. It will not be shown again.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          readOnly
          value={apiKey}
          data-testid="new-api-key"
          aria-label={`API key ${name}`}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className={`${controlClassName} font-mono`}
        />
        <Button variant="secondary" onClick={() => copy(apiKey)} className="sm:w-24">
          {copyStatus === "copied" ? "Copied" : "Copy"}
        </Button>
      </div>
      <CopyOutcome copyStatus={copyStatus} selected="The key" className="mt-2 text-sm text-emerald-900 dark:text-emerald-200" />
      <McpSetup origin={origin} apiKey={apiKey} />
    </div>
  );
}

/** How to give an AI agent this key: Worklog's MCP server, set up in one paste. */
function McpSetup({ origin, apiKey }: { origin: string; apiKey: string }) {
  const setup = mcpClientSetup(origin, apiKey);
  return (
    <section aria-labelledby="mcp-setup-heading" className="mt-5 space-y-3 border-t border-emerald-300 pt-4 dark:border-emerald-800">
      <h4 id="mcp-setup-heading" className="font-semibold text-emerald-900 dark:text-emerald-100">
        Use it from an AI agent
      </h4>
      <p className="text-sm text-pretty text-emerald-900 dark:text-emerald-200">
        Worklog&apos;s MCP server lets coding agents log work, search your worklog and write recaps, with this key&apos;s scopes. Entries they write are marked
        “AI agent”.
      </p>
      <CodeBlock label="Claude Code">{setup.claudeCode}</CodeBlock>
      <CodeBlock label="Cursor, Windsurf and other editors (mcpServers JSON)">{setup.editorJson}</CodeBlock>
    </section>
  );
}
